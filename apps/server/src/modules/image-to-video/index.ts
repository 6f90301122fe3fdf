export { imageToVideoRoutes } from './image-to-video.routes';
export { imageToVideoKind } from './image-to-video.kind';
export { ImageToVideoService } from './image-to-video.service';
