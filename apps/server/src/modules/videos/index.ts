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
export { VideosRepository, type PageWindow, type VideoChanges, type VideoFilter } from './videos.repository';
export { videos, type NewVideoRow, type VideoRow } from './videos.schema';
