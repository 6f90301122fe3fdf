import type { Platform } from '../../platform/platform';
import { UploadsService } from './uploads.service';

/** The service wired to a process's object storage: what routes and creation flows use. */
export function createUploadsService(platform: Pick<Platform, 'storage' | 'config'>): UploadsService {
  return new UploadsService(platform.storage, platform.config.storage.signedUrlTtlSeconds);
}
