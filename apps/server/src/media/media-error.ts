/** What went wrong in a media step, so a provider can map it onto its own error without parsing text. */
export type MediaErrorCode =
  | 'invalid_media'
  | 'unsupported_media'
  | 'media_too_large'
  | 'cancelled'
  | 'timed_out'
  | 'process_failed'
  | 'missing_binary'
  | 'missing_feature';

/**
 * A failed media step. `message` is safe to show a user; `details` (stderr tail, sizes) is for logs
 * only, since it can contain paths of this machine.
 */
export class MediaError extends Error {
  override readonly name = 'MediaError';
  readonly details: string | undefined;

  constructor(
    readonly code: MediaErrorCode,
    message: string,
    options: { cause?: unknown; details?: string } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.details = options.details;
  }
}

export const isMediaError = (error: unknown): error is MediaError => error instanceof MediaError;

/** The error an aborted step rejects with; keeps the signal's reason as the cause. */
export function cancelledError(signal?: AbortSignal): MediaError {
  return new MediaError('cancelled', 'The work was cancelled.', { cause: signal?.reason });
}

/** Throws at once when the work was cancelled between two steps. */
export function throwIfAborted(signal?: AbortSignal): void {
  if (signal?.aborted) throw cancelledError(signal);
}
