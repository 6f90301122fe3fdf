export { VideoPlayer, CAPTIONS_ON_STORAGE_KEY, type PlayerState } from './video-player';
export { VideoViewer, isPlayable, unavailableText } from './video-viewer';
export { downloadUrl, useVideoDownload, videoFileName } from './download-video';
export { mediaErrorMessage } from './media-error';
export {
  CaptionDownloadButtons,
  fetchVideoCaptions,
  useVideoCaptionsUrl,
  type CaptionsFormat,
} from './captions';
