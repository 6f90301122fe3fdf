import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestProviders, frameHashes, photo, probe } from './media-test-kit';

type TestProviders = Awaited<ReturnType<typeof createTestProviders>>;

describe('video from images', () => {
  let providers: TestProviders;
  let images: Buffer[];
  beforeAll(async () => {
    providers = await createTestProviders();
    // A landscape photo, a portrait one turned by EXIF, and a small square.
    images = await Promise.all([photo(1600, 1200, 20), photo(1200, 1600, 140, 6), photo(500, 500, 260)]);
  });
  afterAll(() => providers.dispose());

  it('moves every image with captions, the last frame closing and the voice sample mixed in', async () => {
    const voice = await providers.speech.synthesize({
      text: 'This was our best summer yet.',
      voiceId: 'bella',
    });
    const lastFrame = await photo(800, 450, 300);
    const video = await providers.video.fromImages({
      images,
      prompt: 'Our summer road trip along the coast',
      durationSeconds: 4,
      aspect: '9:16',
      quality: 'standard',
      mode: 'cinematic',
      lastFrame,
      voiceSample: voice.audio,
      seed: 42,
    });
    try {
      const result = await probe(video.path);
      expect(Math.abs((result.durationSeconds ?? 0) - 4)).toBeLessThanOrEqual(0.1);
      expect(result.video).toMatchObject({ width: 720, height: 1280, codec: 'h264', pixelFormat: 'yuv420p' });
      expect(result.audio?.codec).toBe('aac');
      // The camera never stops: consecutive frames differ throughout.
      const hashes = await frameHashes(video.path);
      const still = hashes.filter((hash, index) => index > 0 && hash === hashes[index - 1]).length;
      expect(still).toBeLessThan(hashes.length * 0.05);
    } finally {
      await video.release();
    }
  });

  it('cuts faster in dynamic mode, differently for another seed', async () => {
    const request = {
      images,
      prompt: 'Game day energy',
      durationSeconds: 3,
      aspect: '16:9' as const,
      quality: 'standard' as const,
      mode: 'dynamic' as const,
    };
    const first = await providers.video.fromImages({ ...request, seed: 1 });
    const second = await providers.video.fromImages({ ...request, seed: 2 });
    try {
      expect((await probe(first.path)).video).toMatchObject({ width: 1280, height: 720 });
      const [a, b] = await Promise.all([frameHashes(first.path), frameHashes(second.path)]);
      expect(a.filter((hash, index) => hash !== b[index]).length).toBeGreaterThan(a.length * 0.9);
    } finally {
      await Promise.all([first.release(), second.release()]);
    }
  });

  it('vets images before use: BMP is decoded, other formats and broken files are refused', async () => {
    const bmp = Buffer.alloc(54 + 4 * 4 * 3);
    bmp.write('BM', 0, 'ascii');
    bmp.writeUInt32LE(bmp.length, 2);
    bmp.writeUInt32LE(54, 10);
    bmp.writeUInt32LE(40, 14);
    bmp.writeInt32LE(4, 18);
    bmp.writeInt32LE(4, 22);
    bmp.writeUInt16LE(1, 26);
    bmp.writeUInt16LE(24, 28);
    bmp.fill(200, 54);
    const base = {
      prompt: 'A quiet lake',
      durationSeconds: 1,
      aspect: '1:1' as const,
      quality: 'standard' as const,
      mode: 'cinematic' as const,
      seed: 1,
    };
    const video = await providers.video.fromImages({ ...base, images: [bmp] });
    await video.release();
    // SVG could make the decoder fetch files: refused even though sharp could read it.
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    await expect(providers.video.fromImages({ ...base, images: [svg] })).rejects.toMatchObject({
      code: 'unsupported_media',
    });
    await expect(
      providers.video.fromImages({ ...base, images: [Buffer.from('definitely not an image')] }),
    ).rejects.toMatchObject({
      code: 'unsupported_media',
    });
    await expect(providers.video.fromImages({ ...base, images: [] })).rejects.toMatchObject({
      code: 'invalid_input',
    });
  });

  it('refuses a voice sample that is not audio', async () => {
    await expect(
      providers.video.fromImages({
        images: [images[0] as Buffer],
        prompt: 'A calm lake',
        durationSeconds: 1,
        aspect: '1:1',
        quality: 'standard',
        mode: 'cinematic',
        voiceSample: await photo(64, 64, 10),
        seed: 1,
      }),
    ).rejects.toMatchObject({ code: 'unsupported_media' });
  });
});
