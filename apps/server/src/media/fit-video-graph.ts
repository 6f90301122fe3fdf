import {
  audioEncoderArgs,
  MP4_CONTAINER_ARGS,
  videoEncoderArgs,
  type EncoderSettings,
} from './encoder-settings';
import { chain, filter, formatNumber } from './filter-graph';
import type { TimedOverlay } from './render-plan';

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
  /** Images drawn over the result for a window of its frames (caption cards), in this order. */
  overlays?: readonly TimedOverlay[];
  encoder: EncoderSettings;
  outputPath: string;
}

/**
 * ffmpeg arguments that lay a new soundtrack on a clip and fit the clip to it: trimmed when the
 * sound is shorter, its last frame held when it is longer (tpad clone); the overlays are drawn in
 * the same pass (one encode). Pure.
 */
export function buildFitVideoCommand(plan: FitVideoPlan): { args: string[]; durationSeconds: number } {
  const hold = Math.max(0, plan.targetFrames - plan.videoFrames);
  const durationSeconds = plan.targetFrames / plan.fps;
  const overlays = (plan.overlays ?? []).filter(
    (overlay) => overlay.endFrame > overlay.startFrame && overlay.startFrame < plan.targetFrames,
  );
  const chains = [
    chain(
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
      [overlays.length > 0 ? 'fitted' : 'vout'],
    ),
  ];
  // Each card is an input of one frame; overlay repeats it, shown only in its window.
  overlays.forEach((overlay, index) => {
    chains.push(
      chain(
        [index === 0 ? 'fitted' : `card${index - 1}`, `${index + 2}:v`],
        [
          filter('overlay', {
            x: Math.round(overlay.x),
            y: Math.round(overlay.y),
            format: 'yuv420',
            // Half a frame before and after: t rounded to 6 decimals never misses a window's edge frame.
            enable: `between(t,${formatNumber((overlay.startFrame - 0.5) / plan.fps)},${formatNumber((overlay.endFrame - 0.5) / plan.fps)})`,
          }),
          ...(index === overlays.length - 1 ? ['format=yuv420p'] : []),
        ],
        [index === overlays.length - 1 ? 'vout' : `card${index}`],
      ),
    );
  });
  return {
    args: [
      '-i',
      plan.videoPath,
      '-i',
      plan.audioPath,
      ...overlays.flatMap((overlay) => ['-i', overlay.imagePath]),
      '-filter_complex',
      chains.join(';'),
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
