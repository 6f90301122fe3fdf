export { createGenerations, type Generations, type GenerationsDeps } from './create-generations';
export { generationsRoutes } from './generations.routes';
export {
  GenerationsService,
  SESSION_NOT_FOUND,
  type Generation,
  type StartRequest,
} from './generations.service';
export {
  defineGenerationKind,
  narratedRenderMessages,
  renderJobName,
  type GenerationKind,
  type GenerationStep,
  type RenderContext,
} from './generation-kind';
export { generationNotices } from './generation-outcomes';
export { decideOnFailure, VideoInputError } from './job-failure';
export { ProgressThrottle } from './progress-throttle';
export { readRenderInput } from './render-input';
export { renderJobPolicy } from './render-job-policy';
export { videoTitleFromPrompt } from './video-title';
