import type { Database } from '../../platform/db/database';
import type { TextProvider } from '../../providers';
import type { QuotaService, SubscriptionsService } from '../subscriptions';
import type { TextToVideoService } from '../text-to-video';
import type { VideosService } from '../videos';
import { ChatRepository } from './chat.repository';
import { ChatService } from './chat.service';
import { ChatTools } from './chat-tools';
import { HELP_ARTICLES } from './help-articles';
import { HelpIndex } from './help-search';
import { LocalAssistant } from './local-assistant';
import { ModelAssistant } from './model-assistant';

export interface ChatDeps {
  database: Pick<Database, 'orm' | 'transaction'>;
  text: TextProvider;
  quota: QuotaService;
  subscriptions: SubscriptionsService;
  videos: VideosService;
  textToVideo: TextToVideoService;
}

/**
 * The chat service wired to the database, the user's data and the text provider: a provider that
 * calls tools (a language model) drives the assistant; otherwise the offline assistant does.
 */
export function createChatService(deps: ChatDeps): ChatService {
  const tools = new ChatTools({
    quota: deps.quota,
    subscriptions: deps.subscriptions,
    videos: deps.videos,
    textToVideo: deps.textToVideo,
    text: deps.text,
    help: new HelpIndex(HELP_ARTICLES),
  });
  const { respondWithTools } = deps.text;
  const assistant = respondWithTools
    ? new ModelAssistant({ respondWithTools: respondWithTools.bind(deps.text) }, tools)
    : new LocalAssistant(tools);
  return new ChatService({ repository: new ChatRepository(deps.database), assistant, text: deps.text });
}
