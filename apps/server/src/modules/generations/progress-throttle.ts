/** Where a job's progress goes: its row, then the owner's sockets. */
export type ProgressWriter<T> = (value: T) => Promise<void>;

interface ThrottleLogger {
  warn(obj: object, msg: string): void;
}

/**
 * Passes a render's many progress reports on at most once per interval (and at once when `force`
 * says the step matters, e.g. a new stage), one write at a time and in order. A failed write is
 * logged and skipped: progress is a display, it must not fail the render.
 */
export class ProgressThrottle<T> {
  private lastWriteAt = Number.NEGATIVE_INFINITY;
  private pending: T | undefined;
  private chain: Promise<void> = Promise.resolve();

  constructor(
    private readonly write: ProgressWriter<T>,
    private readonly logger: ThrottleLogger,
    private readonly intervalMs = 1000,
    private readonly now: () => number = Date.now,
  ) {}

  report(value: T, force = false): void {
    this.pending = value;
    if (!force && this.now() - this.lastWriteAt < this.intervalMs) return;
    this.lastWriteAt = this.now();
    this.pending = undefined;
    this.chain = this.chain.then(() =>
      this.write(value).catch((error: unknown) => {
        this.logger.warn({ err: error }, 'Could not record the progress of a video job');
      }),
    );
  }

  /** Waits for the writes under way; the last skipped report is dropped (a final state follows). */
  async settle(): Promise<void> {
    this.pending = undefined;
    await this.chain;
  }
}
