import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';
import type { AppConfig } from '../config';
import { resolveJwtSecret, TokenService } from './auth/token-service';
import { openDatabase, type Database } from './db/database';
import {
  createInMemoryVoiceProfileStore,
  createProviders,
  type Providers,
  type UploadForVendor,
} from '../providers';
import { createMailer, type Mailer } from './mail/mailer';
import { JobQueue } from './queue/job-queue';
import type { JobDefinition } from './queue/job-registry';
import { EventBus } from './realtime/event-bus';
import { VendorNews } from './realtime/vendor-news';
import { createStorage, type ObjectStorage } from './storage/create-storage';

/** The infrastructure every module is given: one of each per process. */
export interface Platform {
  config: AppConfig;
  logger: Logger;
  database: Database;
  queue: JobQueue;
  bus: EventBus;
  /** Vendors' webhook notices, for the adapters that poll their jobs. */
  vendorNews: VendorNews;
  storage: ObjectStorage;
  mailer: Mailer;
  tokens: TokenService;
  /** The AI capabilities (video, speech, lip-sync, image enhancement, text), built once at start-up. */
  providers: Providers;
  /** Stops everything in the right order; safe to call twice. */
  close(): Promise<void>;
}

/** What job handlers are built from: everything but the queue that runs them. */
export type JobPlatform = Omit<Platform, 'queue' | 'close'>;

export interface PlatformOptions {
  config: AppConfig;
  logger: Logger;
  /** The job kinds, or a function building them from the platform their handlers use. */
  jobs: readonly JobDefinition[] | ((platform: JobPlatform) => readonly JobDefinition[]);
  /**
   * Providers made elsewhere (tests share one set per file, or fake a vendor); the caller then
   * closes them. Unset: built from the configuration and closed with the platform.
   */
  providers?: Providers;
  /** Overrides for tests, e.g. a faster queue maintenance. */
  queuePollingIntervalSeconds?: number;
}

/** Vendor copies live here until the vendor fetched them (lip-sync sends URLs, not files). */
const VENDOR_UPLOADS_AREA = 'vendor-uploads';

/** Lets a cloud adapter hand a vendor a local file: a temporary object behind a signed URL. */
function uploadForVendor(storage: ObjectStorage): UploadForVendor {
  return async ({ path: filePath, contentType, ttlSeconds }) => {
    const key = `${VENDOR_UPLOADS_AREA}/${crypto.randomUUID()}${path.extname(filePath).replace(/[^.\w]/g, '')}`;
    await storage.put(key, fs.createReadStream(filePath), { contentType });
    return {
      url: await storage.signedUrl(key, { expiresInSeconds: ttlSeconds }),
      remove: () => storage.delete(key),
    };
  };
}

/**
 * The providers chosen by configuration; fails start-up clearly when ffmpeg cannot render or a
 * chosen cloud provider is not configured. `storage` lets cloud adapters share files with vendors.
 */
export async function createConfiguredProviders(
  config: AppConfig,
  logger: Logger,
  storage?: ObjectStorage,
  vendorNews?: VendorNews,
): Promise<Providers> {
  const { media } = config;
  return createProviders({
    video: { kind: media.providers.video },
    speech: { kind: media.providers.speech },
    lipSync: { kind: media.providers.lipSync },
    imageEnhancement: { kind: media.providers.imageEnhancement },
    text: { kind: media.providers.text },
    media: {
      ffmpegPath: media.ffmpegPath,
      ffprobePath: media.ffprobePath,
      fontDir: media.captionFontDir,
      workDir: media.workDir,
      renderTimeoutMs: media.renderTimeoutSeconds * 1000,
      maxParallelRenders: media.maxParallelRenders,
      x264Preset: media.x264Preset,
    },
    cloud: media.cloud,
    ...(storage ? { uploadForVendor: uploadForVendor(storage) } : {}),
    ...(vendorNews ? { vendorNews: vendorNews.subscribe } : {}),
    // Voice clones are kept by the voices module once it exists; until then nothing creates any.
    voiceProfiles: createInMemoryVoiceProfileStore(),
    logger: logger.child({ component: 'media' }),
  });
}

/** Opens the database (and migrates it), then builds the queue, event bus, storage, mail and tokens. */
export async function createPlatform({
  config,
  logger,
  jobs,
  providers: givenProviders,
  queuePollingIntervalSeconds,
}: PlatformOptions): Promise<Platform> {
  const database = await openDatabase({
    url: config.databaseUrl,
    pgliteDataDir: path.join(config.dataDir, 'db'),
    logger,
  });
  let ownProviders: Providers | undefined;
  try {
    await database.migrate();
    const jwtSecret = resolveJwtSecret(config.jwtSecret, config.dataDir);
    const storage = createStorage(
      config.storage.driver === 's3' && config.storage.s3
        ? { driver: 's3', ...config.storage.s3 }
        : {
            driver: 'local',
            root: path.join(config.dataDir, 'objects'),
            signingSecret: jwtSecret,
            publicBaseUrl: config.publicUrl,
          },
    );
    const vendorNews = new VendorNews(database);
    await vendorNews.start();
    const providers =
      givenProviders ?? (ownProviders = await createConfiguredProviders(config, logger, storage, vendorNews));
    const bus = new EventBus(database, logger.child({ component: 'events' }));
    await bus.start();
    const mailer = createMailer({
      smtpUrl: config.mail.smtpUrl,
      from: config.mail.from,
      mailDir: path.join(config.dataDir, 'mail'),
      logger: logger.child({ component: 'mail' }),
    });
    const tokens = new TokenService(jwtSecret, config.accessTokenTtlSeconds);
    const jobPlatform: JobPlatform = {
      config,
      logger,
      database,
      bus,
      vendorNews,
      storage,
      mailer,
      tokens,
      providers,
    };
    const queue = new JobQueue({
      database,
      jobs: typeof jobs === 'function' ? jobs(jobPlatform) : jobs,
      logger: logger.child({ component: 'queue' }),
      maintenanceIntervalSeconds: config.queueMaintenanceIntervalSeconds,
      pollingIntervalSeconds: queuePollingIntervalSeconds,
    });

    let closing: Promise<void> | undefined;
    return {
      ...jobPlatform,
      queue,
      close() {
        closing ??= (async () => {
          await queue.stop(config.shutdownTimeoutSeconds).catch((error: unknown) => {
            logger.error({ err: error }, 'Stopping the job queue failed');
          });
          await bus.stop();
          await vendorNews.stop();
          await mailer.close();
          await storage.close();
          await ownProviders?.close();
          await database.close();
        })();
        return closing;
      },
    };
  } catch (error) {
    await ownProviders?.close();
    await database.close();
    throw error;
  }
}
