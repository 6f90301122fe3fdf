import fs from 'node:fs/promises';
import type { Sharp } from 'sharp';
import type { VeoSettings } from '../../config';
import { sharpFromVetted, type VettedImage } from '../../media/image-intake';
import type { AspectRatio, VideoQuality } from '../../media/frame-size';
import { sharp } from '../../media/sharp';
import { ProviderError } from '../provider-error';
import type { TaskOptions } from '../provider-task';
import { createGoogleAccessTokenSource } from './google-auth';
import { createVendorHttp, mapVendorError, VendorHttpError, type VendorLogger } from './vendor-http';
import { waitFor } from './vendor-video';

/**
 * One Veo generation through the Gemini API or Vertex AI: start it, poll its long-running
 * operation, read the samples and download them. The video provider (chains, candidates,
 * extensions) and the storyboard scene footage both generate through it.
 */

export const DEFAULT_VEO_GEMINI_MODEL = 'veo-3.1-generate-preview';
export const DEFAULT_VEO_VERTEX_MODEL = 'veo-3.1-generate-001';

export interface VeoImage {
  bytesBase64Encoded: string;
  mimeType: string;
}

export interface VeoInstance {
  prompt: string;
  image?: VeoImage;
  lastFrame?: VeoImage;
  referenceImages?: { image: VeoImage; referenceType: 'asset' | 'style' }[];
}

export interface VeoParameters {
  aspectRatio: '16:9' | '9:16';
  durationSeconds: number;
  resolution?: '720p' | '1080p';
  seed?: number;
  negativePrompt?: string;
  personGeneration?: string;
  sampleCount?: number;
  storageUri?: string;
}

/** A generated sample, as either API answers it. */
export interface VeoSample {
  uri?: string;
  gcsUri?: string;
  bytesBase64Encoded?: string;
}

interface Operation {
  name?: string;
  done?: boolean;
  error?: { code?: number; message?: string };
  response?: Record<string, unknown>;
  metadata?: { progressPercent?: number };
}

/** The clip lengths a model makes, shortest first: Veo 3 makes 4, 6 or 8 seconds; Veo 2 5 to 8. */
export function clipLengths(model: string): readonly number[] {
  return /^veo-2/.test(model) ? [5, 6, 7, 8] : [4, 6, 8];
}

/** The longest clip a model makes that is no longer than `requested` (the shortest if none is). */
export function veoDuration(model: string, requested: number): number {
  const allowed = clipLengths(model);
  const fitting = allowed.filter((seconds) => seconds <= Math.round(requested));
  return fitting.at(-1) ?? allowed[0]!;
}

/** The shortest clip a model makes that lasts `seconds` (the longest when none does). */
export function veoCoveringDuration(model: string, seconds: number): number {
  const allowed = clipLengths(model);
  return allowed.find((length) => length >= seconds) ?? allowed.at(-1)!;
}

export const SAFETY_MESSAGE =
  'The video could not be generated because the request was blocked by the content safety filter. Please change the prompt or images and try again.';

export interface VeoClientOptions {
  settings: VeoSettings;
  logger?: VendorLogger;
}

export interface VeoClient {
  readonly model: string;
  /** Veo's parameters for one clip: the model's length nearest below `durationSeconds`, its frame. */
  parameters(request: {
    aspect: AspectRatio;
    durationSeconds: number;
    quality?: VideoQuality;
    seed: number;
  }): VeoParameters;
  /** Starts one generation and waits for it; answers its samples (a filtered one is a safety error). */
  generate(
    instance: VeoInstance,
    params: VeoParameters,
    task: TaskOptions,
    onPoll: (fraction: number) => void,
  ): Promise<VeoSample[]>;
  /** Downloads one sample's bytes to `file` (the key-bearing link is never handed on). */
  downloadSample(sample: VeoSample, file: string, signal: AbortSignal | undefined): Promise<void>;
}

