export { promptEnhancementRoutes } from './prompt-enhancement.routes';
export { PromptEnhancementService } from './prompt-enhancement.service';
