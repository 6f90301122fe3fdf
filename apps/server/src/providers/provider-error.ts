import { MediaError, type MediaErrorCode } from '../media/media-error';

/**
 * Why a provider call failed. The worker decides from the code whether to retry (`unavailable`,
 * `timed_out`), fail the job with the message (`invalid_input`, `unsupported_media`, `too_large`) or
 * stop quietly (`cancelled`).
 */
export type ProviderErrorCode =
  | 'invalid_input'
  | 'unsupported_media'
  | 'too_large'
  | 'not_found'
  | 'cancelled'
  | 'timed_out'
  | 'unavailable'
  | 'failed';

/** A failed provider call; `message` is written for the user, `cause` and `details` for the logs. */
export class ProviderError extends Error {
  override readonly name = 'ProviderError';
  readonly details: string | undefined;

  constructor(
    readonly code: ProviderErrorCode,
    message: string,
    options: { cause?: unknown; details?: string } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.details = options.details;
  }

  /** Whether trying again later may succeed. */
  get retryable(): boolean {
    return this.code === 'unavailable' || this.code === 'timed_out';
  }
}

const MEDIA_CODES: Record<MediaErrorCode, ProviderErrorCode> = {
  invalid_media: 'unsupported_media',
  unsupported_media: 'unsupported_media',
  media_too_large: 'too_large',
  cancelled: 'cancelled',
  timed_out: 'timed_out',
  process_failed: 'failed',
  missing_binary: 'unavailable',
  missing_feature: 'unavailable',
};

/** Any error thrown inside a provider, as a ProviderError (unknown ones become `failed`). */
export function toProviderError(
  error: unknown,
  fallbackMessage = 'The media could not be created.',
): ProviderError {
  if (error instanceof ProviderError) return error;
  if (error instanceof MediaError) {
    const code = MEDIA_CODES[error.code];
    // A media tool's own failure text is not for users; the media error's message is.
    const message = code === 'failed' ? fallbackMessage : error.message;
    return new ProviderError(code, message, { cause: error, details: error.details });
  }
  return new ProviderError('failed', fallbackMessage, { cause: error });
}