export function createVeoClient(options: VeoClientOptions): VeoClient {
  const { settings, logger } = options;
  const vertex = settings.backend === 'vertex' ? settings.vertex : undefined;
  if (settings.backend === 'gemini' && !settings.apiKey) {
    throw new Error('Veo through the Gemini API needs an API key (GEMINI_API_KEY).');
  }
  if (settings.backend === 'vertex' && !vertex) {
    throw new Error('Veo through Vertex AI needs a project, a location and service-account credentials.');
  }
  const accessToken = vertex
    ? createGoogleAccessTokenSource({
        key: vertex.serviceAccount,
        tokenUrl: vertex.tokenUrl,
        timeoutMs: settings.requestTimeoutMs,
        logger,
      })
    : null;
  const baseUrl =
    settings.baseUrl ??
    (vertex
      ? `https://${vertex.location}-aiplatform.googleapis.com`
      : 'https://generativelanguage.googleapis.com');
  const http = createVendorHttp({
    vendor: 'Veo',
    baseUrl,
    timeoutMs: settings.requestTimeoutMs ?? 60_000,
    retries: settings.retries,
    backoffMs: settings.backoffMs,
    logger,
    headers: async (): Promise<Record<string, string>> =>
      accessToken
        ? { authorization: `Bearer ${await accessToken()}` }
        : { 'x-goog-api-key': settings.apiKey ?? '' },
  });
  const modelPath = vertex
    ? `/v1/projects/${encodeURIComponent(vertex.project)}/locations/${encodeURIComponent(vertex.location)}/publishers/google/models/${encodeURIComponent(settings.model)}`
    : `/v1beta/models/${encodeURIComponent(settings.model)}`;
  const storageBaseUrl = vertex?.storageBaseUrl ?? 'https://storage.googleapis.com';
  const pollInterval = settings.pollIntervalMs ?? 10_000;
  const operationTimeout = settings.operationTimeoutMs ?? 10 * 60_000;

  return {
    model: settings.model,

    parameters(request) {
      const durationSeconds = veoDuration(settings.model, request.durationSeconds);
      const veo2 = /^veo-2/.test(settings.model);
      // 1080p is made for 8-second clips only; Veo 2 takes no resolution.
      const resolution = veo2
        ? undefined
        : request.quality !== 'standard' && durationSeconds === 8
          ? '1080p'
          : '720p';
      return {
        // Veo makes landscape or portrait; a square video is cut from the landscape one.
        aspectRatio: request.aspect === '9:16' ? '9:16' : '16:9',
        durationSeconds,
        ...(resolution ? { resolution } : {}),
        seed: request.seed >>> 0,
        ...(settings.negativePrompt ? { negativePrompt: settings.negativePrompt } : {}),
        ...(settings.personGeneration ? { personGeneration: settings.personGeneration } : {}),
        ...(vertex?.storageUri ? { storageUri: vertex.storageUri } : {}),
      };
    },

    async generate(instance, params, task, onPoll) {
      const started = await http
        .json<Operation>({
          method: 'POST',
          path: `${modelPath}:predictLongRunning`,
          json: { instances: [instance], parameters: params },
          signal: task.signal,
        })
        .catch((error: unknown) => {
          throw mapVeoError(error);
        });
      if (!started.name) throw new ProviderError('failed', 'The video service did not start the generation.');
      logger?.info(
        {
          vendor: 'veo',
          operation: started.name,
          model: settings.model,
          samples: params.sampleCount ?? 1,
          seconds: params.durationSeconds,
        },
        'veo generation started',
      );
      const deadline = Date.now() + operationTimeout;
      let operation = started;
      let polls = 0;
      while (!operation.done) {
        if (Date.now() > deadline) {
          throw new ProviderError('timed_out', 'The video took too long to generate. Please try again.', {
            details: `operation ${started.name}`,
          });
        }
        await waitFor(pollInterval, task.signal);
        polls += 1;
        operation = await (
          vertex
            ? http.json<Operation>({
                method: 'POST',
                path: `${modelPath}:fetchPredictOperation`,
                json: { operationName: started.name },
                signal: task.signal,
              })
            : http.json<Operation>({ path: `/v1beta/${started.name}`, signal: task.signal })
        ).catch((error: unknown) => {
          throw mapVeoError(error);
        });
        const percent = operation.metadata?.progressPercent;
        onPoll(percent !== undefined ? percent / 100 : 1 - 1 / (1 + polls * 0.3));
      }
      if (operation.error) {
        const message = operation.error.message ?? '';
        logger?.warn(
          { vendor: 'veo', operation: started.name, code: operation.error.code ?? null },
          'veo generation failed',
        );
        if (/safety|responsible ai|rai|policy|blocked/i.test(message)) {
          throw new ProviderError('invalid_input', SAFETY_MESSAGE, { details: message });
        }
        throw new ProviderError('failed', 'The video service could not generate the video.', {
          details: message,
        });
      }
      const response = (operation.response ?? {}) as {
        generateVideoResponse?: {
          generatedSamples?: { video?: VeoSample }[];
          raiMediaFilteredCount?: number;
          raiMediaFilteredReasons?: string[];
        };
        videos?: VeoSample[];
        raiMediaFilteredCount?: number;
        raiMediaFilteredReasons?: string[];
      };
      const body = response.generateVideoResponse ?? response;
      const samples: VeoSample[] = response.generateVideoResponse
        ? (response.generateVideoResponse.generatedSamples ?? []).flatMap((sample) =>
            sample.video ? [sample.video] : [],
          )
        : (response.videos ?? []);
      const filtered = body.raiMediaFilteredCount ?? 0;
      logger?.info(
        { vendor: 'veo', operation: started.name, samples: samples.length, filtered },
        'veo generation finished',
      );
      if (samples.length === 0) {
        const reasons = (body.raiMediaFilteredReasons ?? []).join('; ');
        if (filtered > 0 || reasons) {
          throw new ProviderError('invalid_input', SAFETY_MESSAGE, {
            details: reasons || `${filtered} filtered`,
          });
        }
        throw new ProviderError('failed', 'The video service returned no video.', {
          details: `operation ${started.name}`,
        });
      }
      return samples;
    },

    async downloadSample(sample, file, signal) {
      if (sample.bytesBase64Encoded) {
        await fs.writeFile(file, Buffer.from(sample.bytesBase64Encoded, 'base64'));
      } else if (sample.uri) {
        await http.download({ path: sample.uri, filePath: file, signal, timeoutMs: 5 * 60_000 });
      } else if (sample.gcsUri) {
        // Vertex wrote it to the bucket of VERTEX_STORAGE_URI; the service account reads it back.
        const match = /^gs:\/\/([^/]+)\/(.+)$/.exec(sample.gcsUri);
        if (!match) throw new ProviderError('failed', 'The video service returned an unreadable result.');
        await http.download({
          path: `${storageBaseUrl}/storage/v1/b/${encodeURIComponent(match[1]!)}/o/${encodeURIComponent(match[2]!)}?alt=media`,
          filePath: file,
          signal,
          timeoutMs: 5 * 60_000,
        });
      } else {
        throw new ProviderError('failed', 'The video service returned no video.');
      }
    },
  };
}

