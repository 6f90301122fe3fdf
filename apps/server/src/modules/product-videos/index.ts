export { productVideosRoutes } from './product-videos.routes';
export { ImageEnhancementService } from './image-enhancement.service';
