export { llmRoutes } from './llm.routes';
export { PromptEnhancementService } from './prompt-enhancement.service';
