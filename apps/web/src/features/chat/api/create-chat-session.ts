import { createChatSession, type ChatSessionCreated } from '@reelcraft/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { chatKeys } from './chat-keys';

/** POST /chat/sessions: a new, empty conversation. */
export function postChatSession(): Promise<ChatSessionCreated> {
  return callApi(createChatSession);
}

export function useCreateChatSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postChatSession,
    onSuccess: (created) => {
      queryClient.setQueryData(chatKeys.history(created.session_id), {
        session_id: created.session_id,
        messages: [],
      });
      void queryClient.invalidateQueries({ queryKey: chatKeys.sessions() });
    },
  });
}
