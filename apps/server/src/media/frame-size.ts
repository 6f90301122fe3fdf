import type { IMAGE_VIDEO_QUALITIES, STUDIO_FPS_OPTIONS } from '@reelcraft/contract';
import { ASPECT_RATIOS } from '@reelcraft/contract';

export type AspectRatio = (typeof ASPECT_RATIOS)[number];
export type VideoQuality = (typeof IMAGE_VIDEO_QUALITIES)[number];
export type VideoFps = (typeof STUDIO_FPS_OPTIONS)[number];

/** Pixels on the frame's short side per quality (standard 720p, hd 1080p, 4k 2160p). */
export const QUALITY_SHORT_SIDE: Readonly<Record<VideoQuality, number>> = {
  standard: 720,
  hd: 1080,
  '4k': 2160,
};

const ASPECT_PARTS: Readonly<Record<AspectRatio, readonly [number, number]>> = {
  '16:9': [16, 9],
  '9:16': [9, 16],
  '1:1': [1, 1],
};

export interface FrameSize {
  width: number;
  height: number;
}

const even = (value: number) => Math.max(2, Math.round(value / 2) * 2);

/** Frame size for an aspect and a quality, counted on the short side: 16:9 standard is 1280x720. */
export function frameSize(aspect: AspectRatio, quality: VideoQuality): FrameSize {
  const short = QUALITY_SHORT_SIDE[quality];
  const [w, h] = ASPECT_PARTS[aspect];
  // H.264 in yuv420p needs even sizes.
  return w >= h
    ? { width: even((short * w) / h), height: short }
    : { width: short, height: even((short * h) / w) };
}

/** Whole frames in a duration; the output is exactly this many frames long. */
export function frameCount(durationSeconds: number, fps: number): number {
  return Math.max(1, Math.round(durationSeconds * fps));
}

/** The aspect of a free size, for inputs that are not one of ours (e.g. a clip to extend). */
export function nearestAspect(width: number, height: number): AspectRatio {
  const ratio = width / height;
  let best: AspectRatio = ASPECT_RATIOS[0];
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const aspect of ASPECT_RATIOS) {
    const [w, h] = ASPECT_PARTS[aspect];
    const distance = Math.abs(Math.log(ratio / (w / h)));
    if (distance < bestDistance) {
      best = aspect;
      bestDistance = distance;
    }
  }
  return best;
}
