import { createProgressParser } from './ffmpeg-progress';
import type { MediaTools } from './media-tools';
import { runProcess, type RunProcessResult } from './process-runner';

export interface FfmpegRunOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Duration of the output, to turn ffmpeg's clock into 0..1. */
  expectedSeconds?: number;
  onProgress?: (fraction: number) => void;
  cleanup?: readonly string[];
  trackResources?: boolean;
  label?: string;
}

/**
 * Arguments every run starts with: no prompt on stdin, quiet logs, overwrite outputs, and only local
 * files may be opened (a crafted input cannot make ffmpeg fetch a URL or read another protocol).
 */
export const FFMPEG_COMMON_ARGS = [
  '-nostdin',
  '-hide_banner',
  '-loglevel',
  'error',
  '-y',
  '-protocol_whitelist',
  'file,pipe',
] as const;

/** Runs ffmpeg with progress on stdout; see runProcess for cancellation and clean-up. */
export function runFfmpeg(
  tools: MediaTools,
  args: readonly string[],
  options: FfmpegRunOptions = {},
): Promise<RunProcessResult> {
  const { onProgress, expectedSeconds } = options;
  const progressArgs = onProgress ? ['-progress', 'pipe:1', '-nostats'] : ['-nostats'];
  return runProcess(tools.ffmpeg.command, [...FFMPEG_COMMON_ARGS, ...progressArgs, ...args], {
    signal: options.signal,
    timeoutMs: options.timeoutMs,
    cleanup: options.cleanup,
    trackResources: options.trackResources,
    label: options.label ?? 'ffmpeg',
    onStdoutLine:
      onProgress && expectedSeconds ? createProgressParser(expectedSeconds, onProgress) : undefined,
  });
}
