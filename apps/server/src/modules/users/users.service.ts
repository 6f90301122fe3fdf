import type { ProfileUpdate, User } from '@reelcraft/contract';
import type { Orm } from '../../platform/db/database';
import { notFound } from '../../platform/http/http-error';
import type { ProfilePictures } from './profile-pictures';
import { SessionChecks, type SessionCheck } from './session-checks';
import { toUserAnswer } from './user-answer';
import type { NewUser, UserChanges, UsersRepository } from './users.repository';
import type { UserRow } from './users.schema';

// The token was valid a moment ago; an account gone since then is answered like any missing resource.
const accountGone = () => notFound('User account not found');

/**
 * Accounts: reading and editing one's own (every profile method acts on the caller's id only), and
 * the lookups and changes sign-in makes. Other modules reach accounts only through here.
 */
export class UsersService {
  private readonly sessionChecks = new SessionChecks();
  private readonly deletionHandlers: ((userId: string) => Promise<void>)[] = [];

  constructor(
    private readonly users: UsersRepository,
    private readonly sessionsEnded: {
      /** Tells every server instance that the user's sessions ended: their sockets close. */
      announce(userId: string): Promise<void>;
      /** Calls `handler` when any instance announced it; answers the unsubscribe function. */
      subscribe(handler: (userId: string) => void): () => void;
    },
    private readonly pictures: ProfilePictures,
  ) {
    sessionsEnded.subscribe((userId) => this.sessionChecks.drop(userId));
  }

  /**
   * Ends every session of the user issued until now (a password reset): tokens issued before
   * `validAfter` stop working, and open sockets on every instance are closed.
   */
  async endSessions(id: string, validAfter: Date, changes: UserChanges = {}): Promise<void> {
    await this.users.update(id, { ...changes, tokensValidAfter: validAfter });
    this.sessionChecks.drop(id);
    await this.sessionsEnded.announce(id);
  }

  /**
   * Deletes the account (kept, marked deleted): it can no longer sign in, its sockets and event
   * streams close on every instance, then the work registered with `onAccountDeleted` ends (its
   * running renders are cancelled).
   */
  async deleteAccount(id: string): Promise<void> {
    await this.users.softDelete(id, new Date());
    this.sessionChecks.drop(id);
    await this.sessionsEnded.announce(id);
    for (const handler of this.deletionHandlers) await handler(id);
  }

  /** What other modules end when an account is deleted (wired once, in services.ts). */
  onAccountDeleted(handler: (userId: string) => Promise<void>): void {
    this.deletionHandlers.push(handler);
  }

  /**
   * What a bearer token of the account is checked against; undefined for a missing or deleted
   * account. Reused for a few seconds (every authenticated request asks), and dropped at once when
   * the account's sessions end on any instance.
   */
  sessionCheck(id: string): Promise<SessionCheck | undefined> {
    return this.sessionChecks.get(id, async () => {
      const row = await this.users.findActiveById(id);
      return row ? { id: row.id, tokensValidAfter: row.tokensValidAfter } : undefined;
    });
  }

  /** An account that exists and is not deleted. */
  findActiveById(id: string): Promise<UserRow | undefined> {
    return this.users.findActiveById(id);
  }

  findActiveByEmail(email: string): Promise<UserRow | undefined> {
    return this.users.findActiveByEmail(email);
  }

  /** Creates the account unless the email is taken (the unique index decides); undefined then. */
  createIfEmailFree(values: NewUser): Promise<UserRow | undefined> {
    return this.users.insertIfEmailFree(values);
  }

  /** Sign-in's changes (password, verification, session cut-off); undefined for a gone account. */
  changeAccount(id: string, changes: UserChanges): Promise<UserRow | undefined> {
    return this.users.update(id, changes);
  }

  /** For administration: an active account by id or address. */
  findActiveByIdOrEmail(idOrEmail: string): Promise<UserRow | undefined> {
    return this.users.findActiveByIdOrEmail(idOrEmail);
  }

  /** For administration: active accounts, newest first, optionally matching a search. */
  listActive(options: { search?: string; limit: number }): Promise<UserRow[]> {
    return this.users.listActive(options);
  }

  /** Keeps the account's subscription fields in step, inside the subscription's transaction `db`. */
  mirrorSubscription(db: Orm, userId: string, status: string, expiry: Date | null): Promise<void> {
    return this.users.setSubscription(db, userId, status, expiry);
  }

  async getProfile(userId: string): Promise<User> {
    const row = await this.users.findActiveById(userId);
    if (!row) throw accountGone();
    return this.answer(row);
  }

  /** Changes only the fields present; text fields sent as null are cleared. */
  async updateProfile(userId: string, update: ProfileUpdate): Promise<User> {
    const changes: UserChanges = {};
    if (update.full_name !== undefined) changes.fullName = update.full_name;
    // These columns keep "not given" as an empty text (registration sends them empty).
    if (update.company_name !== undefined) changes.companyName = update.company_name ?? '';
    if (update.role !== undefined) changes.role = update.role ?? '';
    if (update.phone_number !== undefined) changes.phoneNumber = update.phone_number ?? '';
    if (update.profile_picture_url !== undefined) {
      changes.profilePictureUrl =
        update.profile_picture_url === null
          ? null
          : await this.pictures.uriToKeep(userId, update.profile_picture_url);
    }
    const row = await this.users.update(userId, changes);
    if (!row) throw accountGone();
    return this.answer(row);
  }

  async markOnboarded(userId: string): Promise<User> {
    const row = await this.users.update(userId, { isOnboarded: true });
    if (!row) throw accountGone();
    return this.answer(row);
  }

  /** The account as answered, its picture as a fresh signed URL. */
  private async answer(row: UserRow): Promise<User> {
    return toUserAnswer(row, await this.pictures.browserUrl(row.profilePictureUrl));
  }
}
