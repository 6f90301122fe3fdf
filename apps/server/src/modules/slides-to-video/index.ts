export { createSlides } from './create-slides';
export { slidesKind, type SlidesKind } from './slides.kind';
export { slidesRoutes } from './slides.routes';
export { SlidesService } from './slides.service';
