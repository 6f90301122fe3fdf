export { storyboardKind, type StoryboardKind } from './storyboard.kind';
export {
  StoryboardsService,
  StoryboardConflictError,
  FREE_RERENDERS_PER_STORYBOARD,
} from './storyboards.service';
export { StoryboardsRepository } from './storyboards.repository';
export { storyboardsRoutes } from './storyboards.routes';
