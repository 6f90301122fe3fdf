import { ENHANCER_MAX_BYTES } from '@reelcraft/contract';
import { sharp } from '../../media/sharp';
import type {
  EnhancedImage,
  ImageEnhancementProvider,
  ImageEnhancementRequest,
} from '../image-enhancement/image-enhancement-provider';
import { ProviderError, toProviderError } from '../provider-error';
import { createProgressTracker, type TaskOptions } from '../provider-task';
import { createVendorHttp, mapVendorError, type VendorLogger } from './vendor-http';
import type { GeminiImageSettings } from '../../config';

export type { GeminiImageSettings };

export const DEFAULT_GEMINI_IMAGE_MODEL = 'gemini-2.5-flash-image';

interface GenerateContentResponse {
  candidates?: {
    content?: { parts?: { text?: string; inlineData?: { mimeType?: string; data?: string } }[] };
    finishReason?: string;
  }[];
  promptFeedback?: { blockReason?: string };
  responseId?: string;
}

const SAFETY_MESSAGE =
  'The image could not be enhanced because the request was blocked by the content safety filter. Please try another image or instruction.';

/** Product-photo enhancement through a Gemini image model (generateContent with the image inline). */
export function createGeminiImageEnhancer(options: {
  settings: GeminiImageSettings;
  logger?: VendorLogger;
}): ImageEnhancementProvider {
  const { settings, logger } = options;
  if (!settings.apiKey) throw new Error('Gemini image enhancement needs an API key (GEMINI_API_KEY).');
  const http = createVendorHttp({
    vendor: 'Gemini',
    baseUrl: settings.baseUrl ?? 'https://generativelanguage.googleapis.com',
    headers: () => ({ 'x-goog-api-key': settings.apiKey }),
    timeoutMs: settings.requestTimeoutMs ?? 120_000,
    retries: settings.retries,
    backoffMs: settings.backoffMs,
    logger,
  });

  return {
    kind: 'gemini',
    async enhance(request: ImageEnhancementRequest, task: TaskOptions = {}): Promise<EnhancedImage> {
      const instruction = request.instruction.trim();
      if (!instruction)
        throw new ProviderError('invalid_input', 'Describe how the image should be enhanced.');
      if (request.image.length > ENHANCER_MAX_BYTES)
        throw new ProviderError('too_large', 'The image is too large.');
      const progress = createProgressTracker(task.onProgress, { prepare: 1, generate: 6, finish: 1 });
      progress.report('prepare', 0, 'processing');
      // The user's bytes are re-encoded by sharp before they leave the server.
      const input = await sharp(request.image, { limitInputPixels: 50_000_000, pages: 1 })
        .rotate()
        .resize(2048, 2048, { fit: 'inside', withoutEnlargement: true })
        .png()
        .toBuffer()
        .catch((error: unknown) => {
          throw new ProviderError('unsupported_media', 'Please use a JPEG, PNG or WebP image.', {
            cause: error,
          });
        });
      progress.report('generate', 0, 'enhancing');
      let body: GenerateContentResponse;
      try {
        body = await http.json<GenerateContentResponse>({
          method: 'POST',
          path: `/v1beta/models/${encodeURIComponent(settings.model)}:generateContent`,
          json: {
            contents: [
              {
                role: 'user',
                parts: [
                  { inlineData: { mimeType: 'image/png', data: input.toString('base64') } },
                  {
                    text: `Edit this product photo: ${instruction}. Keep the product itself unchanged and realistic; return only the edited image.`,
                  },
                ],
              },
            ],
            generationConfig: { responseModalities: ['TEXT', 'IMAGE'] },
          },
          signal: task.signal,
        });
      } catch (error) {
        throw mapVendorError(error, 'image', 'The image could not be enhanced.');
      }
      logger?.info(
        { vendor: 'gemini', responseId: body.responseId ?? null, model: settings.model },
        'gemini image enhanced',
      );
      if (body.promptFeedback?.blockReason) {
        throw new ProviderError('invalid_input', SAFETY_MESSAGE, {
          details: body.promptFeedback.blockReason,
        });
      }
      const candidate = body.candidates?.[0];
      const image = candidate?.content?.parts?.find((part) => part.inlineData?.data)?.inlineData;
      if (!image?.data) {
        if (candidate?.finishReason && /SAFETY|PROHIBITED|IMAGE_SAFETY|BLOCK/i.test(candidate.finishReason)) {
          throw new ProviderError('invalid_input', SAFETY_MESSAGE, { details: candidate.finishReason });
        }
        throw new ProviderError('failed', 'The image service returned no image.', {
          details: candidate?.finishReason ?? 'no inlineData',
        });
      }
      progress.report('finish', 0, 'finishing');
      try {
        // Whatever the vendor sent (often PNG), the result is a JPEG or PNG we encoded.
        const decoded = sharp(Buffer.from(image.data, 'base64'), { limitInputPixels: 50_000_000 });
        const meta = await decoded.metadata();
        const keepPng = meta.hasAlpha === true;
        const { data, info } = await (
          keepPng ? decoded.png() : decoded.flatten({ background: '#ffffff' }).jpeg({ quality: 92 })
        ).toBuffer({
          resolveWithObject: true,
        });
        progress.report('finish', 1, 'completed');
        return {
          data,
          contentType: keepPng ? 'image/png' : 'image/jpeg',
          width: info.width,
          height: info.height,
          steps: [`gemini:${settings.model}`],
        };
      } catch (error) {
        throw toProviderError(error, 'The image service returned an unreadable image.');
      }
    },
  };
}
