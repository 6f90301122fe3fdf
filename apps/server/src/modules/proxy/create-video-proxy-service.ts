import type { Platform } from '../../platform/platform';
import { createVideosService } from '../videos';
import { StoredObjectAddresses } from './stored-object-address';
import { VideoProxyService } from './video-proxy.service';

/** The service wired to a process's storage and database. */
export function createVideoProxyService(
  platform: Pick<Platform, 'storage' | 'database' | 'config'>,
): VideoProxyService {
  return new VideoProxyService(
    platform.storage,
    new StoredObjectAddresses(platform.storage, platform.config.publicUrl),
    createVideosService(platform),
  );
}
