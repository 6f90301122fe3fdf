// AI Studio (server module `studio`): the multi-step studio at /studio.
export { StudioPage } from './studio-page';
