/** What the rest of the server uses of the providers: the factory and the interfaces. */
export { createProviders } from './create-providers';
export { createConfiguredProviders } from './configured-providers';
export type { MediaOptions, Providers, ProvidersLogger, ProvidersOptions } from './create-providers';
export { ProviderError, toProviderError } from './provider-error';
export type { ProviderErrorCode } from './provider-error';
export type { TaskOptions, TaskProgress } from './provider-task';
export { MAX_VEO_CLIPS } from './cloud/veo-video-provider';
export { PROMPT_CATEGORIES, classifyPrompt } from './prompt-categories';
export type { PromptCategory } from './prompt-categories';
export type * from './video/video-provider';
export type * from './speech/speech-provider';
export type * from './lip-sync/lip-sync-provider';
export type * from './image-enhancement/image-enhancement-provider';
export type * from './text/text-provider';
// The cloud adapters' settings are declared with the rest of the configuration (config/cloud-settings.ts).
export type {
  CloudSettings,
  ElevenLabsSettings,
  GeminiImageSettings,
  OpenAiTextSettings,
  ServiceAccountKey,
  SyncSettings,
  VeoSettings,
} from '../config';
export type { UploadForVendor, VendorUpload } from './cloud/sync-lip-sync-provider';
export type { SubscribeVendorNews, VendorNewsSubscription } from '../platform/realtime/vendor-news';
