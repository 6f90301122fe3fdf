import { SESSION_REVOKED_EVENT } from '@reelcraft/contract';
import type { Orm } from '../../platform/db/database';
import type { EventBus } from '../../platform/realtime/event-bus';
import { ProfilePictures, type ProfilePictureFiles } from './profile-pictures';
import { UsersRepository } from './users.repository';
import { UsersService } from './users.service';

/** The one way to accounts, wired to the database; built once, in services.ts. */
export function createUsersService(deps: {
  orm: Orm;
  bus: Pick<EventBus, 'publish' | 'subscribe'>;
  /** The user's uploaded images, which alone may be a profile picture. */
  pictures: ProfilePictureFiles;
}): UsersService {
  return new UsersService(
    new UsersRepository(deps.orm),
    {
      announce: (userId) => deps.bus.publish(userId, { type: SESSION_REVOKED_EVENT, data: null }),
      subscribe: (handler) =>
        deps.bus.subscribe((userId, event) => {
          if (event.type === SESSION_REVOKED_EVENT) handler(userId);
        }),
    },
    new ProfilePictures(deps.pictures),
  );
}
