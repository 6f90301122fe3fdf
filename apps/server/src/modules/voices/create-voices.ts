import type { Orm } from '../../platform/db/database';
import { VoicesRepository } from './voices.repository';
import { VoicesService, type VoicesServiceDeps } from './voices.service';

/** The voices service over its own repository. */
export function createVoicesService(
  deps: Omit<VoicesServiceDeps, 'repository'> & { orm: Orm },
): VoicesService {
  const { orm, ...rest } = deps;
  return new VoicesService({ ...rest, repository: new VoicesRepository(orm) });
}
