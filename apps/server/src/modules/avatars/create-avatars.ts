import type { Orm } from '../../platform/db/database';
import { AvatarsRepository } from './avatars.repository';
import { AvatarsService, type AvatarsServiceDeps } from './avatars.service';

/** The avatars service over its own repository. */
export function createAvatarsService(
  deps: Omit<AvatarsServiceDeps, 'repository'> & { orm: Orm },
): AvatarsService {
  const { orm, ...rest } = deps;
  return new AvatarsService({ ...rest, repository: new AvatarsRepository(orm) });
}
