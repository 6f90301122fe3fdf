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
  renderJobName,
  type GenerationKind,
  type GenerationStep,
  type RenderContext,
} from './generation-kind';
export { generationNotices } from './generation-outcomes';
export { decideOnFailure, VideoInputError } from './job-failure';
export { ProgressThrottle } from './progress-throttle';
export { renderJobPolicy } from './render-job-policy';
export { videoTitleFromPrompt } from './video-title';
