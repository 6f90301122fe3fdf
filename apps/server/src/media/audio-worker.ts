/**
 * The audio worker: the soundtrack mixes, the offline voice's finishing, speech analysis and WAV
 * reading and writing, run in worker threads by media/audio-work.ts so that none of them blocks the
 * server's event loop (a minute of sound is a few hundred milliseconds of arithmetic). Piscina calls
 * the default export with one task.
 */
import fs from 'node:fs';
import { Piscina } from 'piscina';
import { splitAtSilences } from './audio-mixing';
import { runThisThreadInBackground } from './background-priority';
import { mouthOpenness } from './mouth-openness';
import { synthesizeMusicBed, type MusicBedRequest } from './music-bed';
import { extensionSoundtrack, slidesSoundtrack, storySoundtrack, voiceoverSoundtrack } from './soundtracks';
import { measureSpeech } from './speech-analysis';
import { finishSpeech, type SpeechFinish } from './speech-finishing';
import { decodeWav, encodeWav, pcmDuration, type PcmAudio } from './wav';

// A minute of audio is a few hundred milliseconds of arithmetic: it must not take a core from the
// server's event loop while a request waits.
runThisThreadInBackground();

/** A finished line of speech as the speech provider answers it. */
export interface EncodedSpeech {
  wav: Uint8Array;
  durationSeconds: number;
}

declare const movedValue: unique symbol;
/** A result wrapped for Piscina to transfer: the caller receives the `T` itself, not the wrapper. */
export interface Moved<T> {
  readonly [movedValue]: T;
}

/** Results go back by transfer, not by copy: the main thread then copies nothing. */
function moved<T extends object>(value: T, buffers: ArrayBufferLike[]): Moved<T> {
  const unique = [...new Set(buffers)];
  return Piscina.move({
    get [Piscina.transferableSymbol]() {
      return unique;
    },
    get [Piscina.valueSymbol]() {
      return value;
    },
  } as never) as unknown as Moved<T>;
}

const movedPcm = (audio: PcmAudio) =>
  moved(
    audio,
    audio.channels.map((channel) => channel.buffer),
  );

const movedSpeech = (speech: EncodedSpeech[]) =>
  moved(
    speech,
    speech.map((line) => line.wav.buffer),
  );

function encodeSpeech(speech: PcmAudio): EncodedSpeech {
  return { wav: encodeWav(speech), durationSeconds: pcmDuration(speech) };
}

const writeWav = (path: string, audio: PcmAudio) => fs.writeFileSync(path, encodeWav(audio));

/** Every task the worker runs: its name, its input, its result. */
export const AUDIO_TASKS = {
  musicBed: (request: MusicBedRequest) => movedPcm(synthesizeMusicBed(request)),
  writeStorySoundtrack: (input: Parameters<typeof storySoundtrack>[0] & { path: string }) =>
    writeWav(input.path, storySoundtrack(input)),
  writeExtensionSoundtrack: (input: Parameters<typeof extensionSoundtrack>[0] & { path: string }) =>
    writeWav(input.path, extensionSoundtrack(input)),
  writeSlidesSoundtrack: (input: Parameters<typeof slidesSoundtrack>[0] & { path: string }) =>
    writeWav(input.path, slidesSoundtrack(input)),
  writeVoiceoverSoundtrack: (input: Parameters<typeof voiceoverSoundtrack>[0] & { path: string }) =>
    writeWav(input.path, voiceoverSoundtrack(input)),
  writeWav: (input: { path: string; audio: PcmAudio }) => writeWav(input.path, input.audio),
  readWav: (path: string) => movedPcm(decodeWav(fs.readFileSync(path))),
  decodeWav: (wav: Uint8Array) =>
    movedPcm(decodeWav(Buffer.from(wav.buffer, wav.byteOffset, wav.byteLength))),
  finishSpeech: (input: { spoken: PcmAudio; finish: SpeechFinish }) => {
    const speech = encodeSpeech(finishSpeech(input.spoken, input.finish));
    return moved(speech, [speech.wav.buffer]);
  },
  /**
   * Lines spoken in one run, cut at the `lineCount - 1` longest pauses and finished; null when the
   * pauses are not there (the caller speaks the lines one by one).
   */
  finishSpeechLines: (input: {
    spoken: PcmAudio;
    lineCount: number;
    minGapSeconds: number;
    finish: SpeechFinish;
  }) => {
    const parts =
      input.lineCount === 1
        ? [input.spoken]
        : splitAtSilences(input.spoken, input.lineCount, input.minGapSeconds);
    return parts && movedSpeech(parts.map((part) => encodeSpeech(finishSpeech(part, input.finish))));
  },
  measureSpeech,
  mouthOpenness: (input: { speech: PcmAudio; fps: number; frames: number }) => {
    const open = mouthOpenness(input.speech, input.fps, input.frames);
    return moved(open, [open.buffer]);
  },
};

export type AudioTasks = typeof AUDIO_TASKS;
export type AudioTaskName = keyof AudioTasks;
export interface AudioTask<K extends AudioTaskName = AudioTaskName> {
  name: K;
  input: Parameters<AudioTasks[K]>[0];
}
/** What the main thread receives from a task. */
export type AudioTaskResult<K extends AudioTaskName> =
  ReturnType<AudioTasks[K]> extends Moved<infer T> | null
    ? T | Extract<ReturnType<AudioTasks[K]>, null>
    : ReturnType<AudioTasks[K]>;

export default function runAudioTask<K extends AudioTaskName>(task: AudioTask<K>): ReturnType<AudioTasks[K]> {
  const run = AUDIO_TASKS[task.name] as (input: AudioTask<K>['input']) => ReturnType<AudioTasks[K]>;
  return run(task.input);
}
