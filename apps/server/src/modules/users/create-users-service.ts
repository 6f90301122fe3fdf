import type { Orm } from '../../platform/db/database';
import { UsersRepository } from './users.repository';
import { UsersService } from './users.service';

/** The one way to accounts, wired to the database; built once, in services.ts. */
export function createUsersService(deps: { orm: Orm }): UsersService {
  return new UsersService(new UsersRepository(deps.orm));
}
