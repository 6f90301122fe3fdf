/**
 * The server's configuration: loadConfig reads and validates the environment once at start-up (every
 * variable is in server-config.ts and the files it spreads in; README.md documents them), and the
 * rest of the server imports the resulting types from here. This folder is the bottom floor with
 * platform/: it imports nothing else of the server.
 */
export { ConfigError, loadConfig } from './server-config';
export type {
  AppConfig,
  AuthConfig,
  Env,
  FloodLimits,
  MediaConfig,
  StorageConfig,
  UserLimitsConfig,
} from './server-config';
export type { BillingConfig, PaypalConfig, PlanOverride, PlanOverrides } from './billing-config';
export { SYNC_WEBHOOK_PATH } from './provider-config';
export type { ProviderChoice } from './provider-config';
export type * from './cloud-settings';
