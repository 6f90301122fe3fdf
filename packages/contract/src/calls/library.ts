import { z } from 'zod';
import { IMAGE_VIDEO_DURATIONS_S, MAX_UPLOAD_FILES, SIGNED_UPLOAD_MIME_TYPES } from '../constants';
import { defineCall } from '../define-call';
import {
  deletedAnswerSchema,
  idParamsSchema,
  isoDateTimeSchema,
  mediaUrlSchema,
  storageUriSchema,
} from '../shared-schemas';

const TAG = 'library';

/**
 * Where a library image came from. The spec names image-enhancement and ai-studio; the others are
 * ours: images kept from the image-to-video screen and plain uploads to the library.
 */
export const libraryImageSourceSchema = z.enum([
  'image-enhancement',
  'ai-studio',
  'image-to-video',
  'upload',
]);
export type LibraryImageSource = z.infer<typeof libraryImageSourceSchema>;

export const libraryImageSchema = z.object({
  id: z.string(),
  filename: z.string(),
  /** Expiring signed URL. */
  url: z.string(),
  public_url: z.string(),
  /** Ours, beyond the spec's fields: lets a picked image go to the next call without re-upload. */
  gcs_uri: storageUriSchema,
  uploaded_at: isoDateTimeSchema,
  source: libraryImageSourceSchema,
});
export type LibraryImage = z.infer<typeof libraryImageSchema>;

/** Where a saved image came from; one of three shapes (spec 001 section 3). */
export const libraryImageMetadataSchema = z.union([
  z.object({
    job_id: z.string().max(128),
    prompt: z.string().max(4000).optional(),
    type: z.enum(['subject_reference', 'style_reference']),
    index: z.number().int().nonnegative(),
  }),
  z.object({
    session_id: z.string().max(128),
    prompt: z.string().max(4000).optional(),
    mode: z.string().max(50).optional(),
    aspect_ratio: z.string().max(10).optional(),
    duration: z.literal(IMAGE_VIDEO_DURATIONS_S).optional(),
    from_library: z.boolean().optional(),
  }),
  z.object({ added_from: z.string().max(100) }),
]);
export type LibraryImageMetadata = z.infer<typeof libraryImageMetadataSchema>;

/**
 * One image to keep in the library: an object already in storage. Browser-only addresses (blob: and
 * data: URLs) are skipped by the client before saving, and refused here by mediaUrlSchema.
 */
export const libraryImageSaveRecordSchema = z.object({
  gcs_uri: storageUriSchema,
  public_url: mediaUrlSchema,
  original_filename: z.string().trim().min(1).max(255),
  content_type: z.enum(SIGNED_UPLOAD_MIME_TYPES),
  size_bytes: z.number().int().positive(),
  width: z.number().int().positive().optional(),
  height: z.number().int().positive().optional(),
  source: libraryImageSourceSchema,
  metadata: libraryImageMetadataSchema.optional(),
});
export type LibraryImageSaveRecord = z.infer<typeof libraryImageSaveRecordSchema>;

/**
 * Answers the images now in the library, in the order given, one per distinct gcs_uri: saving an image
 * already there (same gcs_uri) answers the existing record. A record is skipped, and left out of the
 * answer, when its gcs_uri is not an object of this instance's storage, not one of the caller's
 * uploads, missing, or not an image (spec 001 section 5): compare the answer's gcs_uri values with
 * those sent to tell which.
 */
export const saveLibraryImages = defineCall({
  name: 'saveLibraryImages',
  method: 'POST',
  path: '/user/library/images/save',
  auth: 'bearer',
  tag: TAG,
  summary: 'Add stored images to the image library',
  body: z.object({ images: z.array(libraryImageSaveRecordSchema).min(1).max(MAX_UPLOAD_FILES) }),
  successStatus: 201,
  response: z.array(libraryImageSchema),
});

/** The spec accepts an array or `{images}`; ours is the array, newest first. */
export const listLibraryImages = defineCall({
  name: 'listLibraryImages',
  method: 'GET',
  path: '/user/library/images',
  auth: 'bearer',
  tag: TAG,
  summary: "The signed-in user's image library, newest first",
  response: z.array(libraryImageSchema),
});

export const deleteLibraryImage = defineCall({
  name: 'deleteLibraryImage',
  method: 'DELETE',
  path: '/user/library/images/:id',
  auth: 'bearer',
  tag: TAG,
  summary: 'Remove an image from the library',
  params: idParamsSchema,
  response: deletedAnswerSchema,
});
