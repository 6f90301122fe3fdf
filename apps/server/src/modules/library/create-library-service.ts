import type { Orm } from '../../platform/db/database';
import type { ObjectStorage } from '../../platform/storage';
import { LibraryRepository } from './library.repository';
import { LibraryService } from './library.service';

/** The service wired to the database and object storage; built once, in services.ts. */
export function createLibraryService(deps: {
  orm: Orm;
  storage: ObjectStorage;
  signedUrlTtlSeconds: number;
}): LibraryService {
  return new LibraryService(new LibraryRepository(deps.orm), deps.storage, deps.signedUrlTtlSeconds);
}
