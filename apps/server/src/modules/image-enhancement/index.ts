export { imageEnhancementRoutes } from './image-enhancement.routes';
export { ImageEnhancementService } from './image-enhancement.service';
