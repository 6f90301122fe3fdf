import {
  chatMessages as chatTexts,
  type ChatMessage,
  type ChatResponse,
  type ChatSessionCreated,
  type ChatSessionSummary,
  type DeletedAnswer,
  type SendChatMessageBody,
} from '@reelcraft/contract';
import { HttpError, notFound } from '../../platform/http/http-error';
import { ProviderError, type TextProvider } from '../../providers';
import type { ChatRepository } from './chat.repository';
import type { ChatMessageRow } from './chat.schema';
import type { Assistant } from './local-assistant';

/** Earlier messages the assistant reads with a new one. */
const HISTORY_READ = 12;
const SESSIONS_LISTED = 100;
/** How long the connection test waits for the language model. */
const TEST_TIMEOUT_MS = 10_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const toMessage = (row: ChatMessageRow): ChatMessage => ({
  role: row.role,
  content: row.content,
  timestamp: row.createdAt.toISOString(),
  intent: row.intent,
  confidence: row.confidence,
  metadata: row.metadata,
});

export interface ChatServiceDeps {
  repository: ChatRepository;
  assistant: Assistant;
  text: Pick<TextProvider, 'kind' | 'complete'>;
}

/**
 * The chat assistant's conversations (spec 001 sections 3 and 7): each belongs to one user, who alone
 * may read, continue or delete it (another user's id answers 404 `Session not found or access
 * denied`). A message and its answer are stored together, with what the conversation remembers.
 */
export class ChatService {
  constructor(private readonly deps: ChatServiceDeps) {}

  async createSession(userId: string): Promise<ChatSessionCreated> {
    const row = await this.deps.repository.createSession(userId);
    return { session_id: row.id, created_at: row.createdAt.toISOString() };
  }

  /** The user's sessions, the most recently used first. */
  async listSessions(userId: string): Promise<ChatSessionSummary[]> {
    const rows = await this.deps.repository.listSessions(userId, SESSIONS_LISTED);
    return rows.map((row) => ({
      session_id: row.id,
      created_at: row.createdAt.toISOString(),
      last_message_at: row.lastMessageAt?.toISOString() ?? null,
      message_count: row.messageCount,
    }));
  }

  async history(userId: string, sessionId: string): Promise<{ session_id: string; messages: ChatMessage[] }> {
    const session = await this.ownSession(userId, sessionId);
    const rows = await this.deps.repository.listMessages(session.id);
    return { session_id: session.id, messages: rows.map(toMessage) };
  }

  async deleteSession(userId: string, sessionId: string): Promise<DeletedAnswer> {
    if (!UUID.test(sessionId) || !(await this.deps.repository.deleteSession(userId, sessionId))) {
      throw notFound(chatTexts.sessionNotFound);
    }
    return { id: sessionId, deleted_at: new Date().toISOString() };
  }

  /** Answers a message: the assistant reads it with the conversation, and both are stored. */
  async send(userId: string, body: SendChatMessageBody): Promise<ChatResponse> {
    const session = await this.ownSession(userId, body.session_id);
    const earlier = await this.deps.repository.listMessages(session.id, HISTORY_READ);
    const askedAt = new Date();
    let turn;
    try {
      turn = await this.deps.assistant.respond({
        userId,
        message: body.message,
        context: session.context,
        collection: body.collection_type,
        history: earlier.map((row) => ({ role: row.role, content: row.content })),
      });
    } catch (error) {
      // A language model that fails or answers nonsense: the spec's "Processing error".
      if (error instanceof ProviderError) throw new HttpError(500, chatTexts.processingError);
      throw error;
    }
    const answeredAt = new Date(Math.max(Date.now(), askedAt.getTime() + 1));
    const stored = await this.deps.repository.recordExchange(
      session.id,
      [
        {
          role: 'user',
          content: body.message,
          intent: turn.intent,
          confidence: turn.confidence,
          metadata: {},
          createdAt: askedAt,
        },
        {
          role: 'assistant',
          content: turn.response,
          intent: turn.intent,
          confidence: turn.confidence,
          metadata: {
            ...turn.metadata,
            ...(turn.enhancedPrompt ? { enhanced_prompt: turn.enhancedPrompt } : {}),
          },
          createdAt: answeredAt,
        },
      ],
      turn.context,
    );
    // Deleted while the assistant was answering.
    if (!stored) throw notFound(chatTexts.sessionNotFound);
    return {
      response: turn.response,
      timestamp: answeredAt.toISOString(),
      intent: turn.intent,
      confidence: turn.confidence,
      metadata: turn.metadata,
      enhanced_prompt: turn.enhancedPrompt,
    };
  }

  /** Whether the assistant answers: its storage, and its text provider (the language model, if any). */
  async test(userId: string): Promise<{ status: 'ok' | 'error'; message: string; timestamp: string }> {
    await this.deps.repository.listSessions(userId, 1);
    const started = Date.now();
    const timestamp = () => new Date().toISOString();
    try {
      await this.deps.text.complete(
        { prompt: 'Reply with one short friendly sentence.' },
        { signal: AbortSignal.timeout(TEST_TIMEOUT_MS) },
      );
    } catch (error) {
      const reason = error instanceof ProviderError ? error.message : 'no answer';
      return {
        status: 'error',
        message: `The assistant's language model is not reachable: ${reason}`,
        timestamp: timestamp(),
      };
    }
    const message =
      this.deps.text.kind === 'local'
        ? 'The assistant is connected (built-in offline assistant).'
        : `The assistant is connected (language model answered in ${Date.now() - started} ms).`;
    return { status: 'ok', message, timestamp: timestamp() };
  }

  private async ownSession(userId: string, sessionId: string) {
    const session = UUID.test(sessionId)
      ? await this.deps.repository.findSession(userId, sessionId)
      : undefined;
    if (!session) throw notFound(chatTexts.sessionNotFound);
    return session;
  }
}
