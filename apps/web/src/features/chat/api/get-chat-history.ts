import { getChatHistory, type ChatMessage } from '@reelcraft/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { chatKeys } from './chat-keys';

export interface ChatHistory {
  session_id: string;
  messages: ChatMessage[];
}

/** GET /chat/sessions/{id}/history: the conversation's messages, oldest first. */
export function fetchChatHistory(sessionId: string, signal?: AbortSignal): Promise<ChatHistory> {
  return callApi(getChatHistory, { params: { id: sessionId }, signal });
}

export function useChatHistory(sessionId: string | null) {
  return useQuery({
    queryKey: chatKeys.history(sessionId ?? ''),
    queryFn: ({ signal }) => fetchChatHistory(sessionId ?? '', signal),
    enabled: sessionId !== null,
    // A missing session is an answer (404), not a hiccup to retry.
    retry: false,
  });
}
