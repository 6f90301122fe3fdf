import type { Platform } from '../../platform/platform';
import { createSubscriptionServices } from '../subscriptions';
import { createUploadsService } from '../uploads';
import { createVideosService } from '../videos';
import { ImageToVideoRepository } from './image-to-video.repository';
import { ImageToVideoService } from './image-to-video.service';

/** The service wired to a process's database, storage, quota, queue and media tools. */
export function createImageToVideoService(platform: Platform): ImageToVideoService {
  return new ImageToVideoService(
    new ImageToVideoRepository(platform.database.orm),
    createSubscriptionServices(platform).quota,
    createVideosService(platform),
    createUploadsService(platform),
    platform.queue,
    { tools: platform.providers.mediaTools, workDir: platform.config.media.workDir },
  );
}
