import type { Platform } from '../../platform/platform';
import { LibraryRepository } from './library.repository';
import { LibraryService } from './library.service';

/** The service wired to a process's database and object storage: what routes and creation flows use. */
export function createLibraryService(
  platform: Pick<Platform, 'database' | 'storage' | 'config'>,
): LibraryService {
  return new LibraryService(
    new LibraryRepository(platform.database.orm),
    platform.storage,
    platform.config.storage.signedUrlTtlSeconds,
  );
}
