import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { toolCommand } from '../../media/process-runner';
import { ProviderError } from '../provider-error';
import { LOCAL_VIDEO_FAILURES } from '../video/local-video-provider';
import type { TaskOptions } from '../provider-task';
import type {
  CandidatesTaskOptions,
  RenderedVideo,
  StoryboardRenderedVideo,
  VideoCandidate,
  VideoProvider,
} from '../video/video-provider';
import {
  fromRemoteError,
  toRemoteError,
  type FromRenderProcess,
  type PlainVideo,
  type RenderMethod,
  type RenderProcessSettings,
  type ToRenderProcess,
} from './render-messages';

/**
 * From the sources (tsx, vitest) a small ES module registers tsx and loads the TypeScript entry;
 * the built server runs dist/render-process.js.
 */
const ENTRY = fileURLToPath(
  import.meta.url.endsWith('.ts')
    ? new URL('./render-process-from-source.mjs', import.meta.url)
    : new URL('./render-process.js', import.meta.url),
);

const DEFAULT_IDLE_EXIT_MS = 20_000;
const EXIT_TIMEOUT_MS = 10_000;
/** A call still running this long after its abort means a stuck process: it is killed. */
const ABORT_GRACE_MS = 10_000;

/** The message each method's failures fall back to, as the in-process provider words them. */
const FALLBACK_MESSAGES: Record<RenderMethod, string> = {
  fromText: LOCAL_VIDEO_FAILURES.render,
  fromStoryboard: LOCAL_VIDEO_FAILURES.render,
  fromImages: LOCAL_VIDEO_FAILURES.render,
  candidates: LOCAL_VIDEO_FAILURES.candidates,
  extend: LOCAL_VIDEO_FAILURES.extend,
};

export interface RenderProcessOptions {
  settings: RenderProcessSettings;
  logLevel: string;
  logger: { warn(details: object, message: string): void };
  /** The process ends this long after its last call (default 20 s); the next call starts another. */
  idleExitMs?: number;
}

interface PendingCall {
  method: RenderMethod;
  process: ChildProcess;
  options: CandidatesTaskOptions;
  resolve(result: PlainVideo | PlainVideo<VideoCandidate>[]): void;
  reject(error: Error): void;
}

/** A result as its caller gets it: `release` deletes its folder, as the provider's own does. */
function withRelease<V extends PlainVideo>(video: V): V & { release(): Promise<void> } {
  return { ...video, release: () => fs.rm(path.dirname(video.path), { recursive: true, force: true }) };
}

export interface RenderProcessVideoProvider extends VideoProvider {
  /** The running render process's id, if one runs (tests, benchmarks). */
  readonly pid: number | undefined;
  /** Ends the render process (its calls fail) and waits for it to exit. */
  close(): Promise<void>;
}

/**
 * The offline video provider run in a process of its own, below the server's priority: a render's
 * JavaScript, garbage collections, image threads and the spawning of its tools then never take
 * the API's event loop or its cores from a request (issue 20). The process starts with the first
 * call and ends when it has been idle for a while, so an idle server holds no second process.
 */
