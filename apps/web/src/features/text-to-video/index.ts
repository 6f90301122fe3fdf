export { TextToVideoPage } from './text-to-video-page';
