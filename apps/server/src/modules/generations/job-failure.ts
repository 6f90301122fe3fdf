import { generationMessages, serverDetailMessages } from '@reelcraft/contract';
import type { JobContext } from '../../platform/queue/job-registry';
import { isOutOfSpaceError } from '../../platform/storage';
import { ProviderError } from '../../providers';

/**
 * A failure the user must see as it is (an input the render cannot use); retrying cannot help.
 * `message` is shown to the user.
 */
export class VideoInputError extends Error {
  override readonly name = 'VideoInputError';
}

export type FailureDecision = { retry: true } | { retry: false; message: string };

/**
 * What a video job does with an error: hand the job back to the queue (shutdown, or a failure that
 * may pass while attempts remain), or fail the video for good with a message for the user.
 */
export function decideOnFailure(error: unknown, context: JobContext, retryLimit: number): FailureDecision {
  // Stopped for a shutdown: another process (or this one, restarted) takes the job again.
  if (context.signal.aborted) return { retry: true };
  const attemptsLeft = context.retryCount < retryLimit;
  if (error instanceof VideoInputError) return { retry: false, message: error.message };
  // A full disk may clear (another render's work files go): retried, then said as it is (issue 37).
  if (isOutOfSpaceError(error)) {
    return attemptsLeft ? { retry: true } : { retry: false, message: serverDetailMessages.outOfStorage };
  }
  if (error instanceof ProviderError) {
    switch (error.code) {
      case 'invalid_input':
      case 'unsupported_media':
      case 'too_large':
      case 'not_found':
        return { retry: false, message: error.message };
      default:
        return attemptsLeft ? { retry: true } : { retry: false, message: error.message };
    }
  }
  // Storage or database trouble: worth another attempt; never shown as it is (it may name internals).
  return attemptsLeft ? { retry: true } : { retry: false, message: generationMessages.generationFailed };
}
