import fs from 'node:fs/promises';
import { runAudioTask } from './audio-work';
import { runFfmpeg } from './ffmpeg-runner';
import { MediaError } from './media-error';
import { probeMedia, type MediaProbe } from './media-probe';
import type { MediaTools } from './media-tools';
import { withTempWorkspace } from './temp-workspace';
import type { PcmAudio } from './wav';

export interface AudioIntakeLimits {
  maxBytes: number;
  maxSeconds: number;
  /** Shorter samples are refused (a voice clone needs some speech). */
  minSeconds?: number;
}

export interface AudioIntakeOptions {
  sampleRate: number;
  channels: 1 | 2;
  workDir?: string;
  signal?: AbortSignal;
  timeoutMs?: number;
}

/** Containers and codecs users send (MP3, WAV, M4A/MP4, OGG, WebM, FLAC); anything else is refused. */
const ACCEPTED_FORMATS = ['mp3', 'wav', 'mov', 'mp4', 'm4a', 'ogg', 'matroska', 'webm', 'flac', 'aac'];
const ACCEPTED_CODECS = [
  'mp3',
  'aac',
  'vorbis',
  'opus',
  'flac',
  'alac',
  'pcm_s16le',
  'pcm_s24le',
  'pcm_s32le',
  'pcm_f32le',
  'pcm_u8',
  'pcm_mulaw',
  'pcm_alaw',
];

const tooLong = (limits: AudioIntakeLimits) =>
  new MediaError(
    'media_too_large',
    `The audio is too long (at most ${Math.round(limits.maxSeconds)} seconds).`,
  );

/**
 * Checks a probe: a supported format and codec, and no header already over the length limit (a
 * header within it proves nothing: vetAudioFile measures by decoding). Throws a MediaError a user
 * can act on. Pure.
 */
export function checkAudioProbe(probe: MediaProbe, limits: AudioIntakeLimits): void {
  const formats = probe.formatName.split(',');
  if (!probe.audio || !formats.some((format) => ACCEPTED_FORMATS.includes(format))) {
    throw new MediaError(
      'unsupported_media',
      'The audio file is not in a supported format (MP3, WAV, M4A, OGG, WebM).',
      {
        details: `${probe.formatName}/${probe.audio?.codec ?? 'no audio'}`,
      },
    );
  }
  if (!ACCEPTED_CODECS.includes(probe.audio.codec)) {
    throw new MediaError('unsupported_media', 'The audio file uses an unsupported encoding.', {
      details: probe.audio.codec,
    });
  }
  const duration = probe.durationSeconds ?? probe.audio.durationSeconds;
  if (duration !== null && duration > limits.maxSeconds) throw tooLong(limits);
}

/** Decoders pad a little (MP3 and AAC priming): a sample this much over the limit still passes. */
const LENGTH_SLACK_SECONDS = 0.1;

/** Checks the decoded length of a sample against the limits. Pure. */
export function checkAudioLength(seconds: number, limits: AudioIntakeLimits): void {
  if (seconds > limits.maxSeconds + LENGTH_SLACK_SECONDS) throw tooLong(limits);
  if (limits.minSeconds !== undefined && seconds < limits.minSeconds) {
    throw new MediaError('invalid_media', `The audio is too short (at least ${limits.minSeconds} seconds).`);
  }
}

/** ffmpeg failing on a user's file means the file is bad, which the user can act on. */
function asDecodeFailure(error: unknown): never {
  if (error instanceof MediaError && error.code === 'process_failed') {
    throw new MediaError('invalid_media', 'The audio file could not be decoded.', {
      cause: error,
      details: error.details,
    });
  }
  throw error;
}

/** The measuring decode writes one byte a sample at this rate: 8 kB a second of sound. */
const MEASURE_RATE = 8000;

/**
 * Seconds of sound in a file's first audio track, counted from what the decoder gives: a container's
 * duration and its packet timestamps can lie (issue 37), the number of decoded samples cannot.
 * ffmpeg stops once its output holds `maxSeconds` plus one second, so a ten-hour file costs about
 * what one just over the limit does; it runs niced and under a time limit like every media tool.
 */
