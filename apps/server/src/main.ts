import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { ConfigError, loadConfig, type AppConfig } from './config';
import { createLogger } from './platform/logger';
import { openProduct } from './services';

async function start(config: AppConfig): Promise<void> {
  const logger = createLogger(config.logLevel);
  const servesHttp = config.role !== 'worker';
  const works = config.role !== 'api';
  // A server that answers requests and renders too leaves the renders to a process of its own, so
  // a render never takes the API's event loop or cores (issue 20, decision 031).
  const product = await openProduct({ config, logger, renderProcess: servesHttp && works });
  const { platform, services } = product;

  const app = servesHttp ? await buildApp(platform, services) : undefined;
  await platform.queue.start({ work: works });
  if (app) await app.listen({ port: config.port, host: config.host });

  logger.info(
    {
      role: config.role,
      database: platform.database.kind,
      storage: config.storage.driver,
      url: servesHttp ? config.publicUrl : undefined,
    },
    servesHttp ? `ReelCraft is up on ${config.publicUrl}` : 'ReelCraft worker is up',
  );

  // SIGTERM/SIGINT: stop accepting, finish in-flight requests, hand running jobs back, close the database.
  closeWithGrace({ delay: (config.shutdownTimeoutSeconds + 5) * 1000 }, async ({ signal, err }) => {
    if (err) logger.error({ err }, 'Shutting down after an unexpected error');
    else logger.info({ signal }, 'Shutting down');
    await app?.close();
    await product.close();
  });
}

let config: AppConfig;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(78); // EX_CONFIG
  }
  throw error;
}

start(config).catch((error: unknown) => {
  console.error('Start-up failed:', error);
  process.exit(1);
});
