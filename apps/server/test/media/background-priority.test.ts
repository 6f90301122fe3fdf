import fs from 'node:fs';
import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { BACKGROUND_NICENESS } from '../../src/media/background-priority';

const niceness = (statFile: string) => {
  const stat = fs.readFileSync(statFile, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
};

describe.runIf(process.platform === 'linux')('background threads', () => {
  it('lower the priority of their own thread only, not of the thread that serves', async () => {
    const before = niceness('/proc/thread-self/stat');
    const worker = new Worker(new URL('../fixtures/background-thread.mjs', import.meta.url));
    const [workerNiceness] = (await once(worker, 'message')) as [number];
    await worker.terminate();
    expect(workerNiceness).toBe(Math.max(before, BACKGROUND_NICENESS));
    expect(niceness('/proc/thread-self/stat')).toBe(before);
  });
});
