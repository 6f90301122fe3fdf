export { voicesRoutes } from './voices.routes';
export { VoicesService } from './voices.service';
