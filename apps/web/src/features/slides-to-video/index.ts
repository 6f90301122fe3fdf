// Slides to video (server module `slides-to-video`): the /ppt-to-video screen.
export { SlidesToVideoPage } from './slides-to-video-page';
