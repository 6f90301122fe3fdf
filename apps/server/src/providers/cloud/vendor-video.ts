import fs from 'node:fs/promises';
import path from 'node:path';
import { runFfmpeg } from '../../media/ffmpeg-runner';
import { MediaError } from '../../media/media-error';
import { probeMedia } from '../../media/media-probe';
import type { MediaTools } from '../../media/media-tools';
import { extractFrame } from '../../media/video-renderer';
import { ProviderError } from '../provider-error';
import type { RenderedVideo } from '../video/video-provider';

/**
 * Turns a vendor's downloaded MP4 (`source`, inside `outputDir`) into a RenderedVideo: checks it is a
 * video, moves its index to the front (a copy, no re-encode), takes the thumbnail with the media
 * helpers and reads the stored numbers from the file itself.
 */
export async function finishVendorVideo(
  tools: MediaTools,
  source: string,
  outputDir: string,
  options: { seed: number | null; signal?: AbortSignal; name?: string },
): Promise<RenderedVideo> {
  const release = () => fs.rm(outputDir, { recursive: true, force: true });
  const probed = await probeMedia(tools, source, { signal: options.signal });
  if (!probed.video) {
    throw new ProviderError('failed', 'The video service sent a file without a video.', {
      details: probed.formatName,
    });
  }
  const videoPath = path.join(outputDir, `${options.name ?? 'video'}.mp4`);
  await runFfmpeg(
    tools,
    [
      '-i',
      source,
      '-map',
      '0:v:0',
      '-map',
      '0:a:0?',
      '-c',
      'copy',
      '-movflags',
      '+faststart',
      '-f',
      'mp4',
      videoPath,
    ],
    { signal: options.signal, timeoutMs: 120_000, label: 'faststart' },
  );
  if (source !== videoPath) await fs.rm(source, { force: true });
  const result = await probeMedia(tools, videoPath, { signal: options.signal });
  const duration = result.durationSeconds ?? probed.durationSeconds ?? 0;
  if (!result.video || duration <= 0) throw new MediaError('invalid_media', 'The video has no frames.');
  const thumbnailPath = path.join(outputDir, `${options.name ?? 'video'}-thumbnail.jpg`);
  await extractFrame(tools, videoPath, Math.min(1, duration / 3), thumbnailPath, {
    longSide: 640,
    signal: options.signal,
  });
  const stat = await fs.stat(videoPath);
  return {
    path: videoPath,
    contentType: 'video/mp4',
    thumbnailPath,
    durationSeconds: duration,
    width: result.video.width,
    height: result.video.height,
    fps: Math.round(result.video.fps ?? 24),
    fileSizeBytes: stat.size,
    seed: options.seed,
    release,
  };
}

/** Waits `ms`, or rejects as cancelled when the signal fires. */
export function waitFor(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new ProviderError('cancelled', 'The request was cancelled.'));
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new ProviderError('cancelled', 'The request was cancelled.'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
