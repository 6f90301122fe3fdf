import { deleteVoiceClone, type VoiceClone } from '@reelcraft/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { voicesQueryKey } from '../../../lib/voices';
import { voiceKeys } from './voice-keys';

/** DELETE /elevenlabs/voice-clone/{id}: the clone, its stored sample and its vendor voice go. */
export function removeVoiceClone(voiceId: string) {
  return callApi(deleteVoiceClone, { params: { id: voiceId } });
}

/** Deletes a clone: it leaves the clone list at once, and the voice list is read again. */
export function useDeleteVoiceClone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeVoiceClone,
    onSuccess: async (_answer, voiceId) => {
      queryClient.setQueryData<VoiceClone[]>(voiceKeys.clones, (current) =>
        current?.filter((clone) => clone.voice_id !== voiceId),
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: voiceKeys.clones }),
        queryClient.invalidateQueries({ queryKey: voicesQueryKey }),
      ]);
    },
  });
}
