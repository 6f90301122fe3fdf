import { z } from 'zod';
import { ENHANCER_MAX_BYTES, MAX_UPLOAD_FILES, SIGNED_UPLOAD_MIME_TYPES } from '../constants';
import { defineCall } from '../define-call';
import { storageUriSchema } from '../shared-schemas';

/** What an upload is for; the list is ours (the spec names image-enhancement and ai-studio). */
export const uploadSourceSchema = z.enum(['image-to-video', 'image-enhancement', 'ai-studio', 'library']);
export type UploadSource = z.infer<typeof uploadSourceSchema>;

export const uploadedImageSchema = z.object({
  id: z.string(),
  /** Expiring URL to show the image. */
  signed_url: z.string(),
  /** The storage URI to hand back to later calls (named for compatibility, DESIGN.md section 3). */
  gcs_uri: storageUriSchema,
  /** Same as signed_url with our storage: objects are never public. */
  public_url: z.string(),
  source: uploadSourceSchema,
  metadata: z.object({
    original_filename: z.string(),
    content_type: z.string(),
    size_bytes: z.number().int().nonnegative(),
    width: z.number().int().positive(),
    height: z.number().int().positive(),
  }),
});
export type UploadedImage = z.infer<typeof uploadedImageSchema>;

/** Files that were refused while others went through (shape not shown in the spec: ours). */
export const uploadErrorSchema = z.object({ filename: z.string(), error: z.string() });

export const uploadAnswerSchema = z.object({
  images: z.array(uploadedImageSchema),
  uploaded_count: z.number().int().nonnegative(),
  errors: z.array(uploadErrorSchema),
  /** Set when some files were refused. */
  warning: z.string().nullable(),
  message: z.string(),
});
export type UploadAnswer = z.infer<typeof uploadAnswerSchema>;

/** The text fields of the upload form. */
export const uploadImagesBodySchema = z.object({ source: uploadSourceSchema.optional() });
export type UploadImagesBody = z.infer<typeof uploadImagesBodySchema>;

/**
 * Stores images and answers their storage URIs and signed URLs. The limit per file is the enhancer's,
 * the largest of the screens that upload through here; each screen checks its own smaller limit first.
 * Answers 400 when no file or every file was refused.
 */
export const uploadImages = defineCall({
  name: 'uploadImages',
  method: 'POST',
  path: '/upload/signed-url',
  auth: 'bearer',
  tag: 'uploads',
  summary: 'Upload images to storage',
  body: uploadImagesBodySchema,
  bodyEncoding: 'multipart',
  files: [
    {
      name: 'files',
      repeated: true,
      required: true,
      maxCount: MAX_UPLOAD_FILES,
      accept: SIGNED_UPLOAD_MIME_TYPES,
      maxBytes: ENHANCER_MAX_BYTES,
    },
  ],
  response: uploadAnswerSchema,
});
