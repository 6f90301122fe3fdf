import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  DEFAULT_LIPSYNC_MODEL,
  LIPSYNC_POLL_INTERVAL_MS,
  LIPSYNC_TIMEOUT_MS,
  UPLOAD_MAX_BYTES,
} from '@reelcraft/contract';
import { probeMedia } from '../../media/media-probe';
import type { MediaTools } from '../../media/media-tools';
import { createOutputFolder } from '../../media/temp-workspace';
import type { LipSyncProvider, LipSyncRequest } from '../lip-sync/lip-sync-provider';
import { ProviderError, toProviderError } from '../provider-error';
import { createProgressTracker, type TaskOptions } from '../provider-task';
import { createVendorHttp, mapVendorError, VendorHttpError, type VendorLogger } from './vendor-http';
import { finishVendorVideo, waitFor } from './vendor-video';
import type { SyncSettings } from '../../config';
import type { SubscribeVendorNews } from '../../platform/realtime/vendor-news';

export type { SyncSettings };

/** A file made reachable by the vendor for a while (a signed URL of our storage). */
export interface VendorUpload {
  url: string;
  /** Deletes the temporary copy (called when the vendor is done with it). */
  remove(): Promise<void>;
}

/** Puts a local file where the vendor can fetch it; the server wires it to storage + PUBLIC_URL. */
export type UploadForVendor = (file: {
  path: string;
  contentType: string;
  /** Seconds the URL must stay valid. */
  ttlSeconds: number;
}) => Promise<VendorUpload>;

export interface SyncLipSyncOptions {
  settings: SyncSettings;
  tools: MediaTools;
  uploadForVendor?: UploadForVendor;
  /** Wakes the polling early when sync's webhook reports the generation. */
  vendorNews?: SubscribeVendorNews;
  workDir?: string;
  logger?: VendorLogger;
}

interface Generation {
  id?: string;
  status?: 'PENDING' | 'PROCESSING' | 'COMPLETED' | 'FAILED' | 'REJECTED' | 'CANCELED' | string;
  outputUrl?: string | null;
  error?: string | null;
}

