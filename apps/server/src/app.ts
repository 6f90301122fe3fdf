import crypto from 'node:crypto';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { API_BASE_PATH } from '@reelcraft/contract';
import { authRoutes, createBearerAuthenticator } from './modules/auth';
import { healthRoutes } from './modules/health/health.routes';
import { imageToVideoRoutes } from './modules/image-to-video';
import { libraryRoutes } from './modules/library';
import { llmRoutes } from './modules/llm';
import { feedbackRoutes } from './modules/feedback';
import { notificationsRoutes } from './modules/notifications';
import { onboardingRoutes } from './modules/onboarding';
import { paymentsRoutes } from './modules/payments';
import { vendorWebhooksRoutes } from './modules/vendor-webhooks';
import { productVideosRoutes } from './modules/product-videos';
import { proxyRoutes } from './modules/proxy';
import { subscriptionsRoutes } from './modules/subscriptions';
import { textToVideoRoutes } from './modules/text-to-video';
import { uploadsRoutes } from './modules/uploads';
import { videosRoutes } from './modules/videos';
import type { ModuleContext } from './platform/module-context';
import { UsersRepository, usersRoutes } from './modules/users';
import { defaultWebDistDir } from './platform/paths';
import type { Platform } from './platform/platform';
import { registerErrorHandler } from './platform/http/error-handler';
import { registerCall } from './platform/http/register-call';
import { inlineScriptHashes, webApp } from './platform/http/web-app';
import { wsGateway } from './platform/realtime/ws-gateway';
import { localStorageRoutes } from './platform/storage/local-storage-routes';
import { APP_VERSION } from './platform/version';

// Uploads are streamed; this bounds one JSON or form body.
const BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * Builds the HTTP side of one process: infrastructure plugins first (errors, security, parsers,
 * OpenAPI, sockets, storage), then the feature modules, then the web app and its fallback.
 */
export async function buildApp(platform: Platform): Promise<FastifyInstance> {
  const { config } = platform;
  const app = Fastify({
    loggerInstance: platform.logger as FastifyBaseLogger,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : crypto.randomUUID();
    },
    bodyLimit: BODY_LIMIT_BYTES,
    // The spec writes some calls with a trailing slash (`POST /notifications/`): serve both forms.
    routerOptions: { ignoreTrailingSlash: true },
    // Only behind a proxy: otherwise a client could choose its own address (login limits count by it).
    trustProxy: config.trustProxy,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('user', null);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  registerErrorHandler(app);

  // The OAuth2 password login is form-encoded (spec 000 section 7).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

  const webDistDir = config.webDistDir ?? defaultWebDistDir();
  const s3Origin = config.storage.s3?.publicEndpoint ?? config.storage.s3?.endpoint;
  const mediaSources = ["'self'", 'blob:', 'data:', ...(s3Origin ? [new URL(s3Origin).origin] : [])];
  if (config.storage.driver === 's3' && !s3Origin) mediaSources.push('https://*.amazonaws.com');
  // The configured payment providers' browser scripts (PayPal buttons, Stripe pricing table) and
  // their frames; nothing of theirs is allowed when they are not configured.
  const paymentScriptOrigins = [
    ...(config.billing.paypal ? ['https://*.paypal.com', 'https://*.paypalobjects.com'] : []),
    ...(config.billing.stripe.pricingTable ? ['https://js.stripe.com'] : []),
  ];
  const paymentFrameOrigins = [
    ...(config.billing.paypal ? ['https://*.paypal.com'] : []),
    ...(config.billing.stripe.pricingTable ? ['https://js.stripe.com', 'https://*.stripe.com'] : []),
  ];
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...inlineScriptHashes(webDistDir), ...paymentScriptOrigins],
        frameSrc: paymentFrameOrigins.length > 0 ? paymentFrameOrigins : ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: [...mediaSources, ...paymentScriptOrigins],
        mediaSrc: mediaSources,
        connectSrc: [
          "'self'",
          'ws:',
          'wss:',
          ...(s3Origin ? [new URL(s3Origin).origin] : []),
          ...paymentScriptOrigins,
        ],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    // Signed media URLs are loaded by <video> from the same origin; keep the default policy otherwise.
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
  await app.register(cors, {
    origin: config.corsOrigins.length > 0 ? config.corsOrigins : false,
    credentials: true,
  });
  await app.register(multipart, { limits: { fileSize: 25 * 1024 * 1024, files: 20, fields: 50 } });

  await app.register(swagger, {
    openapi: {
      info: { title: 'ReelCraft API', version: APP_VERSION },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: `${API_BASE_PATH}/docs`, staticCSP: true });

  const authenticate = createBearerAuthenticator(platform.tokens, new UsersRepository(platform.database.orm));
  const context: ModuleContext = {
    platform,
    authenticate,
    registerCall: (instance, call, handler) => registerCall(instance, authenticate, call, handler),
  };

  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  await app.register(wsGateway, {
    bus: platform.bus,
    authenticate: async (token) => {
      const user = await authenticate(token);
      return user ? { userId: user.id } : null;
    },
  });
  if (config.storage.driver === 'local') {
    await app.register(localStorageRoutes, { storage: platform.storage });
  }

  await app.register(healthRoutes, context);
  await app.register(authRoutes, context);
  await app.register(usersRoutes, context);
  await app.register(onboardingRoutes, context);
  await app.register(notificationsRoutes, context);
  await app.register(feedbackRoutes, context);
  await app.register(videosRoutes, context);
  await app.register(libraryRoutes, context);
  await app.register(subscriptionsRoutes, context);
  await app.register(paymentsRoutes, context);
  await app.register(uploadsRoutes, context);
  await app.register(productVideosRoutes, context);
  await app.register(llmRoutes, context);
  await app.register(textToVideoRoutes, context);
  await app.register(imageToVideoRoutes, context);
  await app.register(proxyRoutes, context);
  await app.register(vendorWebhooksRoutes, context);

  await app.register(webApp, { webDistDir });
  return app;
}
