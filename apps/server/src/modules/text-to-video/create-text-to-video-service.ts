import type { Platform } from '../../platform/platform';
import { createSubscriptionServices } from '../subscriptions';
import { createVideosService } from '../videos';
import { TextToVideoRepository } from './text-to-video.repository';
import { TextToVideoService } from './text-to-video.service';

/** The service wired to a process's database, quota and queue. */
export function createTextToVideoService(platform: Platform): TextToVideoService {
  return new TextToVideoService(
    new TextToVideoRepository(platform.database.orm),
    createSubscriptionServices(platform).quota,
    createVideosService(platform),
    platform.queue,
  );
}
