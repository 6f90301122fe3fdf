export { createVideoJobOutcomes, renderJobPolicy, RENDER_RETRY_LIMIT } from './create-video-job-outcomes';
export { VideoJobOutcomes, videoJobNotices, type VideoJobRef } from './video-job-outcomes';
export { decideOnFailure, VideoInputError, type FailureDecision } from './job-failure';
export { ProgressThrottle, type ProgressWriter } from './progress-throttle';
export { videoTitleFromPrompt } from './video-title';
