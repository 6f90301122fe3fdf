import { serverDetailMessages, studioMessages, uploadMessages } from '@reelcraft/contract';
import { ApiError, errorMessage } from '../../../lib/api-client';

// How the studio words its failures: spec 001 section 8, "Studio job creation and control" and
// "Upload". Each call's catalogue sits here so the screens and the tests share it.

/** A key for `X-Idempotency-Key`: one per user action, so a retried request does not start work twice. */
export function newIdempotencyKey(): string {
  // getRandomValues works outside secure contexts too (a self-hosted instance on plain http).
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export function createJobErrorMessage(error: unknown): string {
  return errorMessage(error, {
    401: studioMessages.notAuthenticated,
    403: { fallback: studioMessages.creationLimitReached },
    400: studioMessages.invalidParameters,
    422: studioMessages.requestValidationFailed,
    tokenExpired: studioMessages.notAuthenticated,
    fallback: studioMessages.createJobFailed,
  });
}

export function jobStatusErrorMessage(error: unknown): string {
  return errorMessage(error, {
    404: studioMessages.jobNotFound,
    fallback: studioMessages.fetchCandidatesFailed,
  });
}

/** True for the 400 a select gets before the candidates are ready (the client retries it). */
export function isCandidatesNotReady(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.status === 400 &&
    error.message.includes(serverDetailMessages.candidatesNotReady)
  );
}

export function selectErrorMessage(error: unknown): string {
  if (isCandidatesNotReady(error)) return studioMessages.candidatesStillProcessing;
  return errorMessage(error, {
    404: studioMessages.jobOrCandidateNotFound,
    fallback: studioMessages.selectCandidateFailed,
  });
}

/** `status` is the job's, for the workflow's longer wording of the not-ready answer. */
export function voiceoverErrorMessage(error: unknown, status: string | null): string {
  if (
    error instanceof ApiError &&
    error.status === 400 &&
    error.message.includes(studioMessages.videoNotReadyForVoiceover)
  ) {
    return status
      ? studioMessages.videoNotReadyForVoiceoverWithStatus(status)
      : studioMessages.videoNotReadyForVoiceover;
  }
  return errorMessage(error, { fallback: studioMessages.voiceoverFailed });
}

export function recordedVoiceoverErrorMessage(error: unknown): string {
  return errorMessage(error, {
    400: studioMessages.invalidRecordedAudio,
    // The server's words when it gives them: a full storage allowance is a 413 too (issue 37).
    413: { fallback: studioMessages.invalidRecordedAudio },
    415: studioMessages.invalidRecordedAudio,
    422: studioMessages.invalidRecordedAudio,
    fallback: studioMessages.voiceoverFailed,
  });
}

export function lipsyncErrorMessage(error: unknown): string {
  return errorMessage(error, {
    details: { [studioMessages.noAudioForLipsync]: studioMessages.noAudioForLipsync },
    fallback: studioMessages.lipsyncFailed,
  });
}

/** Spec 001 section 8: 'Invalid extension request' (a 400) or 'Failed to extend video'. */
export function extendErrorMessage(error: unknown): string {
  return errorMessage(error, {
    400: studioMessages.invalidExtension,
    422: studioMessages.invalidExtension,
    fallback: studioMessages.extendFailed,
  });
}

export function assetsErrorMessage(error: unknown): string {
  return errorMessage(error, { 404: studioMessages.jobNotFound, fallback: studioMessages.assetsFailed });
}

/** An upload's failure (spec 001 section 8, Upload), with the studio's own fallback. */
export function uploadErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 422)
    return uploadMessages.validationFailed(error.message);
  return errorMessage(error, {
    400: { fallback: uploadMessages.allUploadsFailed },
    401: uploadMessages.authFailed,
    413: { fallback: uploadMessages.filesTooLarge },
    500: uploadMessages.serverError,
    fallback: studioMessages.uploadFilesFailed,
  });
}
