/** What a bearer token is checked against: the account exists and when its sessions last ended. */
export interface SessionCheck {
  id: string;
  tokensValidAfter: Date;
}

/** How long a check is reused: every authenticated request needs one (issue 20). */
const TTL_MS = 5_000;
/** Beyond this many accounts, the oldest entries go first. */
const MAX_ENTRIES = 10_000;

/**
 * Recent session checks by account id, so that a burst of requests from one user reads the account
 * once. An entry is dropped when the account's sessions end or the account is deleted, on this
 * instance at once and on the others by the bus event that already closes their sockets; the short
 * lifetime bounds the rest (a lost bus connection).
 */
export class SessionChecks {
  private readonly entries = new Map<string, { check: SessionCheck; until: number }>();
  /** Moves on every drop: a read that began before a drop must not store what it read. */
  private generation = 0;

  constructor(private readonly now: () => number = Date.now) {}

  async get(id: string, load: () => Promise<SessionCheck | undefined>): Promise<SessionCheck | undefined> {
    const entry = this.entries.get(id);
    if (entry && entry.until > this.now()) return entry.check;
    const generation = this.generation;
    const check = await load();
    if (check && generation === this.generation) {
      this.entries.delete(id);
      this.entries.set(id, { check, until: this.now() + TTL_MS });
      if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    } else if (!check) {
      this.entries.delete(id);
    }
    return check;
  }

  drop(id: string): void {
    this.generation += 1;
    this.entries.delete(id);
  }
}