/** An image as Veo takes it: re-encoded by sharp (upright, JPEG), never the user's bytes. */
export async function toVeoImage(data: Buffer | VettedImage): Promise<VeoImage> {
  try {
    const image = Buffer.isBuffer(data)
      ? sharp(data, { limitInputPixels: 50_000_000, pages: 1 }).rotate()
      : sharpFromVetted(data);
    return await jpegForVeo(image);
  } catch (error) {
    throw new ProviderError('unsupported_media', 'The image could not be read.', { cause: error });
  }
}

async function jpegForVeo(image: Sharp): Promise<VeoImage> {
  const jpeg = await image
    .resize(1920, 1920, { fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: 90 })
    .toBuffer();
  return { bytesBase64Encoded: jpeg.toString('base64'), mimeType: 'image/jpeg' };
}

/** A failed call as the user reads it: refused credentials and the safety filter said plainly. */
export function mapVeoError(error: unknown): ProviderError {
  if (error instanceof VendorHttpError) {
    if (error.status === 401 || error.status === 403) {
      return new ProviderError(
        'unavailable',
        'The video service rejected our credentials. Please contact support.',
        {
          cause: error,
          details: `HTTP ${error.status}`,
        },
      );
    }
    if (error.status === 400 && /safety|responsible ai|blocked|policy/i.test(error.body)) {
      return new ProviderError('invalid_input', SAFETY_MESSAGE, {
        cause: error,
        details: error.body.slice(0, 500),
      });
    }
  }
  return mapVendorError(error, 'video', 'The video could not be generated.');
}
