import {
  saveLibraryImages as saveLibraryImagesCall,
  type LibraryImage,
  type LibraryImageSaveRecord,
} from '@reelcraft/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { callApi } from '../../../lib/api-client';
import { libraryImagesKeyRoot } from './list-library-images';

/**
 * POST /user/library/images/save: keeps images already in storage (the user's uploads) in the image
 * library and answers them as saved; records the server cannot take are left out of the answer.
 */
export function saveLibraryImages(records: readonly LibraryImageSaveRecord[]): Promise<LibraryImage[]> {
  return callApi(saveLibraryImagesCall, { body: { images: [...records] } });
}

/** The type of the save from `useSaveLibraryImages`, for the screens that receive it from the app. */
export type SaveLibraryImages = (records: readonly LibraryImageSaveRecord[]) => Promise<LibraryImage[]>;

/**
 * The save for a screen that keeps images in the library (image to video once its video has started,
 * the studio for its references; the app hands it to them, as features do not import one another).
 * The library's cached list is marked out of date, so the next visit shows the new images.
 */
export function useSaveLibraryImages(): SaveLibraryImages {
  const queryClient = useQueryClient();
  return useCallback(
    async (records) => {
      const saved = await saveLibraryImages(records);
      await queryClient.invalidateQueries({ queryKey: libraryImagesKeyRoot });
      return saved;
    },
    [queryClient],
  );
}
