/*
 * The render process (issue 20, decision 031): a child of a server in ROLE=all, started below its
 * priority, that runs the offline video provider for it. The server sends calls over IPC
 * (render-messages.ts); this process answers with progress, candidates and results. It ends when
 * the server lets go of it (idle, shutting down, or gone: the IPC channel closes).
 */
import { createLogger } from '../../platform/logger';
import { createProviders, type Providers } from '../create-providers';
import type { CandidatesTaskOptions, VideoCandidate } from '../video/video-provider';
import {
  toRemoteError,
  type FromRenderProcess,
  type PlainVideo,
  type ToRenderProcess,
} from './render-messages';

// Once the server has let go, answers have nowhere to go (sending would throw).
const send = (message: FromRenderProcess) => {
  if (process.connected) process.send?.(message);
};

let providers: Promise<Providers> | undefined;
const running = new Map<number, AbortController>();
/** Candidates handed to the server, waiting for it to say it stored them. */
const handedOver = new Map<string, { resolve(): void; reject(error: Error): void }>();

const withoutRelease = <V extends { release: unknown }>({ release: _release, ...plain }: V) => plain;

async function call(message: Extract<ToRenderProcess, { type: 'call' }>): Promise<void> {
  const { id } = message;
  const controller = new AbortController();
  running.set(id, controller);
  try {
    if (!providers) throw new Error('The render process was not started');
    const { video } = await providers;
    const options: CandidatesTaskOptions = {
      signal: controller.signal,
      onProgress: (report) => send({ type: 'progress', id, report }),
      onCandidate: (candidate) =>
        new Promise<void>((resolve, reject) => {
          handedOver.set(`${id}:${candidate.id}`, { resolve, reject });
          send({ type: 'candidate', id, candidate: withoutRelease(candidate) });
        }),
    };
    // Each method takes its own request; the server sends the one its caller gave.
    const request = message.request as never;
    let result: PlainVideo | PlainVideo<VideoCandidate>[];
    if (message.method === 'candidates') {
      result = (await video.candidates(request, options)).map(withoutRelease);
    } else {
      result = withoutRelease(await video[message.method](request, options));
    }
    send({ type: 'done', id, result });
  } catch (error) {
    send({ type: 'failed', id, error: toRemoteError(error) });
  } finally {
    running.delete(id);
  }
}

process.on('message', (message: ToRenderProcess) => {
  switch (message.type) {
    case 'start': {
      const logger = createLogger(message.logLevel).child({ component: 'render-process' });
      providers = createProviders({
        ...message.settings,
        video: message.settings.video ?? { kind: 'local' },
        // The server logged the tools and providers it chose at its start; this process starts
        // with every render after an idle spell, and says only what goes wrong.
        logger: { info: () => undefined, warn: (details, text) => logger.warn(details, text) },
      });
      providers.catch((error: unknown) => logger.error({ err: error }, 'The render process could not start'));
      break;
    }
    case 'call':
      void call(message);
      break;
    case 'abort':
      running.get(message.id)?.abort();
      break;
    case 'candidate-taken': {
      const key = `${message.id}:${message.candidateId}`;
      const waiting = handedOver.get(key);
      handedOver.delete(key);
      if (message.error)
        waiting?.reject(Object.assign(new Error(message.error.message), { name: message.error.name }));
      else waiting?.resolve();
      break;
    }
  }
});

// A terminal's Ctrl-C or a service manager's SIGTERM reaches the whole process group; the server
// stops its jobs and hands them back first, then lets this process go.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => undefined);

// The server let go (idle, shutting down) or died: stop the renders (their tools die with this
// process) and the speech thread, and end.
process.once('disconnect', () => {
  for (const controller of running.values()) controller.abort();
  void (async () => {
    try {
      await (await providers)?.close();
    } finally {
      process.exit(0);
    }
  })();
});
