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
export function postProductImageEnhancement(objectKey: string, prompt: string): Promise<EnhanceImageAnswer> {
  return callApi(enhanceProductImage, { body: { object_key: objectKey, prompt } });
}

/** How the enhancer stores the picked image first (the app passes the uploads feature's call). */
export type UploadImage = (files: readonly File[], source: UploadSource) => Promise<UploadedImage[]>;

/** Uploads the image labelled `image-enhancement`, then asks for its enhanced copy. */
export function useEnhanceProductImage(upload: UploadImage) {
  return useMutation({
    mutationFn: async ({ image, prompt }: { image: File; prompt: string }) => {
      const [stored] = await upload([image], 'image-enhancement');
      if (!stored) throw new Error(imageEnhancerMessages.enhanceFailed);
      return postProductImageEnhancement(stored.gcs_uri, prompt);
    },
  });
}
