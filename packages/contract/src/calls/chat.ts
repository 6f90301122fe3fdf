import { z } from 'zod';
import { DEFAULT_CHAT_COLLECTION_TYPE } from '../constants';
import { defineCall } from '../define-call';
import { chatMessages } from '../messages';
import { deletedAnswerSchema, idParamsSchema, isoDateTimeSchema, metadataSchema } from '../shared-schemas';

const TAG = 'chat';

export const chatSessionCreatedSchema = z.object({ session_id: z.string(), created_at: isoDateTimeSchema });
export type ChatSessionCreated = z.infer<typeof chatSessionCreatedSchema>;

export const createChatSession = defineCall({
  name: 'createChatSession',
  method: 'POST',
  path: '/chat/sessions',
  auth: 'bearer',
  tag: TAG,
  summary: 'Start a chat session',
  successStatus: 201,
  response: chatSessionCreatedSchema,
});

const intentFields = {
  /** What the assistant took the message for, e.g. create_video. */
  intent: z.string().nullable(),
  confidence: z.number().min(0).max(1).nullable(),
  metadata: metadataSchema,
};

export const sendChatMessageBodySchema = z.object({
  message: z.string().trim().min(1, chatMessages.emptyMessage).max(4000),
  session_id: z.string().min(1, chatMessages.noActiveSession).max(128),
  /** Which knowledge the assistant draws on; the product only uses the default. */
  collection_type: z.string().min(1).max(50).default(DEFAULT_CHAT_COLLECTION_TYPE),
});
export type SendChatMessageBody = z.infer<typeof sendChatMessageBodySchema>;

export const chatResponseSchema = z.object({
  response: z.string(),
  timestamp: isoDateTimeSchema,
  ...intentFields,
  /** A video prompt written from the conversation, when the intent is to make a video. */
  enhanced_prompt: z.string().nullable(),
});
export type ChatResponse = z.infer<typeof chatResponseSchema>;

export const sendChatMessage = defineCall({
  name: 'sendChatMessage',
  method: 'POST',
  path: '/chat/chat',
  auth: 'bearer',
  tag: TAG,
  summary: 'Send a message to the assistant',
  body: sendChatMessageBodySchema,
  response: chatResponseSchema,
});

/** Shape not shown in the spec ("sessions list"): ours. */
export const chatSessionSummarySchema = z.object({
  session_id: z.string(),
  created_at: isoDateTimeSchema,
  last_message_at: isoDateTimeSchema.nullable(),
  message_count: z.number().int().nonnegative(),
});
export type ChatSessionSummary = z.infer<typeof chatSessionSummarySchema>;

export const listChatSessions = defineCall({
  name: 'listChatSessions',
  method: 'GET',
  path: '/chat/sessions',
  auth: 'bearer',
  tag: TAG,
  summary: "The signed-in user's chat sessions, newest first",
  response: z.array(chatSessionSummarySchema),
});

export const chatMessageSchema = z.object({
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  timestamp: isoDateTimeSchema,
  ...intentFields,
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const getChatHistory = defineCall({
  name: 'getChatHistory',
  method: 'GET',
  path: '/chat/sessions/:id/history',
  auth: 'bearer',
  tag: TAG,
  summary: 'Messages of a chat session, oldest first',
  params: idParamsSchema,
  response: z.object({ session_id: z.string(), messages: z.array(chatMessageSchema) }),
});

export const deleteChatSession = defineCall({
  name: 'deleteChatSession',
  method: 'DELETE',
  path: '/chat/sessions/:id',
  auth: 'bearer',
  tag: TAG,
  summary: 'Delete a chat session and its messages',
  params: idParamsSchema,
  response: deletedAnswerSchema,
});

/** Answer not shown in the spec: ours reports whether the assistant's language model answers. */
export const testChat = defineCall({
  name: 'testChat',
  method: 'POST',
  path: '/chat/test',
  auth: 'bearer',
  tag: TAG,
  summary: 'Check that the assistant is reachable',
  response: z.object({ status: z.enum(['ok', 'error']), message: z.string(), timestamp: isoDateTimeSchema }),
});
