// Avatars (server module `avatars`): the /avatars screen, and the studio's avatar mode, which the app
// hands to the studio (app/studio-screen.tsx).
export { AvatarsPage } from './avatars-page';
export { AvatarStudio, type UploadReferencePhotos } from './avatar-studio';
