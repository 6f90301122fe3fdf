import type { ProfileUpdate, User } from '@reelcraft/contract';
import { notFound } from '../../platform/http/http-error';
import { toUserAnswer } from './user-answer';
import type { UserChanges, UsersRepository } from './users.repository';

// The token was valid a moment ago; an account gone since then is answered like any missing resource.
const accountGone = () => notFound('User account not found');

/** Reading and editing one's own account. Every method acts on the caller's id only. */
export class UsersService {
  constructor(private readonly users: UsersRepository) {}

  async getProfile(userId: string): Promise<User> {
    const row = await this.users.findActiveById(userId);
    if (!row) throw accountGone();
    return toUserAnswer(row);
  }

  /** Changes only the fields present; text fields sent as null are cleared. */
  async updateProfile(userId: string, update: ProfileUpdate): Promise<User> {
    const changes: UserChanges = {};
    if (update.full_name !== undefined) changes.fullName = update.full_name;
    // These columns keep "not given" as an empty text (registration sends them empty).
    if (update.company_name !== undefined) changes.companyName = update.company_name ?? '';
    if (update.role !== undefined) changes.role = update.role ?? '';
    if (update.phone_number !== undefined) changes.phoneNumber = update.phone_number ?? '';
    if (update.profile_picture_url !== undefined) changes.profilePictureUrl = update.profile_picture_url;
    const row = await this.users.update(userId, changes);
    if (!row) throw accountGone();
    return toUserAnswer(row);
  }

  async markOnboarded(userId: string): Promise<User> {
    const row = await this.users.update(userId, { isOnboarded: true });
    if (!row) throw accountGone();
    return toUserAnswer(row);
  }
}
