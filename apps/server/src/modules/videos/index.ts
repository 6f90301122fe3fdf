export { videosRoutes } from './videos.routes';
export { createVideosService } from './create-videos-service';
export {
  VIDEO_NOT_FOUND,
  VideosService,
  type CompletedVideoMedia,
  type LatestVideosQuery,
  type NewVideoInput,
} from './videos.service';
export { videoDownloadName } from './video-download-name';
export type { VideoRow } from './videos.schema';
