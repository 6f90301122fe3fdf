import type { Orm } from '../../platform/db/database';
import type { ObjectStorage } from '../../platform/storage';
import { VideosRepository } from './videos.repository';
import { VideosService } from './videos.service';

/** The service wired to the database and object storage; built once, in services.ts. */
export function createVideosService(deps: {
  orm: Orm;
  storage: ObjectStorage;
  signedUrlTtlSeconds: number;
}): VideosService {
  return new VideosService(new VideosRepository(deps.orm), deps.storage, deps.signedUrlTtlSeconds);
}
