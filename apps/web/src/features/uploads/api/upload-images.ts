import {
  imageToVideoMessages,
  uploadImages as uploadImagesCall,
  uploadMessages,
  type UploadedImage,
  type UploadSource,
} from '@reelcraft/contract';
import { ApiError, callApi, errorMessage } from '../../../lib/api-client';

/** POST /upload/signed-url: stores the files under the caller's uploads, labelled with `source`. */
export async function uploadImages(files: readonly File[], source: UploadSource): Promise<UploadedImage[]> {
  const answer = await callApi(uploadImagesCall, { body: { source }, files: { files } });
  return answer.images;
}

/** The type of uploadImages, for the screens that receive it from the app. */
export type UploadImages = typeof uploadImages;

/** An upload's failure in the words of spec 001 section 8. */
export function uploadErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 422) {
    return uploadMessages.validationFailed(error.message);
  }
  return errorMessage(error, {
    400: { fallback: uploadMessages.allUploadsFailed },
    401: uploadMessages.authFailed,
    // The server's words when it gives them: a full storage allowance is a 413 too (issue 37).
    413: { fallback: uploadMessages.filesTooLarge },
    500: uploadMessages.serverError,
    fallback: imageToVideoMessages.uploadImageFailed,
  });
}
