export type {
  CloudSettings,
  ElevenLabsSettings,
  GeminiImageSettings,
  OpenAiTextSettings,
  ServiceAccountKey,
  SyncSettings,
  VeoSettings,
} from '../../cloud-settings';
export type { UploadForVendor, VendorUpload } from './sync-lip-sync-provider';
export type { SubscribeVendorNews, VendorNewsSubscription } from '../../platform/realtime/vendor-news';
