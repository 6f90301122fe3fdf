import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import {
  chatMessages,
  chatSessions,
  type ChatContext,
  type ChatMessageRow,
  type ChatSessionRow,
  type NewChatMessageRow,
} from './chat.schema';

export interface ChatSessionSummaryRow {
  id: string;
  createdAt: Date;
  lastMessageAt: Date | null;
  messageCount: number;
}

/** Data access of conversations and their messages; every read is scoped to the owner. */
export class ChatRepository {
  constructor(private readonly database: Pick<Database, 'orm' | 'transaction'>) {}

  async createSession(userId: string): Promise<ChatSessionRow> {
    const [row] = await this.database.orm.insert(chatSessions).values({ userId }).returning();
    if (!row) throw new Error('Inserting a chat session returned no row');
    return row;
  }

  async findSession(userId: string, id: string): Promise<ChatSessionRow | undefined> {
    const [row] = await this.database.orm
      .select()
      .from(chatSessions)
      .where(and(eq(chatSessions.id, id), eq(chatSessions.userId, userId)));
    return row;
  }

  /** The user's sessions, newest first, with how many messages each holds. */
  async listSessions(userId: string, limit: number): Promise<ChatSessionSummaryRow[]> {
    return this.database.orm
      .select({
        id: chatSessions.id,
        createdAt: chatSessions.createdAt,
        lastMessageAt: chatSessions.lastMessageAt,
        messageCount: count(chatMessages.id),
      })
      .from(chatSessions)
      .leftJoin(chatMessages, eq(chatMessages.sessionId, chatSessions.id))
      .where(eq(chatSessions.userId, userId))
      .groupBy(chatSessions.id)
      .orderBy(
        desc(sql`coalesce(${chatSessions.lastMessageAt}, ${chatSessions.createdAt})`),
        desc(chatSessions.id),
      )
      .limit(limit);
  }

  /** Messages oldest first; `limit` keeps the newest ones when given. */
  async listMessages(sessionId: string, limit?: number): Promise<ChatMessageRow[]> {
    if (limit === undefined) {
      return this.database.orm
        .select()
        .from(chatMessages)
        .where(eq(chatMessages.sessionId, sessionId))
        .orderBy(asc(chatMessages.id));
    }
    const newest = await this.database.orm
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.sessionId, sessionId))
      .orderBy(desc(chatMessages.id))
      .limit(limit);
    return newest.reverse();
  }

  /** True when the user's session was there to delete (its messages go with it). */
  async deleteSession(userId: string, id: string): Promise<boolean> {
    const deleted = await this.database.orm
      .delete(chatSessions)
      .where(and(eq(chatSessions.id, id), eq(chatSessions.userId, userId)))
      .returning({ id: chatSessions.id });
    return deleted.length > 0;
  }

  /**
   * Stores an exchange: both messages, the conversation's new context and its last message time, in
   * one transaction. Answers the stored messages, or undefined when the session was deleted meanwhile.
   */
  async recordExchange(
    sessionId: string,
    messages: readonly Omit<NewChatMessageRow, 'sessionId'>[],
    context: ChatContext,
  ): Promise<ChatMessageRow[] | undefined> {
    return this.database.transaction(async (tx) => {
      const [session] = await tx.orm
        .update(chatSessions)
        .set({ context, lastMessageAt: messages.at(-1)?.createdAt ?? new Date() })
        .where(eq(chatSessions.id, sessionId))
        .returning({ id: chatSessions.id });
      if (!session) return undefined;
      return tx.orm
        .insert(chatMessages)
        .values(messages.map((message) => ({ ...message, sessionId })))
        .returning();
    });
  }
}
