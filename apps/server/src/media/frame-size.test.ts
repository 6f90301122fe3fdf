import { ASPECT_RATIOS, IMAGE_VIDEO_QUALITIES } from '@reelcraft/contract';
import { describe, expect, it } from 'vitest';
import { frameCount, frameSize, nearestAspect } from './frame-size';

describe('frame size', () => {
  it('counts the quality on the short side, for every aspect', () => {
    const table = Object.fromEntries(
      ASPECT_RATIOS.flatMap((aspect) =>
        IMAGE_VIDEO_QUALITIES.map((quality) => {
          const { width, height } = frameSize(aspect, quality);
          return [`${aspect} ${quality}`, `${width}x${height}`];
        }),
      ),
    );
    expect(table).toEqual({
      '16:9 standard': '1280x720',
      '16:9 hd': '1920x1080',
      '16:9 4k': '3840x2160',
      '9:16 standard': '720x1280',
      '9:16 hd': '1080x1920',
      '9:16 4k': '2160x3840',
      '1:1 standard': '720x720',
      '1:1 hd': '1080x1080',
      '1:1 4k': '2160x2160',
    });
  });

  it('makes a duration a whole number of frames', () => {
    expect(frameCount(15, 24)).toBe(360);
    expect(frameCount(30, 25)).toBe(750);
    expect(frameCount(60, 30)).toBe(1800);
    expect(frameCount(2.51, 24)).toBe(60);
    expect(frameCount(0.001, 24)).toBe(1);
  });

  it('finds the nearest aspect of a free size', () => {
    expect(nearestAspect(1920, 1080)).toBe('16:9');
    expect(nearestAspect(1080, 1350)).toBe('1:1');
    expect(nearestAspect(720, 1280)).toBe('9:16');
  });
});
