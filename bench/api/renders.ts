import WebSocket from 'ws';
import type { z } from 'zod';
import {
  SOCKET_PATH,
  VIDEO_EVENT_TYPES,
  sessionStartedSchema,
  socketServerMessageSchema,
  videoProgressEventDataSchema,
} from '@reelcraft/contract';

/** Only what the bench reads of a `video.progress` event, so that other fields may change freely. */
const progressEventSchema = videoProgressEventDataSchema.pick({
  session_id: true,
  status: true,
  error: true,
});
type ProgressEvent = z.infer<typeof progressEventSchema>;

const PROMPT = 'A lighthouse on a rocky coast at dusk, waves rolling in, gulls over the water';

interface SessionEvents {
  /** When the first `video.progress` event of the session arrived (performance.now()). */
  firstEventAt?: number;
  ended?: ProgressEvent;
  endedAt?: number;
  onEvent: Array<() => void>;
}

export interface RenderTimes {
  sessionId: string;
  /** When the start call's answer arrived, as performance.now() and as wall-clock ms. */
  answeredAt: number;
  answeredAtEpochMs: number;
  /** From the answer to the first progress event: the job was taken (negative: before the answer). */
  pickupMs: number;
  /** From the first progress event to the completed event. */
  renderMs: number;
}

/**
 * Starts text-to-video renders through the API and follows them on the user's `/ws` socket, as the
 * web app does. The runner pushes a `video.progress` event the moment a worker takes the job (it
 * writes the first progress and publishes it before rendering); the start call publishes nothing,
 * so the first event of a session marks its pickup, and the `completed` event its end.
 */
export class RenderClient {
  private readonly sessions = new Map<string, SessionEvents>();
  private readonly socket: WebSocket;
  /** A message the bench could not read: every wait fails with it instead of timing out. */
  private failure: Error | undefined;

  private constructor(
    private readonly base: string,
    private readonly token: string,
  ) {
    this.socket = new WebSocket(
      `${base.replace(/^http/, 'ws')}${SOCKET_PATH}?token=${encodeURIComponent(token)}`,
    );
    this.socket.on('message', (raw) => this.receive(String(raw)));
  }

  static async connect(base: string, token: string): Promise<RenderClient> {
    const client = new RenderClient(base, token);
    await new Promise<void>((resolve, reject) => {
      client.socket.once('error', reject);
      client.socket.once('close', (code) => reject(new Error(`The socket closed with ${code}`)));
      client.socket.on('message', (raw) => {
        if (socketServerMessageSchema.parse(JSON.parse(String(raw))).type === 'ready') resolve();
      });
    });
    return client;
  }

  close(): void {
    this.socket.close();
  }

  private session(id: string): SessionEvents {
    let events = this.sessions.get(id);
    if (!events) {
      events = { onEvent: [] };
      this.sessions.set(id, events);
    }
    return events;
  }

  private receive(raw: string): void {
    const at = performance.now();
    let state: ProgressEvent;
    try {
      const message = socketServerMessageSchema.parse(JSON.parse(raw));
      if (message.type !== VIDEO_EVENT_TYPES.progress) return;
      state = progressEventSchema.parse(message.data);
    } catch (error) {
      this.failure = new Error(`Unreadable socket message ${raw}`, { cause: error });
      for (const events of this.sessions.values())
        for (const listener of events.onEvent.splice(0)) listener();
      return;
    }
    const events = this.session(state.session_id);
    events.firstEventAt ??= at;
    if (state.status !== 'processing' && !events.ended) {
      events.ended = state;
      events.endedAt = at;
    }
    for (const listener of events.onEvent.splice(0)) listener();
  }

  private async until(sessionId: string, done: (events: SessionEvents) => boolean, timeoutMs: number) {
    const events = this.session(sessionId);
    const deadline = performance.now() + timeoutMs;
    while (!done(events)) {
      if (this.failure) throw this.failure;
      const left = deadline - performance.now();
      if (left <= 0) throw new Error(`Render ${sessionId}: no such event within ${timeoutMs / 1000} s`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        events.onEvent.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return events;
  }

  /** Starts a render of `durationSeconds` (15, 30 or 60); answers once the start call answered. */
  async start(durationSeconds: 15 | 30 | 60, seed: number) {
    const response = await fetch(`${this.base}/api/v1/text-to-video/sessions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${this.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ prompt: PROMPT, duration: durationSeconds, seed }),
    });
    const answeredAt = performance.now();
    const answeredAtEpochMs = Date.now();
    if (response.status !== 201)
      throw new Error(`The render start answered ${response.status}: ${await response.text()}`);
    const { session_id: sessionId } = sessionStartedSchema.parse(await response.json());
    return {
      sessionId,
      answeredAt,
      answeredAtEpochMs,
      /** Resolves when the job is taken: the first progress event. */
      pickedUp: async (timeoutMs: number) => {
        const events = await this.until(sessionId, (e) => e.firstEventAt !== undefined, timeoutMs);
        return events.firstEventAt as number;
      },
      /** Resolves with the render's times once it completed; throws if it failed. */
      completed: async (timeoutMs: number): Promise<RenderTimes> => {
        const events = await this.until(sessionId, (e) => e.ended !== undefined, timeoutMs);
        const ended = events.ended as ProgressEvent;
        if (ended.status !== 'completed') throw new Error(`Render ${sessionId} failed: ${ended.error}`);
        const firstEventAt = events.firstEventAt as number;
        return {
          sessionId,
          answeredAt,
          answeredAtEpochMs,
          pickupMs: firstEventAt - answeredAt,
          renderMs: (events.endedAt as number) - firstEventAt,
        };
      },
    };
  }
}
