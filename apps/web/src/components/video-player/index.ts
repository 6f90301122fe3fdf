export { VideoPlayer, type PlayerState } from './video-player';
export { VideoViewer, isPlayable, unavailableText } from './video-viewer';
export { downloadUrl, useVideoDownload, videoFileName } from './download-video';
export { mediaErrorMessage } from './media-error';
