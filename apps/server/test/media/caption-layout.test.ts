import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runProcess } from '../../src/media/process-runner';
import { createTestProviders, tools } from './media-test-kit';

type TestProviders = Awaited<ReturnType<typeof createTestProviders>>;

/** Frames of a video as PNGs, `perSecond` of them each second, in order. */
async function sampleFrames(file: string, dir: string, perSecond: number): Promise<string[]> {
  await fs.mkdir(dir, { recursive: true });
  await runProcess(
    (await tools()).ffmpeg.command,
    ['-nostdin', '-v', 'error', '-i', file, '-vf', `fps=${perSecond}`, path.join(dir, 'frame-%03d.png')],
    { label: 'sample frames' },
  );
  return (await fs.readdir(dir))
    .filter((name) => name.endsWith('.png'))
    .sort()
    .map((name) => path.join(dir, name));
}

/**
 * Leftmost and rightmost columns holding caption ink in a frame of a flat picture: pixels far from the
 * frame's most common grey (which follows fades and flashes). Null when there is no caption.
 */
async function inkColumns(frame: string): Promise<{ left: number; right: number } | null> {
  const { data, info } = await sharp(frame).greyscale().raw().toBuffer({ resolveWithObject: true });
  const histogram = new Array<number>(256).fill(0);
  for (const value of data) histogram[value] = (histogram[value] ?? 0) + 1;
  const background = histogram.indexOf(Math.max(...histogram));
  let left = info.width;
  let right = -1;
  for (let y = 0; y < info.height; y += 1) {
    for (let x = 0; x < info.width; x += 1) {
      if (Math.abs((data[y * info.width + x] ?? 0) - background) <= 48) continue;
      left = Math.min(left, x);
      right = Math.max(right, x);
    }
  }
  return right < 0 ? null : { left, right };
}

/*
 * Long uppercase captions and long words used to run past the right edge of portrait frames: the
 * wrapping took every glyph for 0.6 em, and DejaVu capitals are 0.7-1.1 em. The picture is flat grey
 * (no sprites in image videos), so every pixel that differs from it is caption.
 */
describe('captions stay inside the frame', () => {
  let providers: TestProviders;
  let flat: Buffer;
  beforeAll(async () => {
    providers = await createTestProviders();
    flat = await sharp({ create: { width: 720, height: 1280, channels: 3, background: '#707070' } })
      .jpeg()
      .toBuffer();
  });
  afterAll(() => providers.dispose());

  it.each(['dynamic', 'cinematic'] as const)(
    'keeps a long uppercase caption of a 9:16 %s video inside 5 percent margins',
    async (mode) => {
      const video = await providers.video.fromImages({
        // Two phrases: six words of wide capitals, then a word longer than a line.
        images: [flat, flat],
        prompt:
          'WONDERFUL MOUNTAIN WATERFALLS WHOOSHING DOWN MASSIVE WALLS. ANTIDISESTABLISHMENTARIANISM RULES',
        durationSeconds: 4.6,
        aspect: '9:16',
        quality: 'standard',
        mode,
        seed: 3,
      });
      try {
        const frames = await sampleFrames(video.path, path.join(providers.workDir, `frames-${mode}`), 5);
        const columns = (await Promise.all(frames.map(inkColumns))).filter((ink) => ink !== null);
        // Dynamic shots are short: each caption is on screen for only a few sampled frames.
        expect(columns.length).toBeGreaterThanOrEqual(2);
        const margin = 0.05 * video.width;
        expect(Math.max(...columns.map((ink) => ink.right))).toBeLessThan(video.width - margin);
        // Dynamic captions slide in from the left edge; once in place they keep the margin too.
        expect(Math.max(...columns.map((ink) => ink.left))).toBeGreaterThan(margin);
        if (mode === 'cinematic') expect(Math.min(...columns.map((ink) => ink.left))).toBeGreaterThan(margin);
      } finally {
        await video.release();
      }
    },
  );
});
