import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskProgress } from '../../src/providers';
import { ProviderError } from '../../src/providers';
import { createTestProviders, frameHashes, hasIndexFirst, probe } from './media-test-kit';

type TestProviders = Awaited<ReturnType<typeof createTestProviders>>;

/*
 * Real renders, kept short: the provider takes any length (the 15/30/60 s rule is the API's), and
 * sizes of every aspect and quality are checked purely in frame-size.test.ts.
 */
describe('video from text (ffmpeg on the PATH)', () => {
  let providers: TestProviders;
  beforeAll(async () => {
    providers = await createTestProviders();
  });
  afterAll(() => providers.dispose());

  it('renders a playable MP4 of the exact length, size and frame rate, with sound and a thumbnail', async () => {
    const reports: TaskProgress[] = [];
    const video = await providers.video.fromText(
      {
        prompt: 'A misty forest at sunrise with birds flying over a calm lake',
        durationSeconds: 3,
        aspect: '16:9',
        fps: 24,
        quality: 'standard',
        seed: 1,
      },
      { onProgress: (report) => reports.push(report) },
    );
    try {
      const result = await probe(video.path);
      expect(Math.abs((result.durationSeconds ?? 0) - 3)).toBeLessThanOrEqual(0.1);
      expect(result.video).toMatchObject({
        codec: 'h264',
        width: 1280,
        height: 720,
        pixelFormat: 'yuv420p',
        fps: 24,
        frames: 72,
      });
      expect(result.audio).toMatchObject({ codec: 'aac', channels: 2 });
      expect(await hasIndexFirst(video.path)).toBe(true);
      expect(video).toMatchObject({ width: 1280, height: 720, fps: 24, contentType: 'video/mp4', seed: 1 });
      expect(video.fileSizeBytes).toBe((await fs.stat(video.path)).size);
      const thumbnail = await probe(video.thumbnailPath);
      expect(thumbnail.video).toMatchObject({ codec: 'mjpeg', width: 640, height: 360 });
      // Progress climbs through the stages to 1.
      expect(reports.map((report) => report.stage)).toEqual(
        expect.arrayContaining(['scene_generation', 'video_generation', 'final_combination']),
      );
      expect(reports.at(-1)?.progress).toBe(1);
      expect(reports.map((report) => report.progress)).toEqual(
        [...reports.map((report) => report.progress)].sort((a, b) => a - b),
      );
    } finally {
      await video.release();
    }
    await expect(fs.access(video.path)).rejects.toThrow();
  });

  it('renders the same video for the same seed and another for another seed', async () => {
    const request = {
      prompt: 'Abstract fluid shapes in vivid colours',
      durationSeconds: 2,
      aspect: '1:1' as const,
      fps: 24,
      quality: 'standard' as const,
    };
    const first = await providers.video.fromText({ ...request, seed: 7 });
    const again = await providers.video.fromText({ ...request, seed: 7 });
    const other = await providers.video.fromText({ ...request, seed: 8 });
    try {
      expect(first).toMatchObject({ width: 720, height: 720 });
      const [a, b, c] = await Promise.all([
        frameHashes(first.path),
        frameHashes(again.path),
        frameHashes(other.path),
      ]);
      expect(a).toHaveLength(48);
      expect(b).toEqual(a);
      const differing = a.filter((hash, index) => hash !== c[index]).length;
      expect(differing).toBeGreaterThan(a.length * 0.9);
    } finally {
      await Promise.all([first.release(), again.release(), other.release()]);
    }
  });

  it('stops on cancel with a typed error and leaves no files behind', async () => {
    const controller = new AbortController();
    const rendering = providers.video.fromText(
      {
        prompt: 'A racing car at full speed',
        durationSeconds: 20,
        aspect: '16:9',
        fps: 30,
        quality: 'hd',
        seed: 5,
      },
      {
        signal: controller.signal,
        onProgress: (report) => {
          if (report.stage === 'video_generation') controller.abort();
        },
      },
    );
    await expect(rendering).rejects.toMatchObject({ name: 'ProviderError', code: 'cancelled' });
    expect(await fs.readdir(providers.workDir)).toEqual([]);
  });

  it('refuses bad requests clearly', async () => {
    const base = {
      prompt: 'A calm lake',
      durationSeconds: 2,
      aspect: '16:9' as const,
      fps: 24,
      quality: 'standard' as const,
      seed: 1,
    };
    await expect(providers.video.fromText({ ...base, prompt: '  ' })).rejects.toBeInstanceOf(ProviderError);
    await expect(providers.video.fromText({ ...base, durationSeconds: 0 })).rejects.toMatchObject({
      code: 'invalid_input',
    });
    await expect(providers.video.fromText({ ...base, fps: 23.5 })).rejects.toMatchObject({
      code: 'invalid_input',
    });
  });
});

describe('video from text (bundled 2018 ffmpeg: no xfade, no gradients)', () => {
  let providers: TestProviders;
  beforeAll(async () => {
    providers = await createTestProviders({ bundled: true });
  });
  afterAll(() => providers.dispose());

  it('renders every transition and caption style the looks use', async () => {
    expect(providers.mediaTools.features.xfade).toBe(false);
    // Action uses flashes and slides, technology slides and dips, abstract crossfades.
    for (const [prompt, aspect, fps] of [
      ['A motorcycle racing at full speed, extreme stunt', '9:16', 25],
      ['A futuristic AI robot analysing data on holographic screens', '16:9', 30],
      ['Abstract fluid shapes swirling in vivid colours', '1:1', 24],
    ] as const) {
      const video = await providers.video.fromText({
        prompt,
        durationSeconds: 2.4,
        aspect,
        fps,
        quality: 'standard',
        seed: 3,
      });
      try {
        const result = await probe(video.path);
        const expected = { '9:16': [720, 1280], '16:9': [1280, 720], '1:1': [720, 720] }[aspect];
        expect([result.video?.width, result.video?.height]).toEqual(expected);
        expect(result.video?.frames).toBe(Math.round(2.4 * fps));
        expect(Math.abs((result.durationSeconds ?? 0) - 2.4)).toBeLessThanOrEqual(0.1);
        expect(result.audio?.codec).toBe('aac');
      } finally {
        await video.release();
      }
    }
  });
});
