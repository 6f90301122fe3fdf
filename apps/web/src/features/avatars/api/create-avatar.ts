import { createAvatar, type Avatar, type CreateAvatarBody } from '@reelcraft/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { avatarKeys } from './avatar-keys';

/** POST /avatars: saves a portrait (its storage URI) under a name. */
export function postAvatar(body: CreateAvatarBody): Promise<Avatar> {
  return callApi(createAvatar, { body });
}

/** Saves an avatar; it leads the list at once (newest first), and the list is read again. */
export function useCreateAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postAvatar,
    onSuccess: async (avatar) => {
      queryClient.setQueryData<Avatar[]>(avatarKeys.list, (current) =>
        current ? [avatar, ...current.filter((known) => known.id !== avatar.id)] : current,
      );
      await queryClient.invalidateQueries({ queryKey: avatarKeys.list });
    },
  });
}
