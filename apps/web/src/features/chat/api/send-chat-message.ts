import {
  DEFAULT_CHAT_COLLECTION_TYPE,
  sendChatMessage,
  type ChatMessage,
  type ChatResponse,
} from '@reelcraft/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { chatKeys } from './chat-keys';
import type { ChatHistory } from './get-chat-history';

export interface SendVariables {
  sessionId: string;
  message: string;
}

/** POST /chat/chat: the assistant's answer to one message of a conversation. */
export function postChatMessage({ sessionId, message }: SendVariables): Promise<ChatResponse> {
  return callApi(sendChatMessage, {
    body: { message, session_id: sessionId, collection_type: DEFAULT_CHAT_COLLECTION_TYPE },
  });
}

/** The answer as the history will hold it. */
export function answerAsMessage(answer: ChatResponse): ChatMessage {
  return {
    role: 'assistant',
    content: answer.response,
    timestamp: answer.timestamp,
    intent: answer.intent,
    confidence: answer.confidence,
    metadata: answer.enhanced_prompt
      ? { ...answer.metadata, enhanced_prompt: answer.enhanced_prompt }
      : answer.metadata,
  };
}

/**
 * Sends a message: it shows at once in the conversation; the answer joins it when it comes (the
 * server stored both), and the session list learns its new last-message time.
 */
export function useSendChatMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postChatMessage,
    onMutate: ({ sessionId, message }) => {
      const sent: ChatMessage = {
        role: 'user',
        content: message,
        timestamp: new Date().toISOString(),
        intent: null,
        confidence: null,
        metadata: {},
      };
      queryClient.setQueryData<ChatHistory>(chatKeys.history(sessionId), (current) => ({
        session_id: sessionId,
        messages: [...(current?.messages ?? []), sent],
      }));
      return { sent };
    },
    onSuccess: (answer, { sessionId }) => {
      queryClient.setQueryData<ChatHistory>(chatKeys.history(sessionId), (current) => ({
        session_id: sessionId,
        messages: [...(current?.messages ?? []), answerAsMessage(answer)],
      }));
      void queryClient.invalidateQueries({ queryKey: chatKeys.sessions() });
    },
    onError: (_error, { sessionId }, context) => {
      // The server stored nothing: the message leaves the conversation (the composer keeps its text).
      queryClient.setQueryData<ChatHistory>(chatKeys.history(sessionId), (current) =>
        current
          ? { ...current, messages: current.messages.filter((message) => message !== context?.sent) }
          : current,
      );
    },
  });
}
