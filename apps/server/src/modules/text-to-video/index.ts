export { textToVideoRoutes } from './text-to-video.routes';
export { textToVideoJobs, TEXT_TO_VIDEO_RENDER_JOB } from './text-video-render.job';
export { createTextToVideoService } from './create-text-to-video-service';
export { TextToVideoService, SESSION_NOT_FOUND } from './text-to-video.service';
export { textVideoSessions, type TextVideoSessionRow } from './text-to-video.schema';
