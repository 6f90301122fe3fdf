import { avatarMessages, defaultFailure, generationMessages } from '@reelcraft/contract';
import { errorMessage } from '../../../lib/api-client';

// How the avatar screens word their failures (the spec shows no avatar texts: contract avatarMessages).

export function portraitsErrorMessage(error: unknown): string {
  return errorMessage(error, { 404: avatarMessages.imageNotYours, fallback: avatarMessages.portraitsFailed });
}

export function saveAvatarErrorMessage(error: unknown): string {
  return errorMessage(error, {
    404: avatarMessages.imageNotYours,
    fallback: defaultFailure('save the avatar'),
  });
}

export function renameAvatarErrorMessage(error: unknown): string {
  return errorMessage(error, {
    404: avatarMessages.avatarNotFound,
    fallback: defaultFailure('rename the avatar'),
  });
}

export function deleteAvatarErrorMessage(error: unknown): string {
  return errorMessage(error, {
    404: avatarMessages.avatarNotFound,
    fallback: defaultFailure('delete the avatar'),
  });
}

export function presenterStartErrorMessage(error: unknown): string {
  return errorMessage(error, {
    404: avatarMessages.avatarNotFound,
    fallback: generationMessages.startFailed,
  });
}
