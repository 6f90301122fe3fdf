export { proxyRoutes } from './proxy.routes';
export { createVideoProxyService } from './create-video-proxy-service';
export { VideoProxyService, proxyMessages } from './video-proxy.service';
export { StoredObjectAddresses } from './stored-object-address';
