import {
  SIGNED_UPLOAD_MIME_TYPES,
  type LibraryImageSaveRecord,
  type SessionStarted,
} from '@reelcraft/contract';
import type { CreateVideoFormValues } from './create-video-form';
import type { ImageSlot } from './slots';

const LIBRARY_TYPES: readonly string[] = SIGNED_UPLOAD_MIME_TYPES;

/**
 * What a start keeps in the image library (issue 36 item 5): the user's own uploads among the slots,
 * under the names they had on the device, as spec 001 section 3's save records of an image-to-video
 * session. Images taken from the library are there already, and so is an enhanced image (the enhancer
 * keeps it); a slot whose upload failed has no stored object to keep.
 */
export function libraryRecordsFor(
  slots: readonly ImageSlot[],
  values: Pick<CreateVideoFormValues, 'prompt' | 'mode' | 'aspect_ratio' | 'duration'>,
  started: SessionStarted,
): LibraryImageSaveRecord[] {
  return slots.flatMap((slot): LibraryImageSaveRecord[] => {
    // Uploads carry the picked file's type and size; library and enhanced slots do not.
    const picked = !slot.fromLibrary && LIBRARY_TYPES.includes(slot.type) && slot.size > 0;
    // A browser-only preview (blob:) is no address to save (spec 001 section 5).
    if (!picked || slot.objectKey === null || slot.url.startsWith('blob:')) return [];
    return [
      {
        gcs_uri: slot.objectKey,
        public_url: slot.url,
        original_filename: slot.name,
        content_type: slot.type as LibraryImageSaveRecord['content_type'],
        size_bytes: slot.size,
        source: 'image-to-video',
        metadata: {
          session_id: started.session_id,
          prompt: values.prompt,
          mode: values.mode,
          aspect_ratio: values.aspect_ratio,
          duration: values.duration,
          from_library: false,
        },
      },
    ];
  });
}
