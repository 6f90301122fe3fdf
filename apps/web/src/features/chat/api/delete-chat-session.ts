import { deleteChatSession } from '@reelcraft/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { chatKeys } from './chat-keys';

/** DELETE /chat/sessions/{id}: the conversation and its messages. */
export function removeChatSession(sessionId: string) {
  return callApi(deleteChatSession, { params: { id: sessionId } });
}

export function useDeleteChatSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeChatSession,
    onSuccess: (_answer, sessionId) => {
      queryClient.removeQueries({ queryKey: chatKeys.history(sessionId) });
      void queryClient.invalidateQueries({ queryKey: chatKeys.sessions() });
    },
  });
}
