export { ImageToVideoPage } from './image-to-video-page';
