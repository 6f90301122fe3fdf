import { ENHANCER_MAX_BYTES } from '@reelcraft/contract';
import type { Sharp } from 'sharp';
import { sharp } from '../../media/sharp';
import {
  DEFAULT_MAX_IMAGE_PIXELS,
  intakeImage,
  sharpFromVetted,
  type VettedImage,
} from '../../media/image-intake';
import { ProviderError, toProviderError } from '../provider-error';
import { createProgressTracker, type TaskOptions } from '../provider-task';
import { parseEnhancementInstruction, type EnhancementPlan } from './enhancement-instructions';
import type {
  EnhancedImage,
  ImageEnhancementProvider,
  ImageEnhancementRequest,
} from './image-enhancement-provider';

/** Results are normalised to this size: long side at most 2048 (4096 when upscaling), at least 1024. */
const MAX_LONG_SIDE = 2048;
const MAX_UPSCALED_LONG_SIDE = 4096;
const MIN_LONG_SIDE = 1024;
/** How close to the border colour a pixel must be to count as background (0..441 RGB distance). */
const BACKGROUND_TOLERANCE = 48;

/** Colour of the image's border (median of the edge pixels): the backdrop of a product photo. */
function borderColor(
  data: Buffer,
  width: number,
  height: number,
  channels: number,
): [number, number, number] {
  const samples: [number, number, number][] = [];
  const push = (x: number, y: number) => {
    const at = (y * width + x) * channels;
    samples.push([data[at] ?? 0, data[at + 1] ?? 0, data[at + 2] ?? 0]);
  };
  for (let x = 0; x < width; x += 2) {
    push(x, 0);
    push(x, height - 1);
  }
  for (let y = 0; y < height; y += 2) {
    push(0, y);
    push(width - 1, y);
  }
  const median = (index: 0 | 1 | 2) => {
    const sorted = samples.map((sample) => sample[index]).sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)] ?? 0;
  };
  return [median(0), median(1), median(2)];
}

/**
 * Replaces the backdrop with white: pixels close to the border colour and connected to the border
 * (flood fill, so a white label inside the product stays) fade to white with a softened edge.
 */
