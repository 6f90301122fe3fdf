import fs from 'node:fs';
import os from 'node:os';

/**
 * Renders are background work: in a process that also serves (ROLE=all), requests come first
 * (issue 20). The niceness of the media tools and of the audio worker threads.
 */
export const BACKGROUND_NICENESS = 10;

/**
 * Lowers the priority of the calling thread only (a worker thread: on Linux each thread has a
 * niceness of its own, set through its thread id). Elsewhere, or where it is refused, the thread
 * keeps the process's priority.
 */
export function runThisThreadInBackground(): void {
  if (process.platform !== 'linux') return;
  try {
    const threadId = Number(fs.readlinkSync('/proc/thread-self').split('/').pop());
    // Never raised: a server started under `nice` keeps its lower priority.
    if (Number.isSafeInteger(threadId)) {
      os.setPriority(threadId, Math.max(os.getPriority(threadId), BACKGROUND_NICENESS));
    }
  } catch {
    // No /proc or not allowed: run at the process's priority.
  }
}
