import os from 'node:os';
import { Piscina } from 'piscina';
import type { AudioTask, AudioTaskName, AudioTaskResult } from './audio-worker';

/*
 * From the sources (tsx, vitest) the worker is TypeScript, which a worker thread does not load by
 * itself: a small ES module loads it through tsx. The build bundles it to dist/audio-worker.js,
 * next to main.js.
 */
const WORKER_URL = import.meta.url.endsWith('.ts')
  ? new URL('./audio-worker-from-source.mjs', import.meta.url)
  : new URL('./audio-worker.js', import.meta.url);

/**
 * A pool of render threads running one worker module (its default export takes a task), started
 * on first use; idle threads exit, which gives a render's memory back. Half the cores at most:
 * ffmpeg and sharp need the rest during a render. The audio work has one; providers/story-work.ts
 * another, so a story's drawing and its music bed run side by side as before.
 */
export function renderThreadPool(
  workerModule: URL,
  options: { concurrentTasksPerWorker?: number } = {},
): () => Piscina {
  let pool: Piscina | undefined;
  return () =>
    (pool ??= new Piscina({
      filename: workerModule.href,
      minThreads: 0,
      maxThreads: Math.max(1, Math.floor(os.availableParallelism() / 2)),
      idleTimeout: 20_000,
      ...options,
    }));
}

const audioPool = renderThreadPool(WORKER_URL);

/**
 * Runs one task of media/audio-worker.ts in a worker thread, so the event loop stays free while a
 * soundtrack is mixed. Inputs are copied (pass `transfer` for buffers the caller is done with);
 * results come back by transfer.
 */
export function runAudioTask<K extends AudioTaskName>(
  name: K,
  input: AudioTask<K>['input'],
  options: { transfer?: ArrayBufferLike[] } = {},
): Promise<AudioTaskResult<K>> {
  const task: AudioTask<K> = { name, input };
  return audioPool().run(task, options.transfer ? { transferList: options.transfer as ArrayBuffer[] } : {});
}
