// AI Studio (server module `studio`): the multi-step studio at /studio.
export { StudioPage, type StudioModeParts, type StudioModeRenderer } from './studio-page';
