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

let pool: Piscina | undefined;

/** Started on first use; idle threads exit, which gives the memory of a render's audio back. */
function audioPool(): Piscina {
  pool ??= new Piscina({
    filename: WORKER_URL.href,
    minThreads: 0,
    // Half the cores: ffmpeg and sharp need the rest during a render.
    maxThreads: Math.max(1, Math.floor(os.availableParallelism() / 2)),
    idleTimeout: 20_000,
  });
  return pool;
}

/**
 * Runs the default export of another worker module with `input`, in the same threads (Piscina
 * loads the module there on first use): render work that is not audio, such as reading a prompt,
 * shares their priority and their budget of half the cores.
 */
export function runInRenderThreads<T>(workerModule: URL, input: unknown): Promise<T> {
  return audioPool().run(input, { filename: workerModule.href }) as Promise<T>;
}

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