export function createRenderProcessVideoProvider(options: RenderProcessOptions): RenderProcessVideoProvider {
  const idleExitMs = options.idleExitMs ?? DEFAULT_IDLE_EXIT_MS;
  const calls = new Map<number, PendingCall>();
  let current: ChildProcess | undefined;
  let idleTimer: NodeJS.Timeout | undefined;
  let nextId = 1;

  const send = (child: ChildProcess, message: ToRenderProcess) => {
    if (child.connected) child.send(message);
  };

  function start(): ChildProcess {
    // Under `nice` and with a parent-death signal, as the media tools (toolCommand): every thread
    // of the process, its tools included, yields to the API, and none outlives a killed server.
    const [program, args] = toolCommand(process.execPath, [ENTRY]);
    const child = spawn(program, args, {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      serialization: 'advanced',
    });
    let gone = false;
    const lost = (reason: string) => {
      if (gone) return;
      gone = true;
      if (current === child) current = undefined;
      for (const [id, call] of calls) {
        if (call.process !== child) continue;
        calls.delete(id);
        // As when a server dies mid-render: trying again may well succeed.
        call.reject(
          new ProviderError('unavailable', FALLBACK_MESSAGES[call.method], {
            details: `The render process ${reason}`,
          }),
        );
      }
      armIdleTimer();
    };
    child.on('error', (error) => {
      options.logger.warn({ err: error }, 'The render process failed');
      lost(`failed: ${error.message}`);
    });
    child.on('exit', (code, signal) => lost(`exited (${signal ?? code})`));
    child.on('message', (message: FromRenderProcess) => answer(child, message));
    send(child, { type: 'start', settings: options.settings, logLevel: options.logLevel });
    return child;
  }

  /**
   * Ends a call whose caller's progress callback threw: the provider in this process lets that
   * error out of the call as it is. The render process is told to stop the render.
   */
  function failCall(child: ChildProcess, id: number, call: PendingCall, error: unknown): void {
    calls.delete(id);
    send(child, { type: 'abort', id });
    call.reject(error instanceof Error ? error : new Error(String(error)));
    armIdleTimer();
  }

  function answer(child: ChildProcess, message: FromRenderProcess): void {
    const call = calls.get(message.id);
    if (!call) {
      // A call already failed here (its progress callback threw) finished anyway: nobody takes its files.
      if (message.type === 'done') {
        for (const video of [message.result].flat()) void withRelease(video).release();
      }
      return;
    }
    switch (message.type) {
      case 'progress':
        try {
          call.options.onProgress?.(message.report);
        } catch (error) {
          failCall(child, message.id, call, error);
        }
        break;
      case 'candidate': {
        const taken = Promise.resolve().then(() =>
          call.options.onCandidate?.(withRelease(message.candidate)),
        );
        taken.then(
          () => send(child, { type: 'candidate-taken', id: message.id, candidateId: message.candidate.id }),
          (error: unknown) =>
            send(child, {
              type: 'candidate-taken',
              id: message.id,
              candidateId: message.candidate.id,
              error: toRemoteError(error),
            }),
        );
        break;
      }
      case 'done':
        calls.delete(message.id);
        call.resolve(message.result);
        armIdleTimer();
        break;
      case 'failed':
        calls.delete(message.id);
        call.reject(fromRemoteError(message.error, FALLBACK_MESSAGES[call.method]));
        armIdleTimer();
        break;
    }
  }

  /** With nothing to do for `idleExitMs`, the process is let go (it ends when its channel closes). */
  function armIdleTimer(): void {
    clearTimeout(idleTimer);
    if (calls.size > 0 || !current) return;
    const idle = current;
    idleTimer = setTimeout(() => {
      if (calls.size === 0 && current === idle) {
        current = undefined;
        if (idle.connected) idle.disconnect();
      }
    }, idleExitMs);
    idleTimer.unref();
  }

  function run(method: RenderMethod, request: unknown, taskOptions: CandidatesTaskOptions = {}) {
    clearTimeout(idleTimer);
    const child = (current ??= start());
    const id = nextId++;
    const result = new Promise<PlainVideo | PlainVideo<VideoCandidate>[]>((resolve, reject) => {
      calls.set(id, { method, process: child, options: taskOptions, resolve, reject });
    });
    const { signal } = taskOptions;
    const abort = () => {
      send(child, { type: 'abort', id });
      setTimeout(() => {
        if (calls.has(id)) child.kill('SIGKILL');
      }, ABORT_GRACE_MS).unref();
    };
    signal?.addEventListener('abort', abort, { once: true });
    send(child, { type: 'call', id, method, request });
    if (signal?.aborted) abort();
    return result.finally(() => signal?.removeEventListener('abort', abort));
  }

  const single = async (method: Exclude<RenderMethod, 'candidates'>, request: unknown, task?: TaskOptions) =>
    withRelease((await run(method, request, task)) as PlainVideo) as RenderedVideo;

  return {
    kind: 'local',
    captionedClips: true,
    get pid() {
      return current?.pid;
    },
    fromText: (request, task) => single('fromText', request, task),
    fromStoryboard: async (request, task) =>
      (await single('fromStoryboard', request, task)) as StoryboardRenderedVideo,
    fromImages: (request, task) => single('fromImages', request, task),
    extend: (request, task) => single('extend', request, task),
    async candidates(request, task) {
      const videos = (await run('candidates', request, task)) as PlainVideo<VideoCandidate>[];
      return videos.map(withRelease);
    },
    async close() {
      clearTimeout(idleTimer);
      const child = current;
      current = undefined;
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      if (child.connected) child.disconnect();
      const timer = setTimeout(() => child.kill('SIGKILL'), EXIT_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    },
  };
}
