import { ProgressThrottle } from '../generations';

interface ProgressLogger {
  warn(obj: object, msg: string): void;
}

/**
 * The progress of one studio step as the user sees it: throttled, and rising only. A step maps
 * several pieces of work onto one bar (a storyboard render, then the lip-sync provider), and a
 * provider's own progress may fall (a vendor restarting a stage, a retried attempt starting over):
 * a report lower than one already passed on is dropped. It stays below 1: the step's end says done.
 */
export class RisingProgress {
  private readonly throttle: ProgressThrottle<number>;
  private highest: number;

  /** `floor`: what was already shown (a retried attempt does not start the bar again). */
  constructor(write: (progress: number) => Promise<void>, logger: ProgressLogger, floor = 0) {
    this.throttle = new ProgressThrottle<number>(write, logger);
    this.highest = Math.min(RisingProgress.CEILING, Math.max(0, floor));
  }

  private static readonly CEILING = 0.99;

  report(progress: number): void {
    const value = Math.min(RisingProgress.CEILING, Math.max(0, progress));
    if (!(value > this.highest)) return;
    this.highest = value;
    this.throttle.report(value);
  }

  /** Waits for the writes under way (a final state follows). */
  settle(): Promise<void> {
    return this.throttle.settle();
  }
}
