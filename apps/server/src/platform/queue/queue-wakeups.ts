/**
 * Idle worker slots waiting for a job: each waits on its queue until woken (a job was sent) or its
 * polling interval ends, whichever comes first.
 */
export class QueueWakeups {
  private readonly waiting = new Map<string, Set<() => void>>();

  wait(queue: string, timeoutMs: number): Promise<void> {
    return new Promise((resolve) => {
      let waiters = this.waiting.get(queue);
      if (!waiters) {
        waiters = new Set();
        this.waiting.set(queue, waiters);
      }
      const done = () => {
        clearTimeout(timer);
        waiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      waiters.add(done);
    });
  }

  wake(queue: string): void {
    for (const done of [...(this.waiting.get(queue) ?? [])]) done();
  }

  wakeAll(): void {
    for (const queue of this.waiting.keys()) this.wake(queue);
  }
}
