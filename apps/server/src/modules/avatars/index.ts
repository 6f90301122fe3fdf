export { avatarsRoutes } from './avatars.routes';
export { AvatarsService } from './avatars.service';
export { createAvatarsService } from './create-avatars';
export { presenterKind, type PresenterKind } from './presenter.kind';
