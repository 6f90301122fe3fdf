import {
  audioEncoderArgs,
  MP4_CONTAINER_ARGS,
  videoEncoderArgs,
  type EncoderSettings,
} from './encoder-settings';
import { chain, filter, formatNumber } from './filter-graph';

export interface FitVideoPlan {
  videoPath: string;
  /** Frames the clip has (from the probe). */
  videoFrames: number;
  fps: number;
  width: number;
  height: number;
  /** Frames of the result: fewer trims the clip, more holds its last frame. */
  targetFrames: number;
  /** A WAV exactly as long as the result. */
  audioPath: string;
  encoder: EncoderSettings;
  outputPath: string;
}

/**
 * ffmpeg arguments that lay a new soundtrack on a clip and fit the clip to it: trimmed when the
 * sound is shorter, its last frame held when it is longer (tpad clone). Pure.
 */
export function buildFitVideoCommand(plan: FitVideoPlan): { args: string[]; durationSeconds: number } {
  const hold = Math.max(0, plan.targetFrames - plan.videoFrames);
  const durationSeconds = plan.targetFrames / plan.fps;
  const graph = chain(
    ['0:v'],
    [
      filter('scale', { w: plan.width, h: plan.height, force_original_aspect_ratio: 'decrease' }),
      filter('pad', { w: plan.width, h: plan.height, x: '(ow-iw)/2', y: '(oh-ih)/2' }),
      'setsar=1',
      filter('fps', { fps: plan.fps }),
      ...(hold > 0 ? [filter('tpad', { stop_mode: 'clone', stop: hold })] : []),
      filter('trim', { end_frame: plan.targetFrames }),
      'setpts=PTS-STARTPTS',
      'format=yuv420p',
    ],
    ['vout'],
  );
  return {
    args: [
      '-i',
      plan.videoPath,
      '-i',
      plan.audioPath,
      '-filter_complex',
      graph,
      '-map',
      '[vout]',
      '-map',
      '1:a',
      '-r',
      String(plan.fps),
      ...videoEncoderArgs(plan.encoder, plan.fps),
      ...audioEncoderArgs(plan.encoder),
      '-t',
      formatNumber(durationSeconds),
      ...MP4_CONTAINER_ARGS,
      plan.outputPath,
    ],
    durationSeconds,
  };
}
