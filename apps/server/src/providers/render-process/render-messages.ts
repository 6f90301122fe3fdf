import { ProviderError, toProviderError, type ProviderErrorCode } from '../provider-error';
import type { ProvidersOptions } from '../create-providers';
import type { TaskProgress } from '../provider-task';
import type { RenderedVideo, VideoCandidate } from '../video/video-provider';

/**
 * The messages between the server and its render process (IPC, Node's structured-clone
 * serialization, so Buffers cross as they are). Functions cannot cross: a result's `release` is
 * made again on the server's side, and callbacks (progress, each candidate) are messages.
 */

/**
 * What the render process builds its providers from: the server's settings without functions. Its
 * video provider is the offline one, unless `video` names a cloud one whose storyboards it renders
 * (scenes filmed by the vendor, drawn over and encoded there).
 */
export type RenderProcessSettings = Omit<ProvidersOptions, 'uploadForVendor' | 'vendorNews' | 'logger'>;

export type RenderMethod = 'fromText' | 'fromStoryboard' | 'fromImages' | 'candidates' | 'extend';

/** A rendered video as it crosses: everything but `release`. */
export type PlainVideo<V extends RenderedVideo = RenderedVideo> = Omit<V, 'release'>;

export interface RemoteError {
  name: string;
  message: string;
  code?: ProviderErrorCode;
  details?: string;
  stack?: string;
}

export type ToRenderProcess =
  | { type: 'start'; settings: RenderProcessSettings; logLevel: string }
  | { type: 'call'; id: number; method: RenderMethod; request: unknown }
  | { type: 'abort'; id: number }
  /** The server stored a candidate the render process handed over (or failed to). */
  | { type: 'candidate-taken'; id: number; candidateId: string; error?: RemoteError };

export type FromRenderProcess =
  | { type: 'progress'; id: number; report: TaskProgress }
  | { type: 'candidate'; id: number; candidate: PlainVideo<VideoCandidate> }
  | { type: 'done'; id: number; result: PlainVideo | PlainVideo<VideoCandidate>[] }
  | { type: 'failed'; id: number; error: RemoteError };

export function toRemoteError(error: unknown): RemoteError {
  if (error instanceof ProviderError) {
    return {
      name: error.name,
      message: error.message,
      code: error.code,
      ...(error.details !== undefined ? { details: error.details } : {}),
      ...(error.stack ? { stack: error.stack } : {}),
    };
  }
  const plain = error instanceof Error ? error : new Error(String(error));
  return { name: plain.name, message: plain.message, ...(plain.stack ? { stack: plain.stack } : {}) };
}

/**
 * The error a call rejects with on the server's side: a provider error keeps its code and its
 * user-facing message; anything else becomes `failed` with the provider's usual words.
 */
export function fromRemoteError(remote: RemoteError, fallbackMessage: string): ProviderError {
  const cause = Object.assign(new Error(remote.message), { name: remote.name, stack: remote.stack });
  if (remote.code) {
    return new ProviderError(remote.code, remote.message, {
      cause,
      ...(remote.details !== undefined ? { details: remote.details } : {}),
    });
  }
  return toProviderError(cause, fallbackMessage);
}
