import type { FastifyInstance } from 'fastify';
import {
  chatMessages,
  createChatSession,
  deleteChatSession,
  getChatHistory,
  listChatSessions,
  sendChatMessage,
  testChat,
} from '@reelcraft/contract';
import { HttpError, unauthorized } from '../../platform/http/http-error';
import { requireUser } from '../../platform/http/request-user';
import type { RouteContext } from '../../platform/http/route-context';
import type { ChatService } from './chat.service';

/** The six chat calls of spec 001 section 7. */
export async function chatRoutes(
  app: FastifyInstance,
  { registerCall, userLimits, chat }: RouteContext & { chat: ChatService },
): Promise<void> {
  // The chat's refusals of a missing or bad token carry the spec's own text (section 8); the
  // product's error handler (the parent's) answers them.
  app.setErrorHandler((error) => {
    if (error instanceof HttpError && error.statusCode === 401) throw unauthorized(chatMessages.invalidToken);
    throw error;
  });
  registerCall(app, createChatSession, async ({ request }) => {
    const userId = requireUser(request).id;
    await userLimits.take('chatSessions', userId);
    return chat.createSession(userId);
  });
  registerCall(app, listChatSessions, ({ request }) => chat.listSessions(requireUser(request).id));
  registerCall(app, getChatHistory, ({ params, request }) =>
    chat.history(requireUser(request).id, params.id),
  );
  registerCall(app, deleteChatSession, ({ params, request }) =>
    chat.deleteSession(requireUser(request).id, params.id),
  );
  registerCall(app, sendChatMessage, async ({ body, request }) => {
    const userId = requireUser(request).id;
    await userLimits.take('chatMessages', userId);
    return chat.send(userId, body);
  });
  registerCall(app, testChat, ({ request }) => chat.test(requireUser(request).id));
}