/** sync (sync.so) lip-sync: the clip and voiceover are offered as expiring URLs, the result copied home. */
export function createSyncLipSyncProvider(options: SyncLipSyncOptions): LipSyncProvider {
  const { settings, tools, logger } = options;
  if (!settings.apiKey) throw new Error('sync needs an API key (SYNC_API_KEY).');
  const http = createVendorHttp({
    vendor: 'sync',
    baseUrl: settings.baseUrl ?? 'https://api.sync.so',
    headers: () => ({ 'x-api-key': settings.apiKey }),
    timeoutMs: settings.requestTimeoutMs ?? 60_000,
    retries: settings.retries,
    backoffMs: settings.backoffMs,
    logger,
  });
  const pollInterval = settings.pollIntervalMs ?? LIPSYNC_POLL_INTERVAL_MS;
  const timeout = settings.operationTimeoutMs ?? LIPSYNC_TIMEOUT_MS;

  return {
    kind: 'sync',
    async apply(request: LipSyncRequest, task: TaskOptions = {}) {
      const upload = options.uploadForVendor;
      if (!upload) {
        throw new ProviderError(
          'unavailable',
          'Lip-sync is not set up on this server (no public storage URL).',
        );
      }
      if (request.audio.length === 0) throw new ProviderError('invalid_input', 'The voiceover is empty.');
      if (request.audio.length > UPLOAD_MAX_BYTES)
        throw new ProviderError('too_large', 'The voiceover is too large.');
      const progress = createProgressTracker(task.onProgress, { upload: 1, generate: 8, download: 1 });
      progress.report('upload', 0, 'preparing');
      const outputDir = await createOutputFolder(options.workDir ?? os.tmpdir(), 'sync');
      const uploads: VendorUpload[] = [];
      let news: ReturnType<SubscribeVendorNews> | undefined;
      try {
        const audioPath = path.join(outputDir, 'voiceover');
        await fs.writeFile(audioPath, request.audio);
        const probe = await probeMedia(tools, audioPath, { signal: task.signal });
        if (!probe.audio) throw new ProviderError('unsupported_media', 'The voiceover has no sound.');
        const audioType = /mp3/.test(probe.formatName)
          ? 'audio/mpeg'
          : /wav/.test(probe.formatName)
            ? 'audio/wav'
            : 'application/octet-stream';
        const ttlSeconds = Math.ceil(timeout / 1000) + 600;
        uploads.push(await upload({ path: request.videoPath, contentType: 'video/mp4', ttlSeconds }));
        uploads.push(await upload({ path: audioPath, contentType: audioType, ttlSeconds }));
        progress.report('upload', 1, 'preparing');
        const model = request.model ?? settings.model ?? DEFAULT_LIPSYNC_MODEL;
        const started = await http.json<Generation>({
          method: 'POST',
          path: '/v2/generate',
          json: {
            model,
            input: [
              { type: 'video', url: uploads[0]!.url },
              { type: 'audio', url: uploads[1]!.url },
            ],
            ...(settings.webhookUrl ? { webhookUrl: settings.webhookUrl } : {}),
          },
          signal: task.signal,
        });
        if (!started.id) throw new ProviderError('failed', 'The lip-sync service did not start.');
        logger?.info({ vendor: 'sync', generationId: started.id, model }, 'sync generation started');
        const deadline = Date.now() + timeout;
        let generation = started;
        let polls = 0;
        news = options.vendorNews?.('sync', started.id);
        while (generation.status !== 'COMPLETED') {
          if (
            generation.status === 'FAILED' ||
            generation.status === 'REJECTED' ||
            generation.status === 'CANCELED'
          ) {
            logger?.warn(
              { vendor: 'sync', generationId: started.id, status: generation.status },
              'sync generation failed',
            );
            throw new ProviderError('failed', 'Lip-sync processing failed', {
              details: generation.error ?? generation.status,
            });
          }
          if (Date.now() > deadline) {
            throw new ProviderError('timed_out', 'Lip-sync processing timed out. Please try again.', {
              details: `generation ${started.id}`,
            });
          }
          await Promise.race([waitFor(pollInterval, task.signal), ...(news ? [news.next()] : [])]);
          if (task.signal?.aborted) throw new ProviderError('cancelled', 'The request was cancelled.');
          polls += 1;
          generation = await http.json<Generation>({
            path: `/v2/generate/${encodeURIComponent(started.id)}`,
            signal: task.signal,
          });
          progress.report('generate', 1 - 1 / (1 + polls * 0.2), 'processing');
        }
        if (!generation.outputUrl)
          throw new ProviderError('failed', 'Lip-sync processing failed', { details: 'no outputUrl' });
        logger?.info({ vendor: 'sync', generationId: started.id }, 'sync generation completed');
        progress.report('download', 0, 'downloading');
        const raw = path.join(outputDir, 'download.mp4');
        // The vendor's link is temporary: the file is copied home and only our copy is handed on.
        await http.download({
          path: generation.outputUrl,
          auth: false,
          filePath: raw,
          signal: task.signal,
          timeoutMs: 5 * 60_000,
        });
        await fs.rm(audioPath, { force: true });
        const video = await finishVendorVideo(tools, raw, outputDir, { seed: null, signal: task.signal });
        progress.report('download', 1, 'completed');
        return video;
      } catch (error) {
        await fs.rm(outputDir, { recursive: true, force: true });
        if (error instanceof VendorHttpError && (error.status === 401 || error.status === 403)) {
          throw new ProviderError(
            'unavailable',
            'The lip-sync service rejected our credentials. Please contact support.',
            {
              cause: error,
              details: `HTTP ${error.status}`,
            },
          );
        }
        if (error instanceof VendorHttpError)
          throw mapVendorError(error, 'lip-sync', 'Lip-sync processing failed');
        throw toProviderError(error, 'Lip-sync processing failed');
      } finally {
        news?.close();
        await Promise.all(uploads.map((item) => item.remove().catch(() => undefined)));
      }
    },
  };
}
