import { bigserial, check, index, jsonb, pgTable, real, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/users.schema';
import { columnIn } from '../../platform/db/column-in';

export const CHAT_ROLES = ['user', 'assistant'] as const;
export type ChatRole = (typeof CHAT_ROLES)[number];

/** A video the assistant proposed; it waits for a yes, then remembers the video it started. */
export interface StoredProposal {
  /** Also the session id of the video it starts: a repeated yes answers the same video. */
  id: string;
  status: 'draft' | 'proposed' | 'started' | 'declined';
  subject: string | null;
  /**
   * What follow-ups added to the subject, in order ("moodier with rain running down the windows");
   * a new subject starts them over. Absent in proposals stored before it existed.
   */
  details?: string[];
  prompt: string | null;
  durationSeconds: number;
  aspect: string;
  style: string | null;
  /** Set once started. */
  videoSessionId: string | null;
}

/** What a conversation remembers between messages (docs/decisions/018). */
export interface ChatContext {
  proposal: StoredProposal | null;
  /** The video this conversation started last: what "is it ready?" means. */
  lastVideoSessionId: string | null;
}

/** One conversation of a user with the assistant (spec 001 section 3, Chat). */
export const chatSessions = pgTable(
  'chat_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    context: jsonb('context')
      .$type<ChatContext>()
      .notNull()
      .default({ proposal: null, lastVideoSessionId: null }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The time of the newest message, null before the first. */
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
  },
  (table) => [index('chat_sessions_user_created_idx').on(table.userId, table.createdAt.desc())],
);

/** One message of a conversation; `id` orders them (two may share a timestamp). */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => chatSessions.id, { onDelete: 'cascade' }),
    role: text('role').$type<ChatRole>().notNull(),
    content: text('content').notNull(),
    intent: text('intent'),
    confidence: real('confidence'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('chat_messages_role_check', columnIn('role', CHAT_ROLES)),
    index('chat_messages_session_idx').on(table.sessionId, table.id),
  ],
);

export type ChatSessionRow = typeof chatSessions.$inferSelect;
export type ChatMessageRow = typeof chatMessages.$inferSelect;
export type NewChatMessageRow = typeof chatMessages.$inferInsert;
