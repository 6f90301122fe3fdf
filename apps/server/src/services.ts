import path from 'node:path';
import type { Logger } from 'pino';
import type { AppConfig } from './config';
import { createAuthServices, type AuthServices, type Clock as AuthClock } from './modules/auth';
import { createChatService, type ChatService } from './modules/chat';
import { createFeedbackService, type FeedbackService } from './modules/feedback';
import { createGenerations, type GenerationsService } from './modules/generations';
import { ImageEnhancementService } from './modules/image-enhancement';
import { ImageToVideoService, imageToVideoKind } from './modules/image-to-video';
import { createLibraryService, type LibraryService } from './modules/library';
import { createNotificationsService, type NotificationsService } from './modules/notifications';
import { createOnboardingService, type OnboardingService } from './modules/onboarding';
import { createPaymentServices, type PaymentServices } from './modules/payments';
import { PromptEnhancementService } from './modules/prompt-enhancement';
import { StoredObjectAddresses, VideoProxyService } from './modules/proxy';
import {
  createSubscriptionServices,
  StorageAllowance,
  type Clock as QuotaClock,
  type QuotaService,
  type SubscriptionsService,
} from './modules/subscriptions';
import { createStudio, studioKind, type StudioEventLog, type StudioService } from './modules/studio';
import { TextToVideoService, textToVideoKind } from './modules/text-to-video';
import { createStoryboards, type StoryboardsService } from './modules/storyboards';
import { UploadsService } from './modules/uploads';
import { createUsersService, type UsersService } from './modules/users';
import { createVideosService, type VideosService } from './modules/videos';
import { createVoicesService, type VoicesService } from './modules/voices';
import { createAvatarsService, presenterKind, type AvatarsService } from './modules/avatars';
import { createSlides, slidesKind, type SlidesService } from './modules/slides-to-video';
import { prepareWorkFolder } from './platform/work-folder';
import { createPlatform, type Platform } from './platform/platform';
import { UserLimits } from './platform/rate-limit/user-limits';
import type { JobDefinition } from './platform/queue/job-registry';
import { createConfiguredProviders, type Providers } from './providers';

/** Every service of the product, each built once per process (here, and nowhere else). */
export interface Services extends AuthServices {
  users: UsersService;
  onboarding: OnboardingService;
  notifications: NotificationsService;
  feedback: FeedbackService;
  videos: VideosService;
  library: LibraryService;
  uploads: UploadsService;
  quota: QuotaService;
  subscriptions: SubscriptionsService;
  payments: PaymentServices;
  promptEnhancement: PromptEnhancementService;
  imageEnhancement: ImageEnhancementService;
  generations: GenerationsService;
  textToVideo: TextToVideoService;
  storyboards: StoryboardsService;
  chat: ChatService;
  imageToVideo: ImageToVideoService;
  studio: StudioService;
  studioEvents: StudioEventLog;
  voices: VoicesService;
  avatars: AvatarsService;
  slides: SlidesService;
  videoProxy: VideoProxyService;
  /** The plan's storage allowance: usage, and the check before an upload (docs/decisions/033). */
  storageAllowance: StorageAllowance;
  /** Per-user limits of the calls that fill storage or the database, with the allowance's check. */
  userLimits: UserLimits;
}

/** Why the renders of a deleted account ended (kept on its video and steps). */
const ACCOUNT_DELETED_REASON = 'Cancelled: the account was deleted.';

/** Clocks that tests may move instead of waiting. */
export interface ServiceClocks {
  loginThrottle?: AuthClock;
  quota?: QuotaClock;
}

/**
 * The composition root: builds every service once from the platform and the providers, hands each
 * the named services it uses, and answers the job kinds their handlers run. Dependencies point one
 * way: platform <- providers <- modules <- here.
 */
