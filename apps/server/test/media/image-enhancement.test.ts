import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createLocalImageEnhancer } from '../../src/providers/image-enhancement/local-image-enhancer';

/** A product shot: a dark bottle-like shape with a white label on a grey backdrop, EXIF-rotated. */
async function productPhoto(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600">
    <rect width="800" height="600" fill="#9a9a9a"/>
    <rect x="300" y="120" width="200" height="380" rx="40" fill="#3a2a6a"/>
    <rect x="330" y="260" width="140" height="80" fill="#ffffff"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 92 }).withMetadata({ orientation: 6 }).toBuffer();
}

const pixel = async (image: Buffer, x: number, y: number) => {
  const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
  const at =
    (Math.round(y * (info.height - 1)) * info.width + Math.round(x * (info.width - 1))) * info.channels;
  return [data[at] ?? 0, data[at + 1] ?? 0, data[at + 2] ?? 0];
};

describe('local image enhancement', () => {
  const enhancer = createLocalImageEnhancer();

  it('puts the product on white, square, brighter, at a normalised size', async () => {
    const result = await enhancer.enhance({
      image: await productPhoto(),
      instruction: 'White background, brighter, square for Instagram',
    });
    expect(result.contentType).toBe('image/jpeg');
    expect(result.steps).toEqual(
      expect.arrayContaining([
        'auto-orient',
        'normalise-levels',
        'white-background',
        'brighten',
        'square-crop',
      ]),
    );
    const metadata = await sharp(result.data).metadata();
    expect(metadata.format).toBe('jpeg');
    expect([metadata.width, metadata.height]).toEqual([1024, 1024]);
    expect(Math.min(...(await pixel(result.data, 0.02, 0.02)))).toBeGreaterThan(245);
    // The product stays: its dark body is not washed out, its white label stays inside it.
    const body = await pixel(result.data, 0.3, 0.5);
    expect(Math.max(...body)).toBeLessThan(200);
  });

  it('applies the EXIF orientation and upscales on request', async () => {
    const result = await enhancer.enhance({
      image: await productPhoto(),
      instruction: 'upscale and sharpen',
    });
    // 800x600 turned by EXIF is 600x800; upscaling doubles it.
    expect([result.width, result.height]).toEqual([1200, 1600]);
    expect(result.steps).toEqual(expect.arrayContaining(['upscale', 'sharpen']));
  });

  it('refuses an empty instruction and files that are not images', async () => {
    await expect(enhancer.enhance({ image: await productPhoto(), instruction: ' ' })).rejects.toMatchObject({
      code: 'invalid_input',
    });
    await expect(
      enhancer.enhance({ image: Buffer.from('nope'), instruction: 'brighter' }),
    ).rejects.toMatchObject({ code: 'unsupported_media' });
  });
});
