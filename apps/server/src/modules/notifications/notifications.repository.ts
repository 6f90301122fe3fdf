import { and, desc, eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Orm } from '../../platform/db/database';
import { notifications, type NewNotificationRow, type NotificationRow } from './notifications.schema';

/** What a change may set on a notification; owner, session and times are not among them. */
export type NotificationChanges = Partial<
  Pick<NewNotificationRow, 'title' | 'message' | 'status' | 'read' | 'link' | 'videoId'>
>;

// A malformed id cannot match a uuid column; answer "none" instead of a database error.
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Data access of notifications. Every read and write is scoped by the owner's id, so a query can
 * never touch another user's rows whatever id it is given.
 */
export class NotificationsRepository {
  /** The bell's list, read on every page of the app: built and planned once (issue 20). */
  private readonly newestOfUser;

  constructor(private readonly orm: Orm) {
    this.newestOfUser = orm
      .select()
      .from(notifications)
      .where(eq(notifications.userId, sql.placeholder('userId')))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(sql.placeholder('limit'))
      .prepare('notifications_newest_of_user');
  }

  async insert(values: NewNotificationRow): Promise<NotificationRow> {
    const [row] = await this.orm.insert(notifications).values(values).returning();
    if (!row) throw new Error('Inserting a notification returned no row');
    return row;
  }

  /** Newest first; the id breaks ties so paging is stable. */
  listForUser(userId: string, limit: number): Promise<NotificationRow[]> {
    return this.newestOfUser.execute({ userId, limit });
  }

  async findForUser(userId: string, id: string): Promise<NotificationRow | undefined> {
    if (!UUID_PATTERN.test(id)) return undefined;
    const [row] = await this.orm
      .select()
      .from(notifications)
      .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
      .limit(1);
    return row;
  }

  async findBySession(userId: string, sessionId: string): Promise<NotificationRow[]> {
    return this.orm
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.sessionId, sessionId)))
      .orderBy(desc(notifications.createdAt), desc(notifications.id));
  }

  /** Undefined when the user has no notification with that id. */
  async updateForUser(
    userId: string,
    id: string,
    changes: NotificationChanges,
  ): Promise<NotificationRow | undefined> {
    if (!UUID_PATTERN.test(id)) return undefined;
    const [row] = await this.orm
      .update(notifications)
      .set(this.setClause(changes))
      .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
      .returning();
    return row;
  }

  async updateBySession(
    userId: string,
    sessionId: string,
    changes: NotificationChanges,
  ): Promise<NotificationRow[]> {
    const rows = await this.orm
      .update(notifications)
      .set(this.setClause(changes))
      .where(and(eq(notifications.userId, userId), eq(notifications.sessionId, sessionId)))
      .returning();
    return rows.sort(newestFirst);
  }

  /** Marks one unread notification read; undefined when it is missing or was read already. */
  async markUnreadAsRead(userId: string, id: string): Promise<NotificationRow | undefined> {
    if (!UUID_PATTERN.test(id)) return undefined;
    const [row] = await this.orm
      .update(notifications)
      .set({ read: true, updatedAt: new Date() })
      .where(and(eq(notifications.id, id), eq(notifications.userId, userId), eq(notifications.read, false)))
      .returning();
    return row;
  }

  /** Answers how many were unread. */
  async markAllRead(userId: string): Promise<number> {
    const rows = await this.orm
      .update(notifications)
      .set({ read: true, updatedAt: new Date() })
      .where(and(eq(notifications.userId, userId), eq(notifications.read, false)))
      .returning({ id: notifications.id });
    return rows.length;
  }

  /**
   * A new status is news: unless the change sets `read` itself, a notification whose status moves
   * (processing -> completed) becomes unread again. Decided in the UPDATE, so no read-then-write race.
   */
  private setClause(changes: NotificationChanges): PgUpdateSetSource<typeof notifications> {
    const set: PgUpdateSetSource<typeof notifications> = { ...changes, updatedAt: new Date() };
    if (changes.status !== undefined && changes.read === undefined) {
      set.read = sql`case when ${notifications.status} <> ${changes.status} then false else ${notifications.read} end`;
    }
    return set;
  }
}

function newestFirst(a: NotificationRow, b: NotificationRow): number {
  return b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
}
