export { MyVideosPage } from './my-videos-page';