async function whiteBackground(image: VettedImage): Promise<Buffer> {
  const { data, info } = await sharpFromVetted(image)
    .flatten({ background: '#ffffff' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height, channels } = info;
  const [br, bg, bb] = borderColor(data, width, height, channels);
  const mask = Buffer.alloc(width * height);
  const stack: number[] = [];
  const close = (index: number) => {
    const at = index * channels;
    return (
      Math.hypot((data[at] ?? 0) - br, (data[at + 1] ?? 0) - bg, (data[at + 2] ?? 0) - bb) <=
      BACKGROUND_TOLERANCE
    );
  };
  const seed = (index: number) => {
    if (mask[index] === 0 && close(index)) {
      mask[index] = 255;
      stack.push(index);
    }
  };
  for (let x = 0; x < width; x += 1) {
    seed(x);
    seed((height - 1) * width + x);
  }
  for (let y = 0; y < height; y += 1) {
    seed(y * width);
    seed(y * width + width - 1);
  }
  while (stack.length > 0) {
    const index = stack.pop() as number;
    const x = index % width;
    if (x > 0) seed(index - 1);
    if (x < width - 1) seed(index + 1);
    if (index >= width) seed(index - width);
    if (index < width * (height - 1)) seed(index + width);
  }
  // Soft edge: blur the mask a little, then use it to blend towards white.
  // sharp hands a one-channel image back as sRGB: take the first channel again.
  const soft = await sharp(mask, { raw: { width, height, channels: 1 } })
    .blur(1.2)
    .extractChannel(0)
    .raw()
    .toBuffer();
  const out = Buffer.alloc(width * height * 3);
  for (let i = 0; i < width * height; i += 1) {
    const a = (soft[i] ?? 0) / 255;
    for (let c = 0; c < 3; c += 1)
      out[i * 3 + c] = Math.round((data[i * channels + c] ?? 0) * (1 - a) + 255 * a);
  }
  return sharp(out, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

/** At most this much stretch: a nearly uniform photo is not blown up into noise. */
const MAX_LEVELS_GAIN = 1.3;

/**
 * A linear stretch towards the full range, the same for every channel (so hues stay): each end of the
 * range moves out in proportion to the room it has, never past 0 or 255, by at most MAX_LEVELS_GAIN.
 */
async function levelsOf(image: VettedImage): Promise<{ gain: number; offset: number }> {
  const { channels } = await sharpFromVetted(image).flatten({ background: '#ffffff' }).stats();
  const colour = channels.slice(0, 3);
  const low = Math.min(...colour.map((channel) => channel.min));
  const high = Math.max(...colour.map((channel) => channel.max));
  const room = low + 255 - high;
  if (high - low < 8 || room < 4) return { gain: 1, offset: 0 };
  const share = Math.min(1, ((MAX_LEVELS_GAIN - 1) * (high - low)) / room);
  const newLow = low * (1 - share);
  const newHigh = high + (255 - high) * share;
  const gain = (newHigh - newLow) / (high - low);
  return { gain, offset: newLow - low * gain };
}

function describe(plan: EnhancementPlan): string[] {
  const steps = ['auto-orient', 'normalise-levels'];
  if (plan.whiteBackground) steps.push('white-background');
  if (plan.denoise) steps.push('denoise');
  if (plan.brightness !== 1) steps.push(plan.brightness > 1 ? 'brighten' : 'darken');
  if (plan.saturation !== 1) steps.push(plan.saturation > 1 ? 'vivid' : 'mute');
  if (plan.contrast !== 1) steps.push(plan.contrast > 1 ? 'contrast' : 'soften');
  if (plan.warmth !== 0) steps.push(plan.warmth > 0 ? 'warm' : 'cool');
  if (plan.grayscale) steps.push('grayscale');
  if (plan.square) steps.push('square-crop');
  steps.push(plan.upscale ? 'upscale' : 'resize');
  if (plan.sharpen || plan.upscale) steps.push('sharpen');
  return steps;
}

/** The product-image enhancer: a sharp pipeline steered by the instruction's words. */
export function createLocalImageEnhancer(): ImageEnhancementProvider {
  return {
    kind: 'local',
    async enhance(request: ImageEnhancementRequest, task: TaskOptions = {}): Promise<EnhancedImage> {
      if (!request.instruction.trim())
        throw new ProviderError('invalid_input', 'Please describe the enhancement.');
      const progress = createProgressTracker(task.onProgress, { enhance: 1 });
      progress.report('enhance', 0, 'enhancing');
      try {
        const plan = parseEnhancementInstruction(request.instruction);
        const vetted = await intakeImage(
          request.image,
          { maxBytes: ENHANCER_MAX_BYTES, maxPixels: DEFAULT_MAX_IMAGE_PIXELS },
          { maxLongSide: plan.upscale ? MAX_UPSCALED_LONG_SIDE : MAX_LONG_SIDE * 2 },
        );
        let image: Sharp = plan.whiteBackground
          ? sharp(await whiteBackground(vetted))
          : sharpFromVetted(vetted);
        // Transparent areas would turn black in a JPEG: lay them on white.
        if (vetted.hasAlpha) image = image.flatten({ background: '#ffffff' });
        if (plan.denoise) image = image.median(3);
        // Always: stretch the levels of a flat photo, the same for every channel so hues stay, and
        // never past the darkest or brightest channel value (a percentile stretch of the luminance
        // mapped a red product on white to black).
        // sharp keeps one linear step: the contrast (around the middle grey) joins the levels.
        // Not when a darker, more muted or flatter look was asked: the stretch works against it.
        const calmer = plan.brightness < 1 || plan.saturation < 1 || plan.contrast < 1;
        const levels = calmer ? { gain: 1, offset: 0 } : await levelsOf(vetted);
        const gain = levels.gain * plan.contrast;
        const offset = levels.offset * plan.contrast + 128 * (1 - plan.contrast);
        if (gain !== 1 || offset !== 0) image = image.linear(gain, offset);
        if (plan.brightness !== 1 || plan.saturation !== 1) {
          image = image.modulate({ brightness: plan.brightness, saturation: plan.saturation });
        }
        if (plan.warmth !== 0) {
          const w = 0.06 * plan.warmth;
          image = image.recomb([
            [1 + w, 0, 0],
            [0, 1, 0],
            [0, 0, 1 - w],
          ]);
        }
        if (plan.grayscale) image = image.grayscale().toColourspace('srgb');
        // Always: a predictable size, square when asked (cropped around the most interesting part).
        // A square takes the short side, anything else the long side; both within the size bounds.
        const side = plan.square
          ? Math.min(vetted.width, vetted.height)
          : Math.max(vetted.width, vetted.height);
        const target = plan.upscale
          ? Math.min(MAX_UPSCALED_LONG_SIDE, Math.max(MIN_LONG_SIDE, side * 2))
          : Math.min(MAX_LONG_SIDE, Math.max(MIN_LONG_SIDE, side));
        image = plan.square
          ? image.resize(target, target, {
              fit: 'cover',
              position: 'attention',
              kernel: 'lanczos3',
            })
          : image.resize(target, target, { fit: 'inside', kernel: 'lanczos3' });
        if (plan.sharpen || plan.upscale) image = image.sharpen({ sigma: plan.upscale ? 1.1 : 0.9 });
        const { data, info } = await image
          .jpeg({ quality: 92, chromaSubsampling: '4:4:4', mozjpeg: true })
          .toBuffer({ resolveWithObject: true });
        progress.report('enhance', 1, 'completed');
        return {
          data,
          contentType: 'image/jpeg',
          width: info.width,
          height: info.height,
          steps: describe(plan),
        };
      } catch (error) {
        throw toProviderError(error, 'The image could not be enhanced.');
      }
    },
  };
}
