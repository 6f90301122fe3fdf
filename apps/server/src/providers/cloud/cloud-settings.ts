import type { ElevenLabsSettings } from './elevenlabs-speech-provider';
import type { GeminiImageSettings } from './gemini-image-enhancer';
import type { OpenAiTextSettings } from './openai-text-provider';
import type { SyncSettings } from './sync-lip-sync-provider';
import type { VeoSettings } from './veo-video-provider';

/** Each cloud adapter's settings (read from the environment by provider-config.ts). */
export interface CloudSettings {
  veo?: VeoSettings;
  elevenlabs?: ElevenLabsSettings;
  sync?: SyncSettings;
  geminiImage?: GeminiImageSettings;
  openai?: OpenAiTextSettings;
}

export type { ElevenLabsSettings, GeminiImageSettings, OpenAiTextSettings, SyncSettings, VeoSettings };
export type {
  SubscribeVendorNews,
  UploadForVendor,
  VendorNewsSubscription,
  VendorUpload,
} from './sync-lip-sync-provider';
export type { ServiceAccountKey } from './google-auth';
