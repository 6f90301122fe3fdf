import type { Sharp } from 'sharp';
import { sharp } from './sharp';
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
 * blurred copy of itself, as phones show portrait photos in landscape, or, for a product photo on
 * white, cut out on a studio sweep (`productOnWhite: false` keeps a designed page, a slide, whole).
 */
export async function composeStill(
  image: VettedImage,
  width: number,
  height: number,
  options: { productOnWhite?: boolean } = {},
): Promise<Buffer> {
  const base = sharpFromVetted(image).flatten({ background: '#101014' });
  // Up to 4:3 in a 16:9 frame is cropped; a portrait photo in a landscape frame is shown whole.
  if (aspectDistance(image.width / image.height, width / height) < 0.3) {
    return base
      .resize(width, height, { fit: 'cover', position: 'attention' })
      .removeAlpha()
      .png({ compressionLevel: 1 })
      .toBuffer();
  }
  // A product on white gets a soft studio sweep; any other photo a blurred, colour-matched copy of itself.
  const small = await sharpFromVetted(image)
    .flatten({ background: '#ffffff' })
    .resize(64, 64, { fit: 'fill' })
    .ensureAlpha()
    .raw()
    .toBuffer();
  const border = borderColour(small, 64, 64);
  const onWhite =
    options.productOnWhite !== false &&
    border.spread < PLAIN_BORDER_SPREAD &&
    border.colour.every((channel) => channel > 215);
  const backdrop = onWhite
    ? await sharp(
        Buffer.from(
          `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><radialGradient id="s" cx="0.5" cy="0.42" r="0.75"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="#d9dade"/></radialGradient></defs><rect width="${width}" height="${height}" fill="url(#s)"/></svg>`,
        ),
      )
        .removeAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true })
    : await sharpFromVetted(image)
        .flatten({ background: '#101014' })
        .resize(Math.max(16, Math.round(width / 8)), Math.max(16, Math.round(height / 8)), { fit: 'cover' })
        .blur(6)
        .modulate({ brightness: 0.7, saturation: 1.2 })
        .resize(width, height)
        .removeAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
  const inner = { width: Math.round(width * 0.94), height: Math.round(height * 0.94) };
  const fitted = await base
    .resize(inner.width, inner.height, { fit: 'inside' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  // On the studio sweep the white around the product is cut away, so the product itself stands there.
  if (onWhite) keyOutPlainBackground(fitted.data, fitted.info.width, fitted.info.height);
  const foreground = await sharp(fitted.data, {
    raw: { width: fitted.info.width, height: fitted.info.height, channels: 4 },
  })
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

/** Where a subject stands in its scene: its centre across the frame and its height, as fractions. */
export interface SubjectPlacement {
  x: number;
  scale: number;
}

// A product shot's background counts as plain when its border varies less than this (0..255).
const PLAIN_BORDER_SPREAD = 22;

/**
 * A still with the subject (a product or person photo) standing in a scene: a plain background
 * (a product on white) is cut away so the subject itself sits on the scene's backdrop, with a
 * contact shadow under it and a soft drop shadow; any other photo stands as a framed print. The
 * shot's motion then moves it and the scene's light plays over it.
 */
export async function placeSubject(
  image: VettedImage,
  backdrop: Buffer,
  width: number,
  height: number,
  placement: SubjectPlacement,
): Promise<Buffer> {
  const box = { width: Math.round(width * 0.62), height: Math.round(height * placement.scale) };
  const keyed = await sharpFromVetted(image)
    .resize(box.width, box.height, { fit: 'inside' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const background = borderColour(keyed.data, keyed.info.width, keyed.info.height);
  const cutOut = background.spread < PLAIN_BORDER_SPREAD;
  if (cutOut) keyOutFromBorder(keyed.data, keyed.info.width, keyed.info.height, background.colour);
  // Cut out, the subject is trimmed to what is left of it and fills the box again.
  const bounds = cutOut ? opaqueBounds(keyed.data, keyed.info.width, keyed.info.height) : undefined;
  const { data, info } = await sharp(keyed.data, {
    raw: { width: keyed.info.width, height: keyed.info.height, channels: 4 },
  })
    .extract(bounds ?? { left: 0, top: 0, width: keyed.info.width, height: keyed.info.height })
    .resize(box.width, box.height, { fit: 'inside' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (!cutOut)
    roundCorners(data, info.width, info.height, Math.round(Math.min(info.width, info.height) * 0.04));
  const subject = await sharp(data, { raw: { width: info.width, height: info.height, channels: 4 } })
    .png()
    .toBuffer();

  // The subject stands on a floor a little above the frame's bottom, centred at `x`.
  const left = Math.round(Math.min(width - info.width, Math.max(0, placement.x * width - info.width / 2)));
  const top = Math.round(Math.max(0, height * 0.9 - info.height));
  const shadowBlur = Math.max(2, Math.round(height * 0.018));
  // The subject's own outline, darkened and blurred, falls a little behind and below it.
  const shadowPixels = Buffer.alloc(info.width * info.height * 4);
  for (let pixel = 0; pixel < info.width * info.height; pixel += 1) {
    shadowPixels[pixel * 4 + 3] = Math.round((data[pixel * 4 + 3] ?? 0) * 0.45);
  }
  const dropShadow = await sharp(shadowPixels, {
    raw: { width: info.width, height: info.height, channels: 4 },
  })
    .blur(shadowBlur)
    .png()
    .toBuffer();
  const contactWidth = Math.round(info.width * 0.9);
  const contactHeight = Math.max(6, Math.round(height * 0.05));
  const contact = await sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${contactWidth}" height="${contactHeight * 2}">` +
        `<ellipse cx="${contactWidth / 2}" cy="${contactHeight}" rx="${contactWidth / 2 - 2}" ry="${contactHeight / 2}" fill="black" fill-opacity="0.5"/></svg>`,
    ),
  )
    .blur(Math.max(1, contactHeight / 3))
    .png()
    .toBuffer();

  return sharp(backdrop)
    .resize(width, height)
    .composite([
      {
        input: contact,
        left: Math.round(left + (info.width - contactWidth) / 2),
        top: Math.max(0, Math.min(height - contactHeight * 2, top + info.height - contactHeight)),
      },
      {
        input: dropShadow,
        left: Math.min(width - info.width, left + Math.round(width * 0.008)),
        top: Math.min(height - info.height, top + Math.round(height * 0.02)),
      },
      { input: subject, left, top },
    ])
    .removeAlpha()
    .png({ compressionLevel: 1 })
    .toBuffer();
}

/**
 * Makes a plain background (a studio shot, a product on white) transparent in place, the way
 * `placeSubject` cuts a subject out; answers false and leaves the pixels alone for any other photo.
 */
export function keyOutPlainBackground(
  rgba: Buffer,
  width: number,
  height: number,
  options: { ignoreBottom?: boolean } = {},
): boolean {
  // A head-and-shoulders shot's body runs out of the bottom edge: only the others show the backdrop.
  const background = borderColour(rgba, width, height, options.ignoreBottom);
  if (background.spread >= PLAIN_BORDER_SPREAD) return false;
  keyOutFromBorder(rgba, width, height, background.colour);
  return true;
}

/** The mean colour of an RGBA image's outer ring, and how much the ring varies from it. */
function borderColour(
  pixels: Buffer,
  width: number,
  height: number,
  ignoreBottom = false,
): { colour: [number, number, number]; spread: number } {
  const samples: [number, number, number][] = [];
  const ring = Math.max(1, Math.round(Math.min(width, height) * 0.02));
  // Without the bottom edge, the sides are sampled down to two thirds of the height only.
  const lastRow = ignoreBottom ? Math.round(height * 0.66) : height;
  for (let y = 0; y < lastRow; y += 1) {
    for (let x = 0; x < width; x += 1) {
      if (x >= ring && x < width - ring && y >= ring && (ignoreBottom || y < height - ring)) continue;
      const i = (y * width + x) * 4;
      samples.push([pixels[i] ?? 0, pixels[i + 1] ?? 0, pixels[i + 2] ?? 0]);
    }
  }
  const mean = [0, 1, 2].map((c) => samples.reduce((sum, s) => sum + s[c]!, 0) / samples.length) as [
    number,
    number,
    number,
  ];
  const spread = Math.sqrt(
    samples.reduce(
      (sum, s) => sum + (s[0] - mean[0]) ** 2 + (s[1] - mean[1]) ** 2 + (s[2] - mean[2]) ** 2,
      0,
    ) / samples.length,
  );
  return { colour: mean, spread };
}

/**
 * Makes the background transparent: the pixels close to its colour that are connected to the border
 * (so a white label on a red mug stays), with a soft edge.
 */
function keyOutFromBorder(
  pixels: Buffer,
  width: number,
  height: number,
  background: [number, number, number],
): void {
  const near = 26;
  const far = 70;
  const distance = (pixel: number) =>
    Math.hypot(
      (pixels[pixel * 4] ?? 0) - background[0],
      (pixels[pixel * 4 + 1] ?? 0) - background[1],
      (pixels[pixel * 4 + 2] ?? 0) - background[2],
    );
  const seen = new Uint8Array(width * height);
  const queue: number[] = [];
  for (let x = 0; x < width; x += 1) queue.push(x, (height - 1) * width + x);
  for (let y = 0; y < height; y += 1) queue.push(y * width, y * width + width - 1);
  while (queue.length > 0) {
    const pixel = queue.pop()!;
    if (seen[pixel]) continue;
    seen[pixel] = 1;
    const d = distance(pixel);
    if (d >= far) continue;
    pixels[pixel * 4 + 3] = Math.round(
      (pixels[pixel * 4 + 3] ?? 255) * Math.max(0, (d - near) / (far - near)),
    );
    const x = pixel % width;
    if (x > 0) queue.push(pixel - 1);
    if (x < width - 1) queue.push(pixel + 1);
    if (pixel >= width) queue.push(pixel - width);
    if (pixel < width * (height - 1)) queue.push(pixel + width);
  }
}

/** The box around an RGBA image's visible pixels; undefined when nothing is visible. */
function opaqueBounds(
  pixels: Buffer,
  width: number,
  height: number,
): { left: number; top: number; width: number; height: number } | undefined {
  let minX = width;
  let minY = height;
  let maxX = -1;
  let maxY = -1;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      if ((pixels[(y * width + x) * 4 + 3] ?? 0) < 32) continue;
      minX = Math.min(minX, x);
      maxX = Math.max(maxX, x);
      minY = Math.min(minY, y);
      maxY = Math.max(maxY, y);
    }
  }
  return maxX < 0 ? undefined : { left: minX, top: minY, width: maxX - minX + 1, height: maxY - minY + 1 };
}

/** Rounds an RGBA image's corners (a framed print). */
function roundCorners(pixels: Buffer, width: number, height: number, radius: number): void {
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const dx = x < radius ? radius - x : x >= width - radius ? x - (width - radius - 1) : 0;
      const dy = y < radius ? radius - y : y >= height - radius ? y - (height - radius - 1) : 0;
      if (dx > 0 && dy > 0 && dx * dx + dy * dy > radius * radius) pixels[(y * width + x) * 4 + 3] = 0;
    }
  }
}
