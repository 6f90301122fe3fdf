export { ImageToVideoPage } from './image-to-video-page';
export type { CreationParts, ImageUploads } from './creation-parts';
