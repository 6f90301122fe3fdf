export { studioRoutes } from './studio.routes';
export { createStudio, type StudioDeps } from './create-studio';
export { studioKind, type StudioKind } from './studio.kind';
export { StudioService } from './studio.service';
export type { StudioEventLog } from './studio-events';
