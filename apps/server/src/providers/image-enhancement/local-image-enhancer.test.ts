import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { createLocalImageEnhancer } from './local-image-enhancer';

const WIDTH = 800;
const HEIGHT = 600;

/** A product shot: a rounded product with a grey label, on a backdrop, as a JPEG. */
function productPhoto(backdrop: string, product: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
    <rect width="100%" height="100%" fill="${backdrop}"/>
    <rect x="250" y="150" width="300" height="300" rx="30" fill="${product}"/>
    <rect x="330" y="250" width="140" height="60" fill="#808080"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 92 }).toBuffer();
}

type Rgb = [number, number, number];

interface Measured {
  /** Mean colour of a patch of the product, the label and the backdrop. */
  product: Rgb;
  label: Rgb;
  backdrop: Rgb;
  meanLuma: number;
  lumaSpread: number;
}

async function measure(image: Buffer): Promise<Measured> {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const patch = (x: number, y: number): Rgb => {
    const sum: Rgb = [0, 0, 0];
    let n = 0;
    for (let dy = -8; dy <= 8; dy += 1)
      for (let dx = -8; dx <= 8; dx += 1) {
        const at = ((Math.round(y * info.height) + dy) * info.width + Math.round(x * info.width) + dx) * 3;
        for (let c = 0; c < 3; c += 1) sum[c] = (sum[c] ?? 0) + (data[at + c] ?? 0);
        n += 1;
      }
    return sum.map((value) => value / n) as Rgb;
  };
  const lumas: number[] = [];
  for (let i = 0; i < data.length; i += 3)
    lumas.push(0.2126 * (data[i] ?? 0) + 0.7152 * (data[i + 1] ?? 0) + 0.0722 * (data[i + 2] ?? 0));
  const meanLuma = lumas.reduce((a, b) => a + b, 0) / lumas.length;
  const lumaSpread = Math.sqrt(lumas.reduce((a, b) => a + (b - meanLuma) ** 2, 0) / lumas.length);
  return {
    product: patch(0.36, 0.3),
    label: patch(0.5, 0.47),
    backdrop: patch(0.05, 0.05),
    meanLuma,
    lumaSpread,
  };
}

const luma = ([r, g, b]: Rgb) => 0.2126 * r + 0.7152 * g + 0.0722 * b;
/** Hue in degrees (0..360). */
function hue([r, g, b]: Rgb): number {
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  if (max === min) return 0;
  const d = max - min;
  const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return (h * 60 + 360) % 360;
}
const saturation = ([r, g, b]: Rgb) =>
  (Math.max(r, g, b) - Math.min(r, g, b)) / Math.max(1, Math.max(r, g, b));
const hueDistance = (a: number, b: number) => Math.min(Math.abs(a - b), 360 - Math.abs(a - b));

const PHOTOS = {
  'red on white': ['#ffffff', '#fd1010'],
  'cream on dark': ['#141414', '#d8c8a0'],
  'pastel pink on light grey': ['#f4f4f4', '#f2b8c6'],
  'blue on white': ['#ffffff', '#1040e0'],
} as const;
type PhotoName = keyof typeof PHOTOS;

/** Every instruction word family the enhancer understands, as a user would write it. */
const INSTRUCTIONS = [
  'brighter lighting',
  'darker, moody',
  'more contrast',
  'softer, flat look',
  'warmer tones',
  'cooler tones',
  'vivid colours',
  'muted pastel colours',
  'black and white',
  'put it on a grey background',
  'white background',
  'square for instagram',
  'upscale to hd',
  'denoise',
  'sharpen the details',
  'make it nice',
] as const;

