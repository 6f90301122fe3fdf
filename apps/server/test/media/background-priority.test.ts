import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { BACKGROUND_NICENESS } from '../../src/media/background-priority';
import { nicenessIn } from '../helpers/processes';

describe.runIf(process.platform === 'linux')('background threads', () => {
  it('lower the priority of their own thread only, not of the thread that serves', async () => {
    const before = nicenessIn('/proc/thread-self/stat');
    const worker = new Worker(new URL('../fixtures/background-thread.mjs', import.meta.url));
    const [thread] = (await once(worker, 'message')) as [string];
    const workerNiceness = nicenessIn(`/proc/${thread}/stat`);
    await worker.terminate();
    expect(workerNiceness).toBe(Math.max(before, BACKGROUND_NICENESS));
    expect(nicenessIn('/proc/thread-self/stat')).toBe(before);
  });
});
