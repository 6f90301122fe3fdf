export { imageToVideoRoutes } from './image-to-video.routes';
export { imageToVideoJobs, IMAGE_TO_VIDEO_RENDER_JOB } from './image-video-render.job';
export { createImageToVideoService } from './create-image-to-video-service';
export { ImageToVideoService, SESSION_NOT_FOUND } from './image-to-video.service';
export { imageVideoSessions, type ImageVideoSessionRow } from './image-to-video.schema';
