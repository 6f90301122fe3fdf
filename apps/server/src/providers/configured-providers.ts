import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';
import type { AppConfig } from '../config';
import type { VendorNews } from '../platform/realtime/vendor-news';
import type { ObjectStorage } from '../platform/storage';
import { createProviders, type Providers } from './create-providers';
import { createRenderProcessVideoProvider } from './render-process/render-process';
import type { RenderProcessSettings } from './render-process/render-messages';
import type { UploadForVendor } from './cloud/sync-lip-sync-provider';

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
 * With `renderProcess`, the offline video provider runs in a process of its own (a server that
 * also answers requests: ROLE=all), and so do a cloud video provider's storyboard renders.
 */
export async function createConfiguredProviders(
  config: AppConfig,
  logger: Logger,
  storage?: ObjectStorage,
  vendorNews?: VendorNews,
  { renderProcess = false }: { renderProcess?: boolean } = {},
): Promise<Providers> {
  const { media } = config;
  const settings: RenderProcessSettings = {
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
  };
  const providers = await createProviders({
    ...settings,
    video: { kind: media.providers.video },
    ...(storage ? { uploadForVendor: uploadForVendor(storage) } : {}),
    ...(vendorNews ? { vendorNews: vendorNews.subscribe } : {}),
    logger: logger.child({ component: 'media' }),
  });
  if (!renderProcess) return providers;
  const remote = createRenderProcessVideoProvider({
    settings: { ...settings, video: { kind: media.providers.video } },
    logLevel: config.logLevel,
    logger,
  });
  // Offline, every render runs there. With a cloud provider, its storyboards do (the vendor films
  // the scenes; their speech, captions and encodes are the render process's work); its other calls
  // wait on the vendor here.
  const video =
    media.providers.video === 'local'
      ? remote
      : { ...providers.video, fromStoryboard: remote.fromStoryboard };
  return {
    ...providers,
    video,
    async close() {
      await Promise.all([remote.close(), providers.close()]);
    },
  };
}
