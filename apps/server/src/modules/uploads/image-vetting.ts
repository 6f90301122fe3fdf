import { sharp } from '../../media/sharp';
import { decodeBmp } from '../../media/bmp-decoder';
import { isMediaError } from '../../media/media-error';
import { serverDetailMessages } from '@reelcraft/contract';
import { EXTENSION_OF, sniffImageType, type SniffedImageType } from '../../platform/files/sniff-content-type';

/** Pixels accepted from users: 50 megapixels covers every phone and most cameras. */
export const MAX_IMAGE_PIXELS = 50_000_000;

/** An image that passed vetting, ready to store: re-encoded by sharp (BMP kept as sent, see below). */
export interface VettedImage {
  data: Buffer;
  contentType: SniffedImageType;
  extension: string;
  width: number;
  height: number;
  originalFilename: string;
}

/** Why one file was refused; the message is for the user. */
export class ImageRefusedError extends Error {
  override readonly name = 'ImageRefusedError';
  constructor(
    message: string,
    readonly reason: 'unsupported' | 'unreadable' | 'too-many-pixels',
  ) {
    super(message);
  }
}

const FILENAME_MAX_LENGTH = 255;

/** A client's file name for display: no folders, no control characters, bounded. */
export function displayFilename(filename: string, fallback: string): string {
  const base = filename.split(/[\\/]/).at(-1) ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return Array.from(clean || fallback)
    .slice(0, FILENAME_MAX_LENGTH)
    .join('');
}

/**
 * BMP is only taken as a last frame; sharp cannot decode it, so the product's own decoder reads it
 * whole here (with the same pixel limit), as the renderer will: a header that promises pixels the
 * file does not hold is refused now, not when the video is made.
 */
function bmpSize(data: Buffer): { width: number; height: number } {
  try {
    const { width, height } = decodeBmp(data, MAX_IMAGE_PIXELS);
    return { width, height };
  } catch (error) {
    if (isMediaError(error) && error.code === 'media_too_large') {
      throw new ImageRefusedError('The image has too many pixels.', 'too-many-pixels');
    }
    throw new ImageRefusedError('The image could not be read.', 'unreadable');
  }
}

/**
 * Checks an uploaded image by its content (type from the bytes, decoded by sharp with a pixel
 * limit) and re-encodes it upright in the same format, without its metadata (camera, location).
 * A GIF keeps its first frame: the product uses images as stills.
 */
export async function vetImage(
  file: { filename: string; data: Buffer },
  accept: readonly string[],
): Promise<VettedImage> {
  const type = sniffImageType(file.data);
  if (!type || !accept.includes(type)) {
    throw new ImageRefusedError(serverDetailMessages.unsupportedFileType, 'unsupported');
  }
  const extension = EXTENSION_OF[type];
  const originalFilename = displayFilename(file.filename, `image.${extension}`);
  if (type === 'image/bmp') {
    return { data: file.data, contentType: type, extension, originalFilename, ...bmpSize(file.data) };
  }
  try {
    const image = sharp(file.data, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error', pages: 1 });
    const metadata = await image.metadata();
    if (EXTENSION_OF[`image/${metadata.format}` as SniffedImageType] === undefined) {
      throw new ImageRefusedError(serverDetailMessages.unsupportedFileType, 'unsupported');
    }
    const upright = image.rotate();
    const encoded =
      type === 'image/jpeg'
        ? upright.jpeg({ quality: 92 })
        : type === 'image/png'
          ? upright.png()
          : type === 'image/webp'
            ? upright.webp({ quality: 92 })
            : upright.gif();
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { data, contentType: type, extension, originalFilename, width: info.width, height: info.height };
  } catch (error) {
    if (error instanceof ImageRefusedError) throw error;
    const message = error instanceof Error ? error.message : String(error);
    if (/pixel limit/i.test(message)) {
      throw new ImageRefusedError('The image has too many pixels.', 'too-many-pixels');
    }
    throw new ImageRefusedError('The image could not be read.', 'unreadable');
  }
}
