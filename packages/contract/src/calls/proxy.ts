import { z } from 'zod';
import { defineCall } from '../define-call';
import { binaryAnswerSchema, mediaUrlSchema, storageUriSchema } from '../shared-schemas';

/**
 * Streams a video through the API so the browser can save it despite cross-origin storage. `url` is
 * a signed URL this instance handed out (expired ones too) or a storage URI. Only objects of this
 * instance's own storage that belong to the caller (their videos and uploads) are served, read from
 * storage by key: the server never requests the address itself, so it cannot be an open proxy.
 * Supports Range; answers `Content-Disposition: attachment`.
 */
export const proxyVideo = defineCall({
  name: 'proxyVideo',
  method: 'GET',
  path: '/proxy/video',
  auth: 'bearer',
  tag: 'proxy',
  summary: 'Download a stored video through the API',
  query: z.object({ url: z.union([storageUriSchema, mediaUrlSchema]) }),
  responseKind: 'binary',
  response: binaryAnswerSchema,
});