export async function measureAudioSeconds(
  tools: MediaTools,
  filePath: string,
  maxSeconds: number,
  options: { signal?: AbortSignal; timeoutMs?: number } = {},
): Promise<number> {
  const output = `${filePath}.measure.raw`;
  try {
    await runFfmpeg(
      tools,
      [
        '-i',
        filePath,
        '-map',
        '0:a:0',
        '-vn',
        '-sn',
        '-dn',
        '-ac',
        '1',
        '-ar',
        String(MEASURE_RATE),
        '-c:a',
        'pcm_u8',
        '-fs',
        String(Math.ceil((maxSeconds + 1) * MEASURE_RATE)),
        '-f',
        'u8',
        output,
      ],
      { signal: options.signal, timeoutMs: options.timeoutMs ?? 30_000, label: 'audio length' },
    ).catch(asDecodeFailure);
    return (await fs.stat(output)).size / MEASURE_RATE;
  } finally {
    await fs.rm(output, { force: true });
  }
}

/**
 * The one check every user's audio passes where it enters (an upload, a render's input): the probe
 * (a supported format and codec; a header already over the limit is refused at once), then the
 * length by decoding, which a patched or missing duration does not fool.
 */
export async function vetAudioFile(
  tools: MediaTools,
  filePath: string,
  limits: AudioIntakeLimits,
  options: { signal?: AbortSignal; timeoutMs?: number } = {},
): Promise<{ probe: MediaProbe; durationSeconds: number }> {
  const probe = await probeMedia(tools, filePath, options);
  checkAudioProbe(probe, limits);
  const durationSeconds = await measureAudioSeconds(tools, filePath, limits.maxSeconds, options);
  checkAudioLength(durationSeconds, limits);
  return { probe, durationSeconds };
}

/**
 * A user's audio file, checked (size, then vetAudioFile: format, codec, decoded length) and only then
 * decoded by ffmpeg to PCM, cut at the duration limit.
 */
export async function intakeAudio(
  tools: MediaTools,
  data: Buffer,
  limits: AudioIntakeLimits,
  options: AudioIntakeOptions,
): Promise<PcmAudio> {
  if (data.length === 0) throw new MediaError('invalid_media', 'The audio file is empty.');
  if (data.length > limits.maxBytes) {
    throw new MediaError(
      'media_too_large',
      `The audio file is too large (at most ${Math.round(limits.maxBytes / 1048576)} MB).`,
    );
  }
  return withTempWorkspace(options.workDir, async (workspace) => {
    const input = workspace.file('input.bin');
    const output = workspace.file('decoded.wav');
    await fs.writeFile(input, data);
    await vetAudioFile(tools, input, limits, { signal: options.signal });
    await runFfmpeg(
      tools,
      [
        '-i',
        input,
        '-map',
        '0:a:0',
        '-vn',
        '-sn',
        '-dn',
        '-t',
        String(limits.maxSeconds),
        '-ac',
        String(options.channels),
        '-ar',
        String(options.sampleRate),
        '-c:a',
        'pcm_s16le',
        '-f',
        'wav',
        output,
      ],
      { signal: options.signal, timeoutMs: options.timeoutMs ?? 60_000, label: 'audio decode' },
    ).catch(asDecodeFailure);
    return runAudioTask('readWav', output);
  });
}

/** Decodes the audio track of one of our own files (a rendered clip) to PCM; silence if it has none. */
export async function decodeOwnAudio(
  tools: MediaTools,
  filePath: string,
  options: AudioIntakeOptions & { durationSeconds: number },
): Promise<PcmAudio> {
  const probe = await probeMedia(tools, filePath, { signal: options.signal });
  if (!probe.audio) {
    const length = Math.round(options.durationSeconds * options.sampleRate);
    return {
      sampleRate: options.sampleRate,
      channels: Array.from({ length: options.channels }, () => new Float32Array(length)),
    };
  }
  return withTempWorkspace(options.workDir, async (workspace) => {
    const output = workspace.file('decoded.wav');
    await runFfmpeg(
      tools,
      [
        '-i',
        filePath,
        '-map',
        '0:a:0',
        '-vn',
        '-ac',
        String(options.channels),
        '-ar',
        String(options.sampleRate),
        '-c:a',
        'pcm_s16le',
        '-f',
        'wav',
        output,
      ],
      { signal: options.signal, timeoutMs: options.timeoutMs ?? 60_000, label: 'audio decode' },
    );
    return runAudioTask('readWav', output);
  });
}
