import { z } from 'zod';
import { MediaError } from './media-error';
import type { MediaTools } from './media-tools';
import { runProcess } from './process-runner';

const numeric = z.union([z.string(), z.number()]).optional();

const ffprobeSchema = z.object({
  streams: z
    .array(
      z.object({
        index: z.number(),
        codec_type: z.string().optional(),
        codec_name: z.string().optional(),
        width: z.number().optional(),
        height: z.number().optional(),
        pix_fmt: z.string().optional(),
        avg_frame_rate: z.string().optional(),
        r_frame_rate: z.string().optional(),
        nb_frames: numeric,
        duration: numeric,
        sample_rate: numeric,
        channels: z.number().optional(),
      }),
    )
    .default([]),
  format: z
    .object({
      format_name: z.string().optional(),
      duration: numeric,
      size: numeric,
    })
    .optional(),
});

export interface ProbedVideoStream {
  codec: string;
  width: number;
  height: number;
  pixelFormat: string | null;
  fps: number | null;
  frames: number | null;
  durationSeconds: number | null;
}

export interface ProbedAudioStream {
  codec: string;
  sampleRate: number | null;
  channels: number | null;
  durationSeconds: number | null;
}

export interface MediaProbe {
  formatName: string;
  durationSeconds: number | null;
  sizeBytes: number | null;
  video: ProbedVideoStream | null;
  audio: ProbedAudioStream | null;
}

const toNumber = (value: string | number | undefined): number | null => {
  if (value === undefined || value === 'N/A') return null;
  const parsed = Number(value);
  return Number.isFinite(parsed) ? parsed : null;
};

function parseRate(rate: string | undefined): number | null {
  if (!rate) return null;
  const [num, den] = rate.split('/').map(Number);
  if (num === undefined || !Number.isFinite(num) || num <= 0) return null;
  const value = den ? num / den : num;
  return Number.isFinite(value) && value > 0 ? value : null;
}

/** Turns ffprobe's JSON into the few facts the providers use. Pure. */
export function parseProbeOutput(json: string): MediaProbe {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch (error) {
    throw new MediaError('invalid_media', 'The file could not be read as media.', { cause: error });
  }
  const parsed = ffprobeSchema.safeParse(raw);
  if (!parsed.success) throw new MediaError('invalid_media', 'The file could not be read as media.');
  const { streams, format } = parsed.data;
  const video = streams.find((stream) => stream.codec_type === 'video');
  const audio = streams.find((stream) => stream.codec_type === 'audio');
  return {
    formatName: format?.format_name ?? 'unknown',
    durationSeconds: toNumber(format?.duration),
    sizeBytes: toNumber(format?.size),
    video:
      video && video.width && video.height
        ? {
            codec: video.codec_name ?? 'unknown',
            width: video.width,
            height: video.height,
            pixelFormat: video.pix_fmt ?? null,
            fps: parseRate(video.avg_frame_rate) ?? parseRate(video.r_frame_rate),
            frames: toNumber(video.nb_frames),
            durationSeconds: toNumber(video.duration),
          }
        : null,
    audio: audio
      ? {
          codec: audio.codec_name ?? 'unknown',
          sampleRate: toNumber(audio.sample_rate),
          channels: audio.channels ?? null,
          durationSeconds: toNumber(audio.duration),
        }
      : null,
  };
}

/** Reads a media file's container and streams with ffprobe (local files only). */
export async function probeMedia(
  tools: MediaTools,
  filePath: string,
  options: { signal?: AbortSignal; timeoutMs?: number } = {},
): Promise<MediaProbe> {
  const { stdout } = await runProcess(
    tools.ffprobe.command,
    [
      '-v',
      'error',
      '-protocol_whitelist',
      'file',
      '-print_format',
      'json',
      '-show_format',
      '-show_streams',
      filePath,
    ],
    {
      collectStdout: true,
      signal: options.signal,
      timeoutMs: options.timeoutMs ?? 30_000,
      label: 'ffprobe',
    },
  ).catch((error: unknown) => {
    if (error instanceof MediaError && error.code === 'process_failed') {
      throw new MediaError('invalid_media', 'The file could not be read as media.', {
        cause: error,
        details: error.details,
      });
    }
    throw error;
  });
  return parseProbeOutput(stdout);
}
