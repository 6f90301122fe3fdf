import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildApp } from '../../src/app';
import { loadConfig, type AppConfig } from '../../src/config';
import type { Platform } from '../../src/platform/platform';
import type { JobDefinition } from '../../src/platform/queue/job-registry';
import { createConfiguredProviders, type Providers } from '../../src/providers';
import { openProduct, type ServiceClocks, type Services } from '../../src/services';
import { createLogger } from '../../src/platform/logger';

export function makeTempDir(prefix = 'reelcraft-test-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** A configuration for tests: a temporary DATA_DIR, quiet logs, the given overrides. */
export function testConfig(env: Record<string, string | undefined> = {}): AppConfig {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATA_DIR: makeTempDir(),
    PORT: '0',
    HOST: '127.0.0.1',
    QUEUE_MAINTENANCE_INTERVAL_SECONDS: '1',
    SHUTDOWN_TIMEOUT_SECONDS: '2',
    // Tests make many accounts, mails and feedback from one address; the limits have their own test.
    SIGNUPS_MAX_PER_ADDRESS: '100000',
    MAILS_MAX_PER_ADDRESS: '100000',
    MAILS_MAX_PER_RECIPIENT: '100000',
    FEEDBACK_MAX_PER_ADDRESS: '100000',
    ...env,
  });
}

export interface TestServer {
  config: AppConfig;
  platform: Platform;
  /** The server's own services (built once, by the composition root). */
  services: Services;
  /** The product's job kinds, as registered with the queue. */
  jobs: readonly JobDefinition[];
  /** The providers the server renders with. */
  providers: Providers;
  app: FastifyInstance;
  /** http://127.0.0.1:port once `listen` was asked for. */
  baseUrl: string;
  close(): Promise<void>;
}

let sharedProviders: Promise<Providers> | undefined;

/**
 * The providers every test server of one test file shares: finding and checking ffmpeg takes a
 * moment, and they hold no state of a server. The speech worker they may start does not keep the
 * process alive.
 */
export function testProviders(): Promise<Providers> {
  const config = loadConfig({
    NODE_ENV: 'test',
    FFMPEG_PATH: process.env.FFMPEG_PATH,
    FFPROBE_PATH: process.env.FFPROBE_PATH,
  });
  sharedProviders ??= createConfiguredProviders(config, pino({ level: 'silent' }));
  return sharedProviders;
}

export interface TestServerOptions {
  env?: Record<string, string | undefined>;
  /** Jobs of the test, worked beside the product's own. */
  extraJobs?: readonly JobDefinition[] | ((platform: Platform) => readonly JobDefinition[]);
  /** Clocks the test moves instead of waiting. */
  clocks?: ServiceClocks;
  /**
   * Default: the shared test providers (see `testProviders`); a test may fake a vendor. `configured`:
   * built from the server's own settings (`env`), with its storage, as a real start does.
   */
  providers?: Providers | ((shared: Providers) => Providers) | 'configured';
  work?: boolean;
  listen?: boolean;
  /** Where the server's log lines go (a test reads what was logged); default stdout. */
  logDestination?: pino.DestinationStream;
  /** Adds routes before the app is ready (for platform tests). */
  extend?: (app: FastifyInstance, platform: Platform, services: Services) => void | Promise<void>;
}

let snapshot: Blob | undefined;
/** The migrated embedded database every test server starts from (made by test/global-setup.ts). */
function pgliteSnapshot(): Blob | undefined {
  const file = process.env.TEST_PGLITE_SNAPSHOT;
  if (!snapshot && file && fs.existsSync(file)) snapshot = new Blob([fs.readFileSync(file)]);
  return snapshot;
}

/** Starts the real app on a real database (PGlite in memory unless DATABASE_URL is given). */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const config = testConfig(options.env);
  // The product's own logger (its serializers and redaction), so tests see what production logs.
  const logger = createLogger(config.logLevel, options.logDestination);
  const given = options.providers;
  const product = await openProduct({
    config,
    logger,
    ...(given === 'configured'
      ? {}
      : {
          providers:
            typeof given === 'function' ? given(await testProviders()) : (given ?? (await testProviders())),
        }),
    ...(options.clocks ? { clocks: options.clocks } : {}),
    ...(pgliteSnapshot() ? { pgliteSnapshot: pgliteSnapshot() } : {}),
    queuePollingIntervalSeconds: 0.5,
  });
  const { platform, services } = product;
  const extraJobs = typeof options.extraJobs === 'function' ? options.extraJobs(platform) : options.extraJobs;
  if (extraJobs) platform.queue.register(extraJobs);
  const app = await buildApp(platform, services);
  await options.extend?.(app, platform, services);
  await platform.queue.start({ work: options.work ?? true });
  let baseUrl = '';
  if (options.listen) {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (address && typeof address === 'object') baseUrl = `http://127.0.0.1:${address.port}`;
  } else {
    await app.ready();
  }
  return {
    config,
    platform,
    services,
    jobs: product.jobs,
    providers: product.providers,
    app,
    baseUrl,
    async close() {
      await app.close();
      await product.close();
      fs.rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}
