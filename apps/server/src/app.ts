import crypto from 'node:crypto';
import cors from '@fastify/cors';
import helmet from 'helmet';
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
import { authRoutes } from './modules/auth';
import { chatRoutes } from './modules/chat';
import { feedbackRoutes } from './modules/feedback';
import { generationsRoutes } from './modules/generations';
import { healthRoutes } from './modules/health/health.routes';
import { imageEnhancementRoutes } from './modules/image-enhancement';
import { imageToVideoRoutes } from './modules/image-to-video';
import { libraryRoutes } from './modules/library';
import { notificationsRoutes } from './modules/notifications';
import { onboardingRoutes } from './modules/onboarding';
import { paymentsRoutes } from './modules/payments';
import { promptEnhancementRoutes } from './modules/prompt-enhancement';
import { proxyRoutes } from './modules/proxy';
import { studioRoutes } from './modules/studio';
import { subscriptionsRoutes } from './modules/subscriptions';
import { textToVideoRoutes } from './modules/text-to-video';
import { storyboardsRoutes } from './modules/storyboards';
import { uploadsRoutes } from './modules/uploads';
import { usersRoutes } from './modules/users';
import { vendorWebhooksRoutes } from './modules/vendor-webhooks';
import { videosRoutes } from './modules/videos';
import { voicesRoutes } from './modules/voices';
import { avatarsRoutes } from './modules/avatars';
import { slidesRoutes } from './modules/slides-to-video';
import { defaultWebDistDir } from './platform/paths';
import type { Platform } from './platform/platform';
import { registerErrorHandler } from './platform/http/error-handler';
import { registerCall } from './platform/http/register-call';
import type { RouteContext } from './platform/http/route-context';
import { inlineScriptHashes, webApp } from './platform/http/web-app';
import { SessionWatch } from './platform/realtime/session-watch';
import { wsGateway } from './platform/realtime/ws-gateway';
import { localStorageRoutes } from './platform/storage/local-storage-routes';
import { APP_VERSION } from './platform/version';
import type { Services } from './services';

// Uploads are streamed; this bounds one JSON or form body.
const BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * Builds the HTTP side of one process: infrastructure plugins first (errors, security, parsers,
 * OpenAPI, sockets, storage), then the feature modules, each given the services it uses, then the
 * web app and its fallback.
 */
export async function buildApp(platform: Platform, services: Services): Promise<FastifyInstance> {
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
  // Built once: @fastify/helmet builds helmet's middleware again (re-parsing the policy) on every
  // request, a few percent of a cheap read's time (issue 20).
  const securityHeaders = helmet({
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
    // HSTS over plain HTTP means nothing and pins a local install to HTTPS it may not have: it is
    // sent below, only on answers to HTTPS requests (direct, or through a trusted proxy).
    strictTransportSecurity: false,
  });
  // helmet 8 throws instead of passing an error on.
  app.addHook('onRequest', (request, reply, done) => securityHeaders(request.raw, reply.raw, () => done()));
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https') {
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    }
    // An answer to a signed-in request carries the user's own data: no cache may keep it.
    if (request.headers.authorization && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
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

  const { authenticate } = services;
  // The socket and the event streams live no longer than the session that opened them.
  const sessions = new SessionWatch({
    bus: platform.bus,
    authenticate: async (token) => {
      const user = await authenticate(token);
      if (!user) return null;
      const { expiresAt } = await platform.tokens.verify(token);
      return { userId: user.id, expiresAt: expiresAt * 1000 };
    },
  });
  app.addHook('onClose', async () => sessions.close());
  const http: RouteContext = {
    authenticate,
    sessions,
    userLimits: services.userLimits,
    registerCall: (instance, call, handler) => registerCall(instance, authenticate, call, handler),
  };

  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  await app.register(wsGateway, { bus: platform.bus, sessions });
  if (config.storage.driver === 'local') {
    await app.register(localStorageRoutes, { storage: platform.storage });
  }

  await app.register(healthRoutes, {
    ...http,
    database: platform.database,
    queue: platform.queue,
    diskSpace: platform.diskSpace,
  });
  await app.register(authRoutes, {
    ...http,
    auth: services.auth,
    googleSignIn: services.googleSignIn,
    users: services.users,
    publicUrl: config.publicUrl,
  });
  await app.register(usersRoutes, { ...http, users: services.users });
  await app.register(onboardingRoutes, { ...http, onboarding: services.onboarding });
  await app.register(notificationsRoutes, { ...http, notifications: services.notifications });
  await app.register(feedbackRoutes, { ...http, feedback: services.feedback });
  await app.register(videosRoutes, { ...http, videos: services.videos });
  await app.register(libraryRoutes, { ...http, library: services.library });
  await app.register(subscriptionsRoutes, {
    ...http,
    quota: services.quota,
    subscriptions: services.subscriptions,
    storage: services.storageAllowance,
  });
  await app.register(paymentsRoutes, { ...http, payments: services.payments });
  await app.register(uploadsRoutes, { ...http, uploads: services.uploads });
  await app.register(imageEnhancementRoutes, { ...http, imageEnhancement: services.imageEnhancement });
  await app.register(promptEnhancementRoutes, { ...http, promptEnhancement: services.promptEnhancement });
  await app.register(generationsRoutes, { ...http, generations: services.generations });
  await app.register(textToVideoRoutes, { ...http, textToVideo: services.textToVideo });
  await app.register(storyboardsRoutes, { ...http, storyboards: services.storyboards });
  await app.register(chatRoutes, { ...http, chat: services.chat });
  await app.register(imageToVideoRoutes, { ...http, imageToVideo: services.imageToVideo });
  await app.register(studioRoutes, { ...http, studio: services.studio, studioEvents: services.studioEvents });
  await app.register(voicesRoutes, { ...http, voices: services.voices });
  await app.register(avatarsRoutes, { ...http, avatars: services.avatars });
  await app.register(slidesRoutes, { ...http, slides: services.slides });
  await app.register(proxyRoutes, { ...http, videoProxy: services.videoProxy });
  await app.register(vendorWebhooksRoutes, {
    sync: config.media.cloud.sync,
    vendorNews: platform.vendorNews,
    logger: platform.logger.child({ component: 'vendor-webhooks' }),
  });

  await app.register(webApp, { webDistDir });
  return app;
}
