import type { Database } from '../db/database';

const CHANNEL = 'vendor_news';

/**
 * Notices of a vendor job (its webhook reached some process): `next` resolves at the next one. The
 * server wires it to the platform's VendorNews; without it the job is only polled.
 */
export type SubscribeVendorNews = (vendor: string, id: string) => VendorNewsSubscription;

export interface VendorNewsSubscription {
  /** Resolves at the next notice (at once if one arrived since the last call). */
  next(): Promise<void>;
  close(): void;
}

/**
 * Notices that a vendor's job changed (its webhook said so), across processes: the webhook may reach
 * any API instance while a worker polls the job. A notice only wakes the poller early; it then asks
 * the vendor itself, so a forged notice can cause no more than one extra poll.
 */
export class VendorNews {
  private readonly subscribers = new Map<string, Set<() => void>>();
  private unlisten: (() => Promise<void>) | undefined;

  constructor(private readonly database: Database) {}

  async start(): Promise<void> {
    this.unlisten = await this.database.listen(CHANNEL, (payload) => {
      for (const wake of this.subscribers.get(payload) ?? []) wake();
    });
  }

  async stop(): Promise<void> {
    await this.unlisten?.();
    this.unlisten = undefined;
  }

  /** Tells every process that the vendor's job `id` changed. */
  publish(vendor: string, id: string): Promise<void> {
    return this.database.notify(CHANNEL, topic(vendor, id));
  }

  /** What a polling cloud adapter is given (see SubscribeVendorNews). */
  readonly subscribe: SubscribeVendorNews = (vendor, id): VendorNewsSubscription => {
    const key = topic(vendor, id);
    let arrived = false;
    let waiting: (() => void) | undefined;
    const wake = () => {
      arrived = true;
      waiting?.();
    };
    const set = this.subscribers.get(key) ?? new Set();
    set.add(wake);
    this.subscribers.set(key, set);
    return {
      next: () =>
        new Promise<void>((resolve) => {
          if (arrived) {
            arrived = false;
            return resolve();
          }
          waiting = () => {
            arrived = false;
            waiting = undefined;
            resolve();
          };
        }),
      close: () => {
        set.delete(wake);
        if (set.size === 0) this.subscribers.delete(key);
        waiting = undefined;
      },
    };
  };
}

// Ids are the vendor's (bounded by the webhook route), so the payload stays far below NOTIFY's limit.
const topic = (vendor: string, id: string) => `${vendor}:${id}`;
