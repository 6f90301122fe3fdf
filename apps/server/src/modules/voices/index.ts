export { createVoicesService } from './create-voices';
export { voicesRoutes } from './voices.routes';
export { VoicesService, type SpeakRequest } from './voices.service';
