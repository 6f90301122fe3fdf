import type { Database } from '../db/database';

/** An event for one user's open sockets: `type` names it, `data` is its JSON body. */
export interface UserEvent {
  type: string;
  data: unknown;
}

export type UserEventHandler = (userId: string, event: UserEvent) => void;

interface BusLogger {
  warn(obj: object, msg: string): void;
}

const CHANNEL = 'user_events';
// PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; events carry ids and progress, not data.
const MAX_PAYLOAD_BYTES = 7900;

/**
 * Per-user events that cross processes: published with NOTIFY on the shared database, so an event
 * raised by a worker reaches a socket held by any API instance.
 */
export class EventBus {
  private readonly handlers = new Set<UserEventHandler>();
  private unlisten: (() => Promise<void>) | undefined;

  constructor(
    private readonly database: Database,
    private readonly logger: BusLogger,
  ) {}

  async start(): Promise<void> {
    this.unlisten = await this.database.listen(CHANNEL, (payload) => this.dispatch(payload));
  }

  async publish(userId: string, event: UserEvent): Promise<void> {
    const payload = JSON.stringify({ userId, event });
    if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) {
      throw new Error(`Event "${event.type}" is too large to publish (${Buffer.byteLength(payload)} bytes)`);
    }
    await this.database.notify(CHANNEL, payload);
  }

  /** Calls `handler` for every event published by any process; answers the unsubscribe function. */
  subscribe(handler: UserEventHandler): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  async stop(): Promise<void> {
    await this.unlisten?.();
    this.unlisten = undefined;
    this.handlers.clear();
  }

  private dispatch(payload: string): void {
    let message: { userId?: unknown; event?: UserEvent };
    try {
      message = JSON.parse(payload) as typeof message;
    } catch {
      this.logger.warn({ payload: payload.slice(0, 200) }, 'Ignoring a malformed event');
      return;
    }
    if (typeof message.userId !== 'string' || !message.event) return;
    for (const handler of this.handlers) handler(message.userId, message.event);
  }
}
