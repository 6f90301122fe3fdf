/**
 * The only module that touches the `espeak-ng` package (GPL-3.0-or-later, WebAssembly; see
 * docs/decisions/006-offline-speech-espeak-ng.md). It runs espeak's command-line entry point in a
 * worker thread, so a long narration never blocks the server's event loop.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { runAudioTask } from '../../media/audio-work';
import type { PcmAudio } from '../../media/wav';
import { BACKGROUND_NICENESS } from '../../media/background-priority';
import { cancelledError } from '../../media/media-error';

export interface EspeakParameters {
  /** Language voice and variant, e.g. `en-us+f3`. */
  voice: string;
  /** 0..99, espeak's base pitch. */
  pitch: number;
  /** 0..100, how far the pitch moves (intonation); 50 is espeak's default. */
  pitchRange: number;
  /** Words per minute, 80..450. */
  rate: number;
  /** 0..200, 100 is espeak's default. */
  amplitude: number;
  /** Extra pause between words, in 10 ms units. */
  wordGap: number;
}

/** Silence espeak puts between the lines of one multi-line call, long enough to split on. */
export const LINE_BREAK_SECONDS = 1.2;

export interface EspeakEngine {
  /**
   * Speech as mono PCM at espeak's 22050 Hz. Several lines are spoken in one run (one start-up of
   * the engine instead of one per line), separated by LINE_BREAK_SECONDS of silence.
   */
  synthesize(
    text: string | readonly string[],
    parameters: EspeakParameters,
    signal?: AbortSignal,
  ): Promise<PcmAudio>;
  close(): Promise<void>;
}

const clamp = (value: number, min: number, max: number) => Math.round(Math.min(max, Math.max(min, value)));

/** Control characters make espeak stop or misread; the rest of Unicode is fine. */
const withoutControlCharacters = (text: string) =>
  Array.from(text, (character) => {
    const code = character.charCodeAt(0);
    return (code < 32 && character !== '\n' && character !== '\t') || code === 127 ? ' ' : character;
  }).join('');

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (character) => `&#${character.charCodeAt(0)};`);

/**
 * espeak's arguments for one utterance. The text goes in as SSML (for the pitch range), escaped, so
 * nothing in it can be read as an option or markup. Pure.
 */
export function espeakArguments(
  text: string | readonly string[],
  parameters: EspeakParameters,
  outputFile: string,
): string[] {
  const lines = (typeof text === 'string' ? [text] : text).map((line) =>
    escapeXml(withoutControlCharacters(line)),
  );
  const body = lines.join(`<break time="${Math.round(LINE_BREAK_SECONDS * 1000)}ms"/>`);
  return [
    '-m',
    '-v',
    parameters.voice,
    '-p',
    String(clamp(parameters.pitch, 0, 99)),
    '-s',
    String(clamp(parameters.rate, 80, 450)),
    '-a',
    String(clamp(parameters.amplitude, 0, 200)),
    '-g',
    String(clamp(parameters.wordGap, 0, 50)),
    '-w',
    outputFile,
    `<speak><prosody range="${clamp(parameters.pitchRange, 0, 100)}">${body}</prosody></speak>`,
  ];
}

/*
 * Worker body (CommonJS, evaluated from a string so the bundled server needs no extra file). Some
 * espeak variants add breath noise seeded from the clock: fixing Date.now in this thread makes every
 * synthesis reproducible, which the "same seed, same video" promise needs.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
// Speech is render work: the thread yields to the server's event loop (media/background-priority.ts,
// which this evaluated source cannot import).
try {
  const threadId = Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop());
  const os = require('node:os');
  os.setPriority(threadId, Math.max(os.getPriority(threadId), workerData.niceness));
} catch {}
Date.now = () => 1700000000000;
let factory;
parentPort.on('message', async ({ id, args }) => {
  try {
    factory ??= (await import(workerData.moduleUrl)).default;
    const instance = await factory({ arguments: args, print() {}, printErr() {} });
    const wav = instance.FS.readFile('/speech.wav');
    parentPort.postMessage({ id, wav }, [wav.buffer]);
  } catch (error) {
    parentPort.postMessage({ id, error: String(error && error.message ? error.message : error) });
  }
});
`;

interface WorkerReply {
  id: number;
  wav?: Uint8Array;
  error?: string;
}

/**
 * An idle worker stops after this long: its WebAssembly memories and heap, tens of megabytes that
 * only grow while it lives, go back to the system, and the next narration pays ~0.1 s of start-up.
 */
const IDLE_STOP_MS = 20_000;

/** A single espeak worker, started on first use; utterances run one after another. */
export function createEspeakEngine(): EspeakEngine {
  const moduleUrl = pathToFileURL(createRequire(import.meta.url).resolve('espeak-ng')).href;
  let worker: Worker | null = null;
  let idleTimer: NodeJS.Timeout | undefined;
  let nextId = 1;
  const waiting = new Map<number, { resolve: (wav: Uint8Array) => void; reject: (error: Error) => void }>();

  const stopWhenIdle = () => {
    clearTimeout(idleTimer);
    if (waiting.size > 0) return;
    idleTimer = setTimeout(() => {
      const idle = worker;
      worker = null;
      void idle?.terminate();
    }, IDLE_STOP_MS);
    idleTimer.unref();
  };

  const failAll = (error: Error) => {
    for (const entry of waiting.values()) entry.reject(error);
    waiting.clear();
  };

  const ensureWorker = (): Worker => {
    if (worker) return worker;
    const started = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { moduleUrl, niceness: BACKGROUND_NICENESS },
    });
    // An idle speech worker must not keep the process alive.
    started.unref();
    started.on('message', (reply: WorkerReply) => {
      const entry = waiting.get(reply.id);
      if (!entry) return;
      waiting.delete(reply.id);
      stopWhenIdle();
      if (reply.wav) entry.resolve(reply.wav);
      else entry.reject(new Error(reply.error ?? 'espeak failed'));
    });
    started.on('error', (error) => {
      worker = null;
      failAll(error);
    });
    started.on('exit', () => {
      if (worker !== started) return;
      worker = null;
      failAll(new Error('The speech worker stopped'));
    });
    worker = started;
    return started;
  };

  return {
    async synthesize(text, parameters, signal) {
      if (signal?.aborted) throw cancelledError(signal);
      const id = nextId++;
      const args = espeakArguments(text, parameters, '/speech.wav');
      const wav = await new Promise<Uint8Array>((resolve, reject) => {
        clearTimeout(idleTimer);
        waiting.set(id, { resolve, reject });
        ensureWorker().postMessage({ id, args });
        signal?.addEventListener(
          'abort',
          () => {
            // The worker finishes its utterance; the caller just stops waiting for it.
            if (waiting.delete(id)) {
              reject(cancelledError(signal));
              stopWhenIdle();
            }
          },
          { once: true },
        );
      });
      return runAudioTask('decodeWav', wav, { transfer: [wav.buffer] });
    },
    async close() {
      clearTimeout(idleTimer);
      const current = worker;
      worker = null;
      failAll(new Error('The speech engine was closed'));
      if (current) await current.terminate();
    },
  };
}
