import { listChatSessions, type ChatSessionSummary } from '@reelcraft/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { chatKeys } from './chat-keys';

/** GET /chat/sessions: the user's conversations, the most recently used first. */
export function fetchChatSessions(signal?: AbortSignal): Promise<ChatSessionSummary[]> {
  return callApi(listChatSessions, { signal });
}

export function useChatSessions() {
  return useQuery({ queryKey: chatKeys.sessions(), queryFn: ({ signal }) => fetchChatSessions(signal) });
}
