export { chatRoutes } from './chat.routes';
export { createChatService, type ChatDeps } from './create-chat';
export { ChatService } from './chat.service';
export { CHAT_TOOL_DEFINITIONS } from './model-assistant';
export { HELP_ARTICLES, type HelpArticle } from './help-articles';
