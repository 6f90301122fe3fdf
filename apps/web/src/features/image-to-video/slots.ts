import {
  IMAGE_MIME_TYPES,
  imageToVideoMessages,
  MAX_IMAGE_SLOTS,
  STORAGE_KEYS,
  UPLOAD_MAX_BYTES,
  UPLOAD_MAX_MB,
  uploadMessages,
} from '@reelcraft/contract';
import { z } from 'zod';

/** One image of the create tab (spec 001 section 3, "Image slot entry"). */
export interface ImageSlot {
  id: string;
  name: string;
  type: string;
  size: number;
  /** What the slot shows: a signed URL once uploaded, else a local object URL. */
  url: string;
  /** The storage URI once the image is stored; null while uploading or when the upload failed. */
  objectKey: string | null;
  /** The picked file, sent with the job when it could not be uploaded beforehand. */
  file: File | null;
  fromLibrary: boolean;
  uploading: boolean;
}

let nextId = 0;
export function slotId(): string {
  nextId += 1;
  return `slot-${Date.now()}-${nextId}`;
}

/** Checks picked files against the slots left: the accepted ones, and a message for what was refused. */
export function acceptImages(
  files: readonly File[],
  filled: number,
): { accepted: File[]; problem: string | null } {
  const free = MAX_IMAGE_SLOTS - filled;
  if (free <= 0) return { accepted: [], problem: imageToVideoMessages.maxImagesReached };
  const images = files.filter((file) => (IMAGE_MIME_TYPES as readonly string[]).includes(file.type));
  let problem: string | null = images.length < files.length ? imageToVideoMessages.invalidImageFiles : null;
  const small = images.filter((file) => file.size <= UPLOAD_MAX_BYTES);
  if (small.length < images.length) problem = uploadMessages.fileSizeExceeds(UPLOAD_MAX_MB);
  if (small.length > free) problem = imageToVideoMessages.maxImagesAllowed(MAX_IMAGE_SLOTS);
  return { accepted: small.slice(0, free), problem };
}

/** Clears the library's hand-over once the screen has read it. */
export function clearLibrarySelection(): void {
  window.localStorage.removeItem(STORAGE_KEYS.librarySelectedImages);
}

/** The images the library handed over (`library_selected_images`) as slots. */
export function readLibrarySelection(): ImageSlot[] {
  const raw = window.localStorage.getItem(STORAGE_KEYS.librarySelectedImages);
  if (raw === null) return [];
  try {
    const items = JSON.parse(raw) as unknown;
    if (!Array.isArray(items)) return [];
    return items.flatMap((item: unknown): ImageSlot[] => {
      if (typeof item !== 'object' || item === null) return [];
      const { url, filename, gcs_uri, public_url } = item as Record<string, unknown>;
      if (typeof gcs_uri !== 'string') return [];
      const shown = typeof url === 'string' ? url : typeof public_url === 'string' ? public_url : '';
      return [
        {
          id: slotId(),
          name: typeof filename === 'string' ? filename : 'Library image',
          type: 'image',
          size: 0,
          url: shown,
          objectKey: gcs_uri,
          file: null,
          fromLibrary: true,
          uploading: false,
        },
      ];
    });
  } catch {
    return [];
  }
}

/**
 * The stored slots as kept across a reload (issue 36 item 4): what names an object in storage. A
 * slot still uploading, or one whose upload failed, holds only a file this page had.
 */
export const keptSlotsSchema = z
  .array(
    z.object({
      name: z.string(),
      type: z.string(),
      size: z.number(),
      url: z.string(),
      objectKey: z.string(),
      fromLibrary: z.boolean(),
    }),
  )
  .max(MAX_IMAGE_SLOTS);
export type KeptSlots = z.infer<typeof keptSlotsSchema>;

export function keptSlots(slots: readonly ImageSlot[]): KeptSlots {
  return slots.flatMap(({ name, type, size, url, objectKey, fromLibrary }) =>
    objectKey !== null && !url.startsWith('blob:') ? [{ name, type, size, url, objectKey, fromLibrary }] : [],
  );
}

export function restoredSlots(kept: KeptSlots | null): ImageSlot[] {
  return (kept ?? []).map((slot) => ({ ...slot, id: slotId(), file: null, uploading: false }));
}
