import type { FastifyRequest } from 'fastify';
import { SESSION_REVOKED_EVENT } from '@reelcraft/contract';
import { bearerToken } from '../http/request-user';
import type { EventBus } from './event-bus';

/**
 * Resolves a bearer token to its user and when it expires (ms since the epoch), or null when the
 * token must be refused (unknown, expired, issued before a password reset, account deleted).
 */
export type SessionAuthenticator = (token: string) => Promise<{ userId: string; expiresAt?: number } | null>;

export interface SessionWatchOptions {
  bus: Pick<EventBus, 'subscribe'>;
  authenticate: SessionAuthenticator;
  /** How often every watched token is checked again, whatever the bus says. */
  recheckIntervalMs?: number;
}

/** setTimeout's longest delay; a token living longer is caught by a periodic check anyway. */
const MAX_TIMER_MS = 2_147_483_647;

interface Watched {
  token: string;
  userId: string;
  end: () => void;
  expiry?: ReturnType<typeof setTimeout>;
  ended: boolean;
}

/**
 * Keeps a long-lived connection (the `/ws` socket, a server-sent event stream) no longer than the
 * session that opened it: its `end` runs once, when the token expires, when any instance announces
 * that the user's sessions ended (SESSION_REVOKED_EVENT: a password reset, a deleted account), and
 * at the first periodic check after the token stopped holding for any other reason (an account
 * deleted while the bus was down). One per process, built by app.ts.
 */
export class SessionWatch {
  private readonly byUser = new Map<string, Set<Watched>>();
  private readonly unsubscribe: () => void;
  private readonly timer: ReturnType<typeof setInterval>;

  constructor(private readonly options: SessionWatchOptions) {
    this.unsubscribe = options.bus.subscribe((userId, event) => {
      if (event.type !== SESSION_REVOKED_EVENT) return;
      for (const watched of this.byUser.get(userId) ?? []) void this.recheck(watched);
    });
    this.timer = setInterval(() => {
      for (const watchedOfUser of this.byUser.values()) {
        for (const watched of watchedOfUser) void this.recheck(watched);
      }
    }, options.recheckIntervalMs ?? 30_000);
    this.timer.unref();
  }

  /** The token's user and expiry, or null when it must be refused. */
  authenticate(token: string): ReturnType<SessionAuthenticator> {
    return this.options.authenticate(token).catch(() => null);
  }

  /**
   * Watches the session of a connection opened with `token` by `userId`: `end` runs once, when the
   * session ends. The token is checked again at once (a revocation announced while the connection
   * was being opened is not missed), which also arms the expiry timer. Answers the function that
   * stops watching: call it when the connection closes.
   */
  watch(session: { token: string; userId: string }, end: () => void): () => void {
    const watched: Watched = { ...session, end, ended: false };
    let ofUser = this.byUser.get(session.userId);
    if (!ofUser) {
      ofUser = new Set();
      this.byUser.set(session.userId, ofUser);
    }
    ofUser.add(watched);
    void this.recheck(watched);
    return () => this.forget(watched);
  }

  /** `watch` for a request that passed bearer authentication (its token and user). */
  watchRequest(request: FastifyRequest, end: () => void): () => void {
    const token = bearerToken(request);
    const userId = request.user?.id;
    if (!token || !userId) {
      end();
      return () => undefined;
    }
    return this.watch({ token, userId }, end);
  }

  /** Stops the checks; connections still open are left to their server's own closing. */
  close(): void {
    clearInterval(this.timer);
    this.unsubscribe();
    for (const ofUser of this.byUser.values()) for (const watched of ofUser) clearTimeout(watched.expiry);
    this.byUser.clear();
  }

  /** Ends the connection unless its token still holds for the same user; arms the expiry timer. */
  private async recheck(watched: Watched): Promise<void> {
    const identity = await this.authenticate(watched.token);
    if (watched.ended) return;
    if (identity?.userId !== watched.userId) return this.finish(watched);
    if (watched.expiry === undefined && identity.expiresAt !== undefined) {
      const left = identity.expiresAt - Date.now();
      if (left <= 0) return this.finish(watched);
      if (left < MAX_TIMER_MS) watched.expiry = setTimeout(() => this.finish(watched), left);
    }
  }

  private finish(watched: Watched): void {
    if (watched.ended) return;
    this.forget(watched);
    watched.end();
  }

  private forget(watched: Watched): void {
    watched.ended = true;
    clearTimeout(watched.expiry);
    const ofUser = this.byUser.get(watched.userId);
    ofUser?.delete(watched);
    if (ofUser?.size === 0) this.byUser.delete(watched.userId);
  }
}
