import { deleteLibraryImage } from '@reelcraft/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { libraryImagesKey, type LibraryList } from './list-library-images';

/** DELETE /user/library/images/{id}: removes the image from the library and storage. */
export function removeLibraryImage(id: string) {
  return callApi(deleteLibraryImage, { params: { id } });
}

/** Deletes one image and drops it from the cached list (the server's answer is the truth). */
export function useDeleteLibraryImage(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeLibraryImage,
    onSuccess: (_answer, id) => {
      queryClient.setQueryData<LibraryList>(libraryImagesKey(userId), (current) =>
        current ? { ...current, images: current.images.filter((image) => image.id !== id) } : current,
      );
      void queryClient.invalidateQueries({ queryKey: libraryImagesKey(userId) });
    },
  });
}
