export { textToVideoRoutes } from './text-to-video.routes';
export { textToVideoKind } from './text-to-video.kind';
export { TextToVideoService } from './text-to-video.service';