export function createServices(
  platform: Platform,
  providers: Providers,
  clocks: ServiceClocks = {},
): { services: Services; jobs: JobDefinition[]; syncPlans: () => Promise<void> } {
  const { config, database, storage, bus, logger } = platform;
  const { orm } = database;
  const signedUrlTtlSeconds = config.storage.signedUrlTtlSeconds;

  const storedObjects = new StoredObjectAddresses(storage, config.publicUrl);
  const uploads = new UploadsService(storage, signedUrlTtlSeconds);
  const users = createUsersService({
    orm,
    bus,
    // A profile picture is one of the user's own uploaded images (issue 37).
    pictures: {
      keyOf: (address) => storedObjects.keyOf(address),
      findOwnImage: (userId, uri) => uploads.findOwnImage(userId, uri),
      storage,
      signedUrlTtlSeconds,
    },
  });
  const notifications = createNotificationsService({
    orm,
    bus,
    logger: logger.child({ component: 'notifications' }),
  });
  const { quota, subscriptions, syncPlans } = createSubscriptionServices({
    orm,
    bus,
    logger: logger.child({ component: 'subscriptions' }),
    config,
    notifier: { notify: async (userId, notice) => void (await notifications.create(userId, notice)) },
    accounts: users,
    ...(clocks.quota ? { clock: clocks.quota } : {}),
  });
  const videos = createVideosService({ orm, storage, signedUrlTtlSeconds });
  const library = createLibraryService({ orm, storage, signedUrlTtlSeconds });
  const voices = createVoicesService({
    orm,
    speech: providers.speech,
    storage,
    uploads,
    tools: providers.mediaTools,
    workDir: config.media.workDir,
    signedUrlTtlSeconds,
    logger: logger.child({ component: 'voices' }),
  });

  const textKind = textToVideoKind(providers.video);
  const storyboardParts = createStoryboards({
    orm,
    video: providers.video,
    storage,
    voices,
    lipSync: providers.lipSync,
    ...(config.media.workDir ? { workDir: config.media.workDir } : {}),
  });
  const storyboardRender = storyboardParts.kind;
  const imageKind = imageToVideoKind(providers.video, storage, storyboardParts.rendering);
  const aiStudioKind = studioKind();
  const slidesVideo = slidesKind({ storyboards: storyboardParts.rendering });
  // Presenter videos are storyboards with every video provider (Veo's renders them offline too).
  const presenter = presenterKind({ storage, storyboards: storyboardParts.rendering });
  const generations = createGenerations({
    config,
    database,
    queue: platform.queue,
    bus,
    storage,
    videos,
    quota,
    notifications,
    kinds: [textKind, storyboardRender, imageKind, aiStudioKind, presenter, slidesVideo],
    logger,
  });
  const storyboards = storyboardParts.service({
    generations: generations.service,
    videos,
    voices,
    uploads,
    keyOf: (address) => storedObjects.keyOf(address),
    storage,
    text: providers.text,
    findTextVideoInput: async (userId, videoId) => {
      const made = await generations.service.madeBy(userId, videoId);
      if (made?.kind !== textKind.name) return null;
      const input = textKind.input.safeParse(made.input);
      return input.success ? input.data : null;
    },
  });
  // Text videos and slides write a storyboard with every video provider (issue 31: with Veo, each
  // scene with a scene prompt is one generation; a slide has none and is shown as it is). Image
  // videos and the studio write one offline; a cloud provider gets their input as is.
  const offlineStoryboards = providers.video.kind === 'local' ? storyboards : undefined;
  const textToVideo = new TextToVideoService(generations.service, textKind, {
    service: storyboards,
    kind: storyboardRender,
  });
  const studio = createStudio({
    config,
    database,
    queue: platform.queue,
    bus,
    storage,
    providers,
    voices,
    generations,
    kind: aiStudioKind,
    videos,
    uploads,
    notifications,
    ...(offlineStoryboards
      ? { storyboards: { service: offlineStoryboards, rendering: storyboardParts.rendering } }
      : {}),
    logger: logger.child({ component: 'studio' }),
  });

  // A deleted account's renders stop: its generations fail and their jobs are cancelled everywhere.
  users.onAccountDeleted(async (userId) => {
    await generations.service.cancelAllOf(userId, ACCOUNT_DELETED_REASON);
    await studio.service.cancelAllOf(userId, ACCOUNT_DELETED_REASON);
  });

  const slides = createSlides({
    database,
    queue: platform.queue,
    storage,
    uploads,
    voices,
    storyboards,
    generations: generations.service,
    kind: slidesVideo,
    text: providers.text,
    workDir: config.media.workDir,
    signedUrlTtlSeconds,
    toolPaths: {
      ...(config.media.sofficePath ? { sofficePath: config.media.sofficePath } : {}),
      ...(config.media.popplerBinDir ? { popplerBinDir: config.media.popplerBinDir } : {}),
    },
    logger: logger.child({ component: 'slides' }),
  });

  // What a user keeps stored, summed over the modules that own stored files (docs/decisions/033).
  const storageAllowance = new StorageAllowance({
    quota,
    plans: subscriptions,
    storedBytes: async (userId) => {
      const owners = [videos, library, voices, slides.service, services.avatars, storyboards];
      const parts = await Promise.all(owners.map((owner) => owner.storedBytes(userId)));
      return parts.reduce((sum, part) => sum + part, 0);
    },
  });

  const services: Services = {
    ...createAuthServices({
      config,
      orm,
      rateLimiter: platform.rateLimiter,
      tokens: platform.tokens,
      mailer: platform.mailer,
      users,
      logger: logger.child({ component: 'auth' }),
      ...(clocks.loginThrottle ? { throttleClock: clocks.loginThrottle } : {}),
    }),
    users,
    onboarding: createOnboardingService({ orm, users }),
    notifications,
    feedback: createFeedbackService({
      orm,
      rateLimiter: platform.rateLimiter,
      limit: {
        limit: config.floodLimits.feedbackPerAddress,
        windowSeconds: config.floodLimits.windowSeconds,
      },
    }),
    videos,
    library,
    uploads,
    quota,
    subscriptions,
    payments: createPaymentServices({
      orm,
      config,
      logger: logger.child({ component: 'payments' }),
      subscriptions,
    }),
    promptEnhancement: new PromptEnhancementService(providers.text),
    imageEnhancement: new ImageEnhancementService(uploads, providers.imageEnhancement, library),
    generations: generations.service,
    textToVideo,
    storyboards,
    chat: createChatService({
      database,
      text: providers.text,
      quota,
      subscriptions,
      videos,
      textToVideo,
    }),
    imageToVideo: new ImageToVideoService(
      generations.service,
      imageKind,
      uploads,
      { tools: providers.mediaTools, workDir: config.media.workDir },
      voices,
      offlineStoryboards,
    ),
    studio: studio.service,
    studioEvents: studio.events,
    voices,
    avatars: createAvatarsService({
      orm,
      storage,
      uploads,
      voices,
      generations: generations.service,
      presenter,
      storyboards,
      imageEnhancement: providers.imageEnhancement,
      signedUrlTtlSeconds,
    }),
    slides: slides.service,
    videoProxy: new VideoProxyService(storage, storedObjects, videos),
    storageAllowance,
    userLimits: new UserLimits({
      limiter: platform.rateLimiter,
      limits: config.userLimits,
      assertStorageRoom: (userId, incomingBytes) => storageAllowance.assertRoom(userId, incomingBytes),
    }),
  };
  return { services, jobs: [...generations.jobs, ...studio.jobs, ...slides.jobs], syncPlans };
}

