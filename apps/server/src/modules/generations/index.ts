export { createGenerations, type GenerationsDeps } from './create-generations';
export { generationsRoutes } from './generations.routes';
export {
  GenerationsService,
  SESSION_NOT_FOUND,
  type Generation,
  type StartRequest,
} from './generations.service';
export {
  defineGenerationKind,
  type GenerationKind,
  type GenerationStep,
  type RenderContext,
} from './generation-kind';
export { generationNotices } from './generation-outcomes';
export { VideoInputError } from './job-failure';
export { videoTitleFromPrompt } from './video-title';
