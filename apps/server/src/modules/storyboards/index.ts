export {
  storyboardRenderInputSchema,
  type StoryboardKind,
  type StoryboardRendering,
  type StoryboardRenderInput,
} from './storyboard.kind';
export {
  StoryboardsService,
  StoryboardConflictError,
  FREE_RERENDERS_PER_STORYBOARD,
} from './storyboards.service';
export { createStoryboards } from './create-storyboards';
export { storyboardsRoutes } from './storyboards.routes';