/** One process of the product: its infrastructure, providers and services. */
export interface Product {
  platform: Platform;
  providers: Providers;
  services: Services;
  /** The job kinds registered with the queue. */
  jobs: readonly JobDefinition[];
  /** Stops the queue and closes everything in order; safe to call twice. */
  close(): Promise<void>;
}

export interface OpenProductOptions {
  config: AppConfig;
  logger: Logger;
  /**
   * Providers made elsewhere (tests share one set per file, or fake a vendor); the caller then
   * closes them. Unset: built from the configuration and closed with the product.
   */
  providers?: Providers;
  /** Jobs of tests, queued and worked beside the product's own. */
  extraJobs?: readonly JobDefinition[];
  clocks?: ServiceClocks;
  queuePollingIntervalSeconds?: number;
  /** Tests: the embedded database to start from. */
  pgliteSnapshot?: Blob;
  /** Offline renders in a process of their own, below this one's priority (a server in ROLE=all). */
  renderProcess?: boolean;
}

/**
 * Opens the database (migrated), builds the platform, the providers and every service, registers
 * the job kinds and writes the configured plans. The queue is started by the caller, which knows
 * whether this process works.
 */
export async function openProduct(options: OpenProductOptions): Promise<Product> {
  const { logger } = options;
  // Renders write their temporary files in a folder of this process; a killed one's are removed.
  const workRoot = options.config.media.workDir ?? path.join(options.config.dataDir, 'work');
  const config: AppConfig = {
    ...options.config,
    media: { ...options.config.media, workDir: await prepareWorkFolder(workRoot) },
  };
  const platform = await createPlatform({
    config,
    logger,
    ...(options.queuePollingIntervalSeconds !== undefined
      ? { queuePollingIntervalSeconds: options.queuePollingIntervalSeconds }
      : {}),
    ...(options.pgliteSnapshot ? { pgliteSnapshot: options.pgliteSnapshot } : {}),
  });
  let ownProviders: Providers | undefined;
  try {
    const providers =
      options.providers ??
      (ownProviders = await createConfiguredProviders(config, logger, platform.storage, platform.vendorNews, {
        renderProcess: options.renderProcess ?? false,
      }));
    const { services, jobs, syncPlans } = createServices(platform, providers, options.clocks);
    const allJobs = [...jobs, ...(options.extraJobs ?? [])];
    platform.queue.register(allJobs);
    await syncPlans();
    // Slides to video needs system tools; without them the rest of the product works as ever.
    const slides = await services.slides.capabilities();
    if (slides.message) logger.warn({ missing: slides.missing }, `Slides to video: ${slides.message}`);
    let closing: Promise<void> | undefined;
    return {
      platform,
      providers,
      services,
      jobs: allJobs,
      close() {
        closing ??= (async () => {
          await platform.close();
          await ownProviders?.close();
        })();
        return closing;
      },
    };
  } catch (error) {
    await platform.close();
    await ownProviders?.close();
    throw error;
  }
}