describe('local image enhancer on product photos', () => {
  const enhancer = createLocalImageEnhancer();
  const source = new Map<PhotoName, Measured>();
  const results = new Map<string, Measured>();
  beforeAll(async () => {
    for (const [name, [backdrop, product]] of Object.entries(PHOTOS) as [
      PhotoName,
      readonly [string, string],
    ][]) {
      const photo = await productPhoto(backdrop, product);
      source.set(name, await measure(photo));
      for (const instruction of INSTRUCTIONS) {
        const enhanced = await enhancer.enhance({ image: photo, instruction });
        results.set(`${name}|${instruction}`, await measure(enhanced.data));
      }
    }
  });
  const before = (name: PhotoName) => source.get(name) as Measured;
  const after = (name: PhotoName, instruction: string) => results.get(`${name}|${instruction}`) as Measured;

  it('never crushes a saturated product, unless asked for darker or black and white', () => {
    for (const instruction of INSTRUCTIONS) {
      if (instruction === 'darker, moody' || instruction === 'black and white') continue;
      const red = after('red on white', instruction).product;
      expect(red[0], instruction).toBeGreaterThan(200);
      expect(hueDistance(hue(red), 0), instruction).toBeLessThan(12);
      const blue = after('blue on white', instruction).product;
      expect(blue[2], instruction).toBeGreaterThan(180);
      // The grey label stays a mid grey (it turned near-black).
      for (const name of Object.keys(PHOTOS) as PhotoName[])
        expect(luma(after(name, instruction).label), `${name}: ${instruction}`).toBeGreaterThan(70);
    }
    // Darker darkens, it does not crush: the red stays a clear red.
    expect(after('red on white', 'darker, moody').product[0]).toBeGreaterThan(170);
  });

  it('does what each instruction says, on every photo', () => {
    for (const name of Object.keys(PHOTOS) as PhotoName[]) {
      const was = before(name);
      const is = (instruction: string) => after(name, instruction);
      // Brighter: brighter overall and on the product, with its hue kept.
      expect(is('brighter lighting').meanLuma, name).toBeGreaterThan(was.meanLuma + 3);
      expect(luma(is('brighter lighting').product), name).toBeGreaterThanOrEqual(luma(was.product));
      expect(hueDistance(hue(is('brighter lighting').product), hue(was.product)), name).toBeLessThan(20);
      expect(is('darker, moody').meanLuma, name).toBeLessThan(was.meanLuma - 3);
      // Contrast spreads the tones; the product is not clipped to black.
      expect(is('more contrast').lumaSpread, name).toBeGreaterThan(was.lumaSpread);
      expect(luma(is('more contrast').product), name).toBeGreaterThan(40);
      expect(is('softer, flat look').lumaSpread, name).toBeLessThan(is('more contrast').lumaSpread);
      // Warmer: more red than blue on the label and backdrop; cooler the other way.
      const warm = is('warmer tones').label;
      const cool = is('cooler tones').label;
      expect(warm[0] - warm[2], name).toBeGreaterThan(8);
      expect(cool[2] - cool[0], name).toBeGreaterThan(8);
      expect(saturation(is('vivid colours').product), name).toBeGreaterThanOrEqual(
        saturation(was.product) - 0.02,
      );
      expect(saturation(is('muted pastel colours').product), name).toBeLessThan(saturation(was.product));
      expect(saturation(is('black and white').product), name).toBeLessThan(0.05);
      // "grey" names a backdrop colour, not a black-and-white photo.
      expect(saturation(is('put it on a grey background').product), name).toBeGreaterThan(
        saturation(was.product) * 0.8,
      );
      const white = is('white background').backdrop;
      expect(Math.min(...white), name).toBeGreaterThan(245);
      // Instructions that do not ask for a colour change keep the product's colour.
      for (const instruction of [
        'square for instagram',
        'upscale to hd',
        'denoise',
        'sharpen the details',
        'make it nice',
      ]) {
        expect(
          hueDistance(hue(is(instruction).product), hue(was.product)),
          `${name}: ${instruction}`,
        ).toBeLessThan(12);
        expect(
          Math.abs(luma(is(instruction).product) - luma(was.product)),
          `${name}: ${instruction}`,
        ).toBeLessThan(30);
      }
    }
  });
});
