export { authRoutes } from './auth.routes';
export { createBearerAuthenticator } from './bearer-authenticator';
