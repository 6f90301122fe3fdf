import { z } from 'zod';
import { defineCall } from '../define-call';
import { imageEnhancerMessages } from '../messages';
import { storageUriSchema } from '../shared-schemas';

export const enhanceImageBodySchema = z.object({
  /** Storage URI of an image the caller uploaded through POST /upload/signed-url. */
  object_key: storageUriSchema,
  /** The user's instruction, e.g. "white background, soft shadow". */
  prompt: z.string().trim().min(1, imageEnhancerMessages.instructionsRequired).max(2000),
  /**
   * Ours (issue 36): the name the user's file had (the upload's `original_filename`); the enhanced
   * copy is kept in the library as "<name> (enhanced)". Absent: "enhanced-<stored name>".
   */
  original_filename: z.string().max(255).optional(),
});
export type EnhanceImageBody = z.infer<typeof enhanceImageBodySchema>;

export const enhanceImageAnswerSchema = z.object({
  enhanced_image_url: z.string(),
  enhanced_image_gcs_uri: storageUriSchema,
});
export type EnhanceImageAnswer = z.infer<typeof enhanceImageAnswerSchema>;

/** The spec writes this path with the /api/v1 prefix already; it is served at the same place as the others. */
export const enhanceProductImage = defineCall({
  name: 'enhanceProductImage',
  method: 'POST',
  path: '/product-videos/enhance-image',
  auth: 'bearer',
  tag: 'image-enhancement',
  summary: 'Enhance a product image following an instruction',
  body: enhanceImageBodySchema,
  response: enhanceImageAnswerSchema,
});
