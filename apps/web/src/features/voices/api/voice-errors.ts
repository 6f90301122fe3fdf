import { defaultFailure, voiceMessages } from '@reelcraft/contract';
import { errorMessage } from '../../../lib/api-client';

// How the voice screens word their failures: spec 001 section 8, "Voices and clones".

/**
 * A refused clone: 413 and 422 in the spec's words; a 400 keeps the server's reason when it gives one
 * (it starts with the spec's text, e.g. a sample without speech), and so do 413 and 429, which our
 * server also answers for a full storage allowance and the per-user clone limit (issue 37).
 */
export function cloneErrorMessage(error: unknown): string {
  return errorMessage(error, {
    400: { fallback: voiceMessages.cloneInvalid },
    401: voiceMessages.providerUnauthorized,
    403: voiceMessages.providerForbidden,
    413: { fallback: voiceMessages.cloneTooLarge },
    415: voiceMessages.cloneUnsupportedFormat,
    422: voiceMessages.cloneUnsupportedFormat,
    429: { fallback: voiceMessages.providerRateLimited },
    fallback: defaultFailure('clone the voice'),
  });
}

export function deleteCloneErrorMessage(error: unknown): string {
  return errorMessage(error, {
    404: voiceMessages.cloneNotFound,
    fallback: defaultFailure('delete the voice clone'),
  });
}

export function previewErrorMessage(error: unknown): string {
  return errorMessage(error, {
    404: voiceMessages.voiceNotFound,
    429: voiceMessages.providerRateLimited,
    fallback: defaultFailure('preview the voice'),
  });
}
