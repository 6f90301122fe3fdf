export { authRoutes } from './auth.routes';
export { createAuthServices, type AuthServices } from './create-auth-services';
export { systemClock, type Clock } from './clock';
