import { describe, expect, it } from 'vitest';
import { generationMessages } from '@reelcraft/contract';
import type { JobContext } from '../../platform/queue/job-registry';
import { ProviderError } from '../../providers';
import { decideOnFailure, VideoInputError } from './job-failure';
import { ProgressThrottle } from './progress-throttle';
import { videoTitleFromPrompt } from './video-title';

const context = (retryCount: number, aborted = false): JobContext => {
  const controller = new AbortController();
  if (aborted) controller.abort();
  return { jobId: 'j', retryCount, signal: controller.signal };
};

describe('video job failures', () => {
  it('fails at once for inputs the render cannot use, with the reason', () => {
    expect(
      decideOnFailure(new ProviderError('unsupported_media', 'Please use a JPEG.'), context(0), 2),
    ).toEqual({
      retry: false,
      message: 'Please use a JPEG.',
    });
    expect(decideOnFailure(new VideoInputError('The image is gone.'), context(0), 2)).toEqual({
      retry: false,
      message: 'The image is gone.',
    });
  });

  it('retries passing trouble while attempts remain, then fails without internals', () => {
    expect(decideOnFailure(new ProviderError('timed_out', 'Too slow.'), context(0), 2)).toEqual({
      retry: true,
    });
    expect(decideOnFailure(new ProviderError('timed_out', 'Too slow.'), context(2), 2)).toEqual({
      retry: false,
      message: 'Too slow.',
    });
    expect(decideOnFailure(new Error('ECONNRESET 10.0.0.3:5432'), context(1), 2)).toEqual({ retry: true });
    expect(decideOnFailure(new Error('ECONNRESET 10.0.0.3:5432'), context(2), 2)).toEqual({
      retry: false,
      message: generationMessages.generationFailed,
    });
  });

  it('hands the job back when the process is shutting down', () => {
    expect(decideOnFailure(new ProviderError('cancelled', 'Cancelled.'), context(2, true), 2)).toEqual({
      retry: true,
    });
  });
});

describe('progress throttle', () => {
  it('writes at most once per interval, at once when forced, in order', async () => {
    let now = 0;
    const written: number[] = [];
    const throttle = new ProgressThrottle<number>(
      async (value) => {
        written.push(value);
      },
      { warn: () => undefined },
      1000,
      () => now,
    );
    throttle.report(1);
    throttle.report(2);
    now = 500;
    throttle.report(3);
    throttle.report(4, true);
    now = 1600;
    throttle.report(5);
    await throttle.settle();
    expect(written).toEqual([1, 4, 5]);
  });

  it('keeps going when a write fails', async () => {
    const warnings: unknown[] = [];
    const throttle = new ProgressThrottle<number>(
      async () => {
        throw new Error('database away');
      },
      { warn: (details) => warnings.push(details) },
    );
    throttle.report(1, true);
    throttle.report(2, true);
    await throttle.settle();
    expect(warnings).toHaveLength(2);
  });
});

describe('video titles from prompts', () => {
  it('keeps a short prompt, and cuts a long one at a word', () => {
    expect(videoTitleFromPrompt('  A calm\n lake ')).toBe('A calm lake');
    const title = videoTitleFromPrompt(
      'A cinematic aerial shot of a misty pine forest at sunrise, golden light breaking through the fog, birds flying over a calm lake',
    );
    expect(title).toBe('A cinematic aerial shot of a misty pine forest at sunrise, golden light…');
    expect(Array.from(title).length).toBeLessThanOrEqual(80);
  });
});
