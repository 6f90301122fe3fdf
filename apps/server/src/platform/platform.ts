import path from 'node:path';
import type { Logger } from 'pino';
import type { AppConfig } from '../config';
import { RateLimiter } from './rate-limit/rate-limiter';
import { resolveJwtSecret, TokenService } from './auth/token-service';
import { openDatabase, type Database } from './db/database';
import { createMailer, type Mailer } from './mail/mailer';
import { JobQueue } from './queue/job-queue';
import { EventBus } from './realtime/event-bus';
import { VendorNews } from './realtime/vendor-news';
import { createStorage, type ObjectStorage } from './storage/create-storage';
import { DiskSpaceMonitor, type WatchedFolder } from './storage/disk-space';

/**
 * The infrastructure of one process, one of each: the bottom floor, which knows nothing of
 * providers or modules. The composition root (services.ts) builds everything else on it.
 */
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
  /** Flood limits counted in the database, so all instances share them. */
  rateLimiter: RateLimiter;
  /** Free space of the local disks written to: the readiness probe reads it, the log warns of it. */
  diskSpace: DiskSpaceMonitor;
  /** Stops everything in the right order; safe to call twice. */
  close(): Promise<void>;
}

export interface PlatformOptions {
  config: AppConfig;
  logger: Logger;
  /** Tests: an embedded database to start from (see `DatabaseOptions.pgliteSnapshot`). */
  pgliteSnapshot?: Blob;
  /** Overrides for tests, e.g. a faster queue maintenance. */
  queuePollingIntervalSeconds?: number;
}

/**
 * The local folders this process writes to, by what they hold: stored files (local driver only; S3
 * holds them elsewhere), the embedded database, and the render work files (every driver).
 */
function watchedFolders(config: AppConfig): WatchedFolder[] {
  return [
    ...(config.storage.driver === 'local'
      ? [{ name: 'stored files', path: path.join(config.dataDir, 'objects') }]
      : []),
    ...(config.databaseUrl ? [] : [{ name: 'database', path: path.join(config.dataDir, 'db') }]),
    { name: 'render work files', path: config.media.workDir ?? path.join(config.dataDir, 'work') },
  ];
}

/** Opens the database (and migrates it), then builds the queue, event bus, storage, mail and tokens. */
export async function createPlatform({
  config,
  logger,
  queuePollingIntervalSeconds,
  pgliteSnapshot,
}: PlatformOptions): Promise<Platform> {
  const database = await openDatabase({
    url: config.databaseUrl,
    pgliteDataDir: path.join(config.dataDir, 'db'),
    ...(pgliteSnapshot ? { pgliteSnapshot } : {}),
    logger,
  });
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
    const bus = new EventBus(database, logger.child({ component: 'events' }));
    await bus.start();
    const mailer = createMailer({
      smtpUrl: config.mail.smtpUrl,
      from: config.mail.from,
      mailDir: path.join(config.dataDir, 'mail'),
      // Mailed links are credentials: only a development server prints them.
      logLinks: config.env === 'development',
      logger: logger.child({ component: 'mail' }),
    });
    const tokens = new TokenService(jwtSecret, config.accessTokenTtlSeconds);
    const diskSpace = new DiskSpaceMonitor({
      folders: watchedFolders(config),
      warnBelowBytes: config.storage.freeSpace.warnBelowBytes,
      criticalBelowBytes: config.storage.freeSpace.criticalBelowBytes,
      logger: logger.child({ component: 'disk-space' }),
    });
    const queue = new JobQueue({
      database,
      logger: logger.child({ component: 'queue' }),
      maintenanceIntervalSeconds: config.queueMaintenanceIntervalSeconds,
      pollingIntervalSeconds: queuePollingIntervalSeconds,
    });

    // Checks at once (a start on a nearly full disk says so), then every minute.
    diskSpace.start();
    let closing: Promise<void> | undefined;
    return {
      config,
      logger,
      database,
      bus,
      vendorNews,
      storage,
      mailer,
      tokens,
      rateLimiter: new RateLimiter(database),
      diskSpace,
      queue,
      close() {
        closing ??= (async () => {
          await diskSpace.stop();
          await queue.stop(config.shutdownTimeoutSeconds).catch((error: unknown) => {
            logger.error({ err: error }, 'Stopping the job queue failed');
          });
          await bus.stop();
          await vendorNews.stop();
          await mailer.close();
          await storage.close();
          await database.close();
        })();
        return closing;
      },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}
