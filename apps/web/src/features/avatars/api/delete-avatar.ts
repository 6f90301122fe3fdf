import { deleteAvatar, type Avatar } from '@reelcraft/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { avatarKeys } from './avatar-keys';

/** DELETE /avatars/{id}: the avatar and its portrait go; presenter videos made with it stay. */
export function removeAvatar(id: string) {
  return callApi(deleteAvatar, { params: { id } });
}

export function useDeleteAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeAvatar,
    onSuccess: async (_answer, id) => {
      queryClient.setQueryData<Avatar[]>(avatarKeys.list, (current) =>
        current?.filter((avatar) => avatar.id !== id),
      );
      await queryClient.invalidateQueries({ queryKey: avatarKeys.list });
    },
  });
}
