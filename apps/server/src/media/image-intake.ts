import sharp, { type Sharp } from 'sharp';
import { decodeBmp, isBmp } from './bmp-decoder';
import { MediaError } from './media-error';

export interface ImageIntakeLimits {
  maxBytes: number;
  /** Decoding stops before allocating more pixels than this (decompression bombs). */
  maxPixels: number;
}

/** Pixels accepted from users: 50 megapixels covers every phone and most cameras. */
export const DEFAULT_MAX_IMAGE_PIXELS = 50_000_000;

/**
 * A user's image after vetting: decoded by sharp (or the BMP decoder), upright, sRGB, held as raw
 * pixels. Whatever reaches ffmpeg is encoded from these pixels by sharp, never the user's bytes.
 */
export interface VettedImage {
  pixels: Buffer;
  width: number;
  height: number;
  channels: 3 | 4;
  /** The format the user sent. */
  sourceFormat: string;
  hasAlpha: boolean;
}

/** A sharp pipeline over a vetted image's pixels. */
export const sharpFromVetted = (image: VettedImage): Sharp =>
  sharp(image.pixels, { raw: { width: image.width, height: image.height, channels: image.channels } });

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'gif', 'webp', 'bmp']);

function openImage(data: Buffer, limits: ImageIntakeLimits): { image: Sharp; format: string | null } {
  if (isBmp(data)) {
    const raw = decodeBmp(data, limits.maxPixels);
    return {
      image: sharp(raw.data, { raw: { width: raw.width, height: raw.height, channels: 4 } }),
      format: 'bmp',
    };
  }
  // One frame only (a GIF's first), pixel limit enforced while decoding.
  return {
    image: sharp(data, { limitInputPixels: limits.maxPixels, failOn: 'error', pages: 1 }),
    format: null,
  };
}

/**
 * Decodes a user's image with sharp (or the BMP decoder), refuses anything but JPEG, PNG, GIF, WebP
 * and BMP, applies the EXIF orientation and re-encodes it. Nothing the user sent reaches ffmpeg.
 */
export async function intakeImage(
  data: Buffer,
  limits: ImageIntakeLimits,
  options: { maxLongSide?: number } = {},
): Promise<VettedImage> {
  if (data.length === 0) throw new MediaError('invalid_media', 'The image file is empty.');
  if (data.length > limits.maxBytes) {
    throw new MediaError(
      'media_too_large',
      `The image is too large (at most ${Math.round(limits.maxBytes / 1048576)} MB).`,
    );
  }
  try {
    const opened = openImage(data, limits);
    const metadata = await opened.image.metadata();
    const format = opened.format ?? metadata.format ?? 'unknown';
    if (!ACCEPTED_FORMATS.has(format)) {
      throw new MediaError('unsupported_media', 'Please use a JPEG, PNG, GIF, WebP or BMP image.', {
        details: format,
      });
    }
    let pipeline = opened.image.rotate().toColourspace('srgb');
    // Shrinking while decoding (JPEG shrink-on-load) keeps 12-megapixel photos cheap.
    if (options.maxLongSide) {
      pipeline = pipeline.resize(options.maxLongSide, options.maxLongSide, {
        fit: 'inside',
        withoutEnlargement: true,
      });
    }
    const { data: pixels, info } = await pipeline.raw().toBuffer({ resolveWithObject: true });
    const channels = info.channels === 4 ? 4 : 3;
    if (info.channels !== channels)
      throw new MediaError('unsupported_media', 'Please use a colour JPEG, PNG, GIF, WebP or BMP image.');
    return {
      pixels,
      width: info.width,
      height: info.height,
      channels,
      sourceFormat: format,
      hasAlpha: channels === 4,
    };
  } catch (error) {
    if (error instanceof MediaError) throw error;
    const message = error instanceof Error ? error.message : String(error);
    if (/pixel limit/i.test(message)) {
      throw new MediaError('media_too_large', 'The image has too many pixels.', { cause: error });
    }
    throw new MediaError('invalid_media', 'The image could not be read.', { cause: error, details: message });
  }
}

/** How far apart two aspect ratios are, as the absolute log of their ratio. */
const aspectDistance = (a: number, b: number) => Math.abs(Math.log(a / b));

/**
 * A still of exactly `width` x `height` from a vetted image, for a shot. An image of about the same
 * shape fills the frame (cropped on the interesting part); a very different one is shown whole over a
 * blurred, darkened copy of itself, as phones show portrait photos in landscape.
 */
export async function composeStill(image: VettedImage, width: number, height: number): Promise<Buffer> {
  const base = sharpFromVetted(image).flatten({ background: '#101014' });
  // Up to 4:3 in a 16:9 frame is cropped; a portrait photo in a landscape frame is shown whole.
  if (aspectDistance(image.width / image.height, width / height) < 0.3) {
    return base
      .resize(width, height, { fit: 'cover', position: sharp.strategy.attention })
      .removeAlpha()
      .png({ compressionLevel: 1 })
      .toBuffer();
  }
  const backdrop = await sharpFromVetted(image)
    .flatten({ background: '#101014' })
    .resize(Math.max(16, Math.round(width / 8)), Math.max(16, Math.round(height / 8)), { fit: 'cover' })
    .blur(6)
    .modulate({ brightness: 0.55, saturation: 1.1 })
    .resize(width, height)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const inner = { width: Math.round(width * 0.94), height: Math.round(height * 0.94) };
  const foreground = await base
    .resize(inner.width, inner.height, { fit: 'inside' })
    .png()
    .toBuffer({ resolveWithObject: true });
  return sharp(backdrop.data, {
    raw: { width: backdrop.info.width, height: backdrop.info.height, channels: 3 },
  })
    .composite([
      {
        input: foreground.data,
        left: Math.round((width - foreground.info.width) / 2),
        top: Math.round((height - foreground.info.height) / 2),
      },
    ])
    .removeAlpha()
    .png({ compressionLevel: 1 })
    .toBuffer();
}

/** Average and dominant colours of an image (a style reference), as #rrggbb. */
export async function imageColors(image: VettedImage): Promise<{ dominant: string; average: string }> {
  const stats = await sharpFromVetted(image).removeAlpha().stats();
  const hex = (r: number, g: number, b: number) =>
    `#${[r, g, b].map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;
  const [r, g, b] = stats.channels;
  return {
    dominant: hex(stats.dominant.r, stats.dominant.g, stats.dominant.b),
    average: hex(r?.mean ?? 0, g?.mean ?? 0, b?.mean ?? 0),
  };
}
