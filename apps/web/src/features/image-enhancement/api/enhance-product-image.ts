import {
  enhanceProductImage,
  imageEnhancerMessages,
  type EnhanceImageAnswer,
  type UploadedImage,
  type UploadSource,
} from '@reelcraft/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** POST /product-videos/enhance-image: an enhanced copy of a stored image, following `prompt`. */
export function postProductImageEnhancement(
  objectKey: string,
  prompt: string,
  originalFilename?: string,
): Promise<EnhanceImageAnswer> {
  return callApi(enhanceProductImage, {
    body: {
      object_key: objectKey,
      prompt,
      ...(originalFilename ? { original_filename: originalFilename } : {}),
    },
  });
}

/** How the enhancer stores the picked image first (the app passes the uploads feature's call). */
export type UploadImage = (files: readonly File[], source: UploadSource) => Promise<UploadedImage[]>;

/** Uploads the image labelled `image-enhancement`, then asks for its enhanced copy. */
export function useEnhanceProductImage(upload: UploadImage) {
  return useMutation({
    mutationFn: async ({ image, prompt }: { image: File; prompt: string }) => {
      const [stored] = await upload([image], 'image-enhancement');
      if (!stored) throw new Error(imageEnhancerMessages.enhanceFailed);
      // The library keeps the enhanced copy under the user's own file name.
      return postProductImageEnhancement(stored.gcs_uri, prompt, stored.metadata.original_filename);
    },
  });
}
