export { proxyRoutes } from './proxy.routes';
export { VideoProxyService, proxyMessages } from './video-proxy.service';
export { StoredObjectAddresses } from './stored-object-address';
