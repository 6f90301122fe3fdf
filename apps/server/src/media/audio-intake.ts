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

/** Checks a probe against the limits; throws a MediaError a user can act on. Pure. */
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
  if (duration !== null && duration > limits.maxSeconds) {
    throw new MediaError(
      'media_too_large',
      `The audio is too long (at most ${Math.round(limits.maxSeconds)} seconds).`,
    );
  }
  if (limits.minSeconds !== undefined && (duration === null || duration < limits.minSeconds)) {
    throw new MediaError('invalid_media', `The audio is too short (at least ${limits.minSeconds} seconds).`);
  }
}

/**
 * A user's audio file, checked (size, probe: format, codec, duration) and only then decoded by ffmpeg
 * to PCM, cut at the duration limit whatever the header claimed.
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
    const probe = await probeMedia(tools, input, { signal: options.signal });
    checkAudioProbe(probe, limits);
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
    ).catch((error: unknown) => {
      if (error instanceof MediaError && error.code === 'process_failed') {
        throw new MediaError('invalid_media', 'The audio file could not be decoded.', {
          cause: error,
          details: error.details,
        });
      }
      throw error;
    });
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
