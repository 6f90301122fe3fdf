import path from 'node:path';
import {
  ENHANCER_MAX_BYTES,
  ENHANCER_MIME_TYPES,
  imageEnhancerMessages,
  serverDetailMessages,
  type EnhanceImageAnswer,
  type EnhanceImageBody,
} from '@reelcraft/contract';
import { EXTENSION_OF, sniffImageType } from '../../platform/files/sniff-content-type';
import { badRequest, HttpError, notFound } from '../../platform/http/http-error';
import { ProviderError, type ImageEnhancementProvider } from '../../providers';
import type { LibraryService } from '../library';
import { displayFilename, type UploadsService } from '../uploads';

/** A provider's refusal as an answer; its message is written for users. */
function providerFailure(error: ProviderError): HttpError {
  switch (error.code) {
    case 'invalid_input':
    case 'unsupported_media':
      return badRequest(error.message);
    case 'too_large':
      return new HttpError(413, imageEnhancerMessages.tooLarge);
    case 'unavailable':
    case 'timed_out':
      return new HttpError(503, imageEnhancerMessages.enhanceFailed);
    default:
      return new HttpError(500, imageEnhancerMessages.enhanceFailed);
  }
}

/**
 * The library name of an enhanced copy: the user's own file name marked "(enhanced)", so the
 * library tells the two apart and still says which photo it was; without it, the stored name.
 */
function enhancedName(originalFilename: string | undefined, sourceKey: string, extension: string): string {
  const original = originalFilename ? displayFilename(originalFilename, '') : '';
  const base = original.replace(/\.[A-Za-z0-9]{1,5}$/, '').trim();
  if (!base) return `enhanced-${path.posix.basename(sourceKey, path.posix.extname(sourceKey))}.${extension}`;
  return displayFilename(`${base} (enhanced).${extension}`, `enhanced.${extension}`);
}

/**
 * The Product Image Enhancer (spec 001 section 2): enhances one of the caller's uploaded images as
 * instructed, keeps the result in their upload area and image library, and answers its signed URL.
 */
export class ImageEnhancementService {
  constructor(
    private readonly uploads: UploadsService,
    private readonly enhancer: ImageEnhancementProvider,
    private readonly library: Pick<LibraryService, 'add'>,
  ) {}

  async enhance(userId: string, body: EnhanceImageBody): Promise<EnhanceImageAnswer> {
    // Another user's object and a missing one answer alike: nobody learns what exists.
    const source = await this.uploads.findOwnImage(userId, body.object_key);
    if (!source) throw notFound(serverDetailMessages.imageNotFound);
    const accepted: readonly string[] = ENHANCER_MIME_TYPES;
    if (!accepted.includes(source.contentType)) throw badRequest(imageEnhancerMessages.invalidFormat);
    if (source.sizeBytes > ENHANCER_MAX_BYTES) throw new HttpError(413, imageEnhancerMessages.tooLarge);

    let enhanced;
    try {
      enhanced = await this.enhancer.enhance({
        image: await this.uploads.read(source.key),
        instruction: body.prompt,
      });
    } catch (error) {
      if (error instanceof ProviderError) throw providerFailure(error);
      throw error;
    }
    // The stored type and name follow the bytes, not what the provider says it made: a JPEG
    // labelled PNG downloads as a ".png" no viewer opens as such.
    const contentType = sniffImageType(enhanced.data);
    if (!contentType) throw providerFailure(new ProviderError('failed', 'The image could not be enhanced.'));
    const extension = EXTENSION_OF[contentType];
    const stored = await this.uploads.store(userId, {
      data: enhanced.data,
      contentType,
      extension,
      width: enhanced.width,
      height: enhanced.height,
      originalFilename: enhancedName(body.original_filename, source.key, extension),
    });
    await this.library.add(userId, {
      uri: stored.uri,
      originalFilename: stored.originalFilename,
      source: 'image-enhancement',
      metadata: {
        added_from: 'image-enhancement',
        original_uri: source.uri,
        prompt: body.prompt,
        steps: enhanced.steps,
      },
      width: stored.width,
      height: stored.height,
    });
    return {
      enhanced_image_url: await this.uploads.signedUrl(stored.key),
      enhanced_image_gcs_uri: stored.uri,
    };
  }
}
