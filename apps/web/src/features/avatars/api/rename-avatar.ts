import { renameAvatar, type Avatar } from '@reelcraft/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { avatarKeys } from './avatar-keys';

/** PATCH /avatars/{id}: a new name. */
export function patchAvatarName({ id, name }: { id: string; name: string }): Promise<Avatar> {
  return callApi(renameAvatar, { params: { id }, body: { name } });
}

/** Renames an avatar; the list shows the server's answer in its place. */
export function useRenameAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: patchAvatarName,
    onSuccess: (avatar) => {
      queryClient.setQueryData<Avatar[]>(avatarKeys.list, (current) =>
        current?.map((known) => (known.id === avatar.id ? avatar : known)),
      );
    },
  });
}
