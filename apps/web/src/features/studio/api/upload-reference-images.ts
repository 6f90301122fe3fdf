import { uploadImages, type UploadedImage } from '@reelcraft/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** POST /upload/signed-url with source ai-studio: the subject and style references of a job. */
export async function uploadReferenceImages(files: readonly File[]): Promise<UploadedImage[]> {
  const answer = await callApi(uploadImages, { body: { source: 'ai-studio' }, files: { files } });
  return answer.images;
}

export function useUploadReferenceImages() {
  return useMutation({ mutationFn: uploadReferenceImages });
}
