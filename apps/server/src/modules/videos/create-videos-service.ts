import type { Platform } from '../../platform/platform';
import { VideosRepository } from './videos.repository';
import { VideosService } from './videos.service';

/** The service wired to a process's database and object storage: what routes and job handlers use. */
export function createVideosService(
  platform: Pick<Platform, 'database' | 'storage' | 'config'>,
): VideosService {
  return new VideosService(
    new VideosRepository(platform.database.orm),
    platform.storage,
    platform.config.storage.signedUrlTtlSeconds,
  );
}
