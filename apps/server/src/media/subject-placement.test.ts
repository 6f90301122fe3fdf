import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { intakeImage, placeSubject } from './image-intake';

const WIDTH = 640;
const HEIGHT = 360;

/** A red box with a white label, on a white background: a typical product shot. */
async function productShot(background = '#ffffff'): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><rect width="400" height="400" fill="${background}"/>
    <rect x="100" y="80" width="200" height="240" fill="#d01020"/><rect x="150" y="180" width="100" height="40" fill="#ffffff"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 95 }).toBuffer();
}

async function pixelAt(still: Buffer, x: number, y: number): Promise<[number, number, number]> {
  const { data, info } = await sharp(still).raw().toBuffer({ resolveWithObject: true });
  const i = (Math.round(y) * info.width + Math.round(x)) * info.channels;
  return [data[i]!, data[i + 1]!, data[i + 2]!];
}

const backdrop = () =>
  sharp({ create: { width: WIDTH, height: HEIGHT, channels: 3, background: '#203060' } })
    .png()
    .toBuffer();

describe('a subject placed in a scene', () => {
  it('cuts a product out of its plain background, keeps its own white label, and stands it where asked', async () => {
    const image = await intakeImage(await productShot(), { maxPixels: 10_000_000, maxBytes: 10_000_000 });
    const still = await placeSubject(image, await backdrop(), WIDTH, HEIGHT, { x: 0.5, scale: 0.6 });
    const meta = await sharp(still).metadata();
    expect([meta.width, meta.height]).toEqual([WIDTH, HEIGHT]);
    // The product fills 60 % of the height, standing on a floor at 90 %, centred.
    const [r, g, b] = await pixelAt(still, WIDTH / 2, HEIGHT * 0.9 - HEIGHT * 0.6 * 0.15);
    expect(r).toBeGreaterThan(150);
    expect(g + b).toBeLessThan(120);
    // Its label stays white; the photo's white background is gone: the scene shows around it.
    const label = await pixelAt(still, WIDTH / 2, HEIGHT * 0.9 - HEIGHT * 0.6 * 0.58);
    expect(Math.min(...label)).toBeGreaterThan(200);
    const beside = await pixelAt(still, WIDTH * 0.15, HEIGHT * 0.5);
    expect(beside).toEqual([0x20, 0x30, 0x60]);
  });

  it('keeps a busy photo whole, framed in the scene', async () => {
    const noisy = await sharp({
      create: {
        width: 300,
        height: 200,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .png()
      .toBuffer();
    const image = await intakeImage(noisy, { maxPixels: 10_000_000, maxBytes: 10_000_000 });
    const still = await placeSubject(image, await backdrop(), WIDTH, HEIGHT, { x: 0.3, scale: 0.5 });
    const corner = await pixelAt(still, 4, 4);
    expect(corner).toEqual([0x20, 0x30, 0x60]);
    const inside = await pixelAt(still, WIDTH * 0.3, HEIGHT * 0.9 - HEIGHT * 0.25);
    expect(inside).not.toEqual([0x20, 0x30, 0x60]);
  });
});
