import { and, desc, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import type { Orm } from '../../platform/db/database';
import { users, type UserRow } from './users.schema';

export type NewUser = typeof users.$inferInsert;

/** The columns a caller may change on an account; the id, email and timestamps are not among them. */
export type UserChanges = Partial<
  Pick<
    NewUser,
    | 'passwordHash'
    | 'fullName'
    | 'companyName'
    | 'role'
    | 'phoneNumber'
    | 'profilePictureUrl'
    | 'isOnboarded'
    | 'emailVerifiedAt'
    | 'tokensValidAfter'
  >
>;

// A malformed id cannot match a uuid column; answer "none" instead of a database error.
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Data access of accounts, the only one (other modules come through here); no product rules here. */
export class UsersRepository {
  /** Read on every authenticated request that misses the session check cache: built and planned once. */
  private readonly activeById;

  constructor(private readonly orm: Orm) {
    this.activeById = orm
      .select()
      .from(users)
      .where(and(eq(users.id, sql.placeholder('id')), isNull(users.deletedAt)))
      .limit(1)
      .prepare('users_active_by_id');
  }

  async findActiveById(id: string): Promise<UserRow | undefined> {
    if (!UUID_PATTERN.test(id)) return undefined;
    const [row] = await this.activeById.execute({ id });
    return row;
  }

  /** Matches the address without regard to case, as the unique index does. */
  async findActiveByEmail(email: string): Promise<UserRow | undefined> {
    const [row] = await this.orm
      .select()
      .from(users)
      .where(and(sql`lower(${users.email}) = lower(${email})`, isNull(users.deletedAt)))
      .limit(1);
    return row;
  }

  async insert(values: NewUser): Promise<UserRow> {
    const [row] = await this.orm.insert(users).values(values).returning();
    if (!row) throw new Error('Inserting a user returned no row');
    return row;
  }

  /**
   * Inserts unless the address is taken by an account not deleted; undefined then. The unique index
   * decides, so two registrations racing for one address cannot both win.
   */
  async insertIfEmailFree(values: NewUser): Promise<UserRow | undefined> {
    const [row] = await this.orm.insert(users).values(values).onConflictDoNothing().returning();
    return row;
  }

  /** Applies the changes to an active account; undefined when there is none with that id. */
  async update(id: string, changes: UserChanges): Promise<UserRow | undefined> {
    if (!UUID_PATTERN.test(id)) return undefined;
    const [row] = await this.orm
      .update(users)
      .set({ ...changes, updatedAt: new Date() })
      .where(and(eq(users.id, id), isNull(users.deletedAt)))
      .returning();
    return row;
  }

  /**
   * The account's copy of its subscription (what /auth/me answers), written in the subscription's
   * own transaction `db`.
   */
  async setSubscription(db: Orm, id: string, status: string, expiry: Date | null): Promise<void> {
    await db
      .update(users)
      .set({ subscriptionStatus: status, subscriptionExpiry: expiry, updatedAt: new Date() })
      .where(eq(users.id, id));
  }

  /** An active account by its id or its address (any case). */
  async findActiveByIdOrEmail(idOrEmail: string): Promise<UserRow | undefined> {
    const byEmail = sql`lower(${users.email}) = lower(${idOrEmail})`;
    const [row] = await this.orm
      .select()
      .from(users)
      .where(
        and(
          UUID_PATTERN.test(idOrEmail) ? or(eq(users.id, idOrEmail), byEmail) : byEmail,
          isNull(users.deletedAt),
        ),
      )
      .limit(1);
    return row;
  }

  /** Active accounts, newest first, optionally whose address or name contains `search`. */
  async listActive(options: { search?: string; limit: number }): Promise<UserRow[]> {
    const pattern = options.search && `%${options.search.replace(/[\\%_]/g, '\\$&')}%`;
    return this.orm
      .select()
      .from(users)
      .where(
        and(
          isNull(users.deletedAt),
          pattern ? or(ilike(users.email, pattern), ilike(users.fullName, pattern)) : undefined,
        ),
      )
      .orderBy(desc(users.createdAt))
      .limit(options.limit);
  }

  /**
   * Marks an account deleted: it can no longer sign in, and its address is free for a new account
   * (docs/decisions/034); the row keeps it, for the records that point at the account.
   */
  async softDelete(id: string, at: Date): Promise<void> {
    if (!UUID_PATTERN.test(id)) return;
    await this.orm.update(users).set({ deletedAt: at, updatedAt: at }).where(eq(users.id, id));
  }
}
