import fs from 'node:fs/promises';
import { runFfmpeg } from './ffmpeg-runner';
import { formatNumber } from './filter-graph';
import { MediaError } from './media-error';
import { probeMedia } from './media-probe';
import type { MediaTools } from './media-tools';
import { buildRenderCommand } from './render-graph';
import type { RenderPlan } from './render-plan';

/** A finished MP4 and the facts the library stores about it. */
export interface RenderOutput {
  videoPath: string;
  thumbnailPath: string;
  durationSeconds: number;
  width: number;
  height: number;
  fps: number;
  fileSizeBytes: number;
  /** Peak memory and CPU time of the ffmpeg process, when tracked (benchmark). */
  peakRssBytes?: number;
  cpuSeconds?: number;
  renderMs: number;
}

export interface RenderVideoOptions {
  signal?: AbortSignal;
  onProgress?: (fraction: number) => void;
  timeoutMs?: number;
  thumbnailPath: string;
  /** Where the thumbnail is taken; default a third into the video (the title is on screen). */
  thumbnailAtSeconds?: number;
  trackResources?: boolean;
}

/** Thumbnails are small JPEGs: 640 pixels on the long side. */
const THUMBNAIL_LONG_SIDE = 640;

/**
 * Writes one JPEG frame of a video. `last` takes the final frame (for "extend"): the input is read
 * from one second before its end and every frame overwrites the file, so the last one stays.
 */
export async function extractFrame(
  tools: MediaTools,
  videoPath: string,
  at: number | 'last',
  outputPath: string,
  options: { longSide?: number; signal?: AbortSignal } = {},
): Promise<void> {
  const side = options.longSide;
  const scale = side ? ['-vf', `scale=w='if(gt(iw,ih),${side},-2)':h='if(gt(iw,ih),-2,${side})'`] : [];
  const seek = at === 'last' ? ['-sseof', '-1'] : ['-ss', formatNumber(Math.max(0, at))];
  const frames = at === 'last' ? ['-update', '1'] : ['-frames:v', '1'];
  await runFfmpeg(
    tools,
    [...seek, '-i', videoPath, '-map', '0:v:0', ...scale, ...frames, '-q:v', '3', outputPath],
    {
      signal: options.signal,
      timeoutMs: 60_000,
      label: 'frame',
    },
  );
  await fs.access(outputPath).catch((error: unknown) => {
    throw new MediaError('process_failed', 'No frame could be taken from the video.', { cause: error });
  });
}

/**
 * Renders a plan to its output path with one ffmpeg run, then takes a thumbnail and reads back the
 * result's duration and size with ffprobe (the numbers stored are the file's, not the plan's).
 */
export async function renderVideo(
  tools: MediaTools,
  plan: RenderPlan,
  options: RenderVideoOptions,
): Promise<RenderOutput> {
  const command = buildRenderCommand(plan);
  const started = performance.now();
  const run = await runFfmpeg(tools, command.args, {
    signal: options.signal,
    timeoutMs: options.timeoutMs,
    expectedSeconds: command.durationSeconds,
    onProgress: options.onProgress,
    trackResources: options.trackResources,
    label: 'render',
  }).catch(async (error: unknown) => {
    await fs.rm(plan.outputPath, { force: true });
    throw error;
  });
  const renderMs = performance.now() - started;
  // Thumbnail, probe and size read the finished file independently: do them at once.
  const [, probe, stat] = await Promise.all([
    extractFrame(
      tools,
      plan.outputPath,
      options.thumbnailAtSeconds ?? command.durationSeconds / 3,
      options.thumbnailPath,
      {
        longSide: THUMBNAIL_LONG_SIDE,
        signal: options.signal,
      },
    ),
    probeMedia(tools, plan.outputPath, { signal: options.signal }),
    fs.stat(plan.outputPath),
  ]);
  return {
    videoPath: plan.outputPath,
    thumbnailPath: options.thumbnailPath,
    durationSeconds: probe.durationSeconds ?? command.durationSeconds,
    width: probe.video?.width ?? plan.width,
    height: probe.video?.height ?? plan.height,
    fps: plan.fps,
    fileSizeBytes: stat.size,
    ...(run.peakRssBytes !== undefined ? { peakRssBytes: run.peakRssBytes } : {}),
    ...(run.cpuSeconds !== undefined ? { cpuSeconds: run.cpuSeconds } : {}),
    renderMs,
  };
}
