import path from 'node:path';
import { z } from 'zod';
import { billingEnvShape, readBillingConfig, type BillingConfig } from './billing-config';
import { providerEnvShape, readProviderConfig, type ProviderChoice } from './provider-config';
import type { CloudSettings } from './cloud-settings';
import { booleanFromEnv, commaList, isLoopbackHttp } from './env-schema-helpers';

/** Thrown when the environment cannot be turned into a configuration; the message names the variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

const MB = 1024 * 1024;

const postgresUrl = z
  .string()
  .refine((value) => /^postgres(ql)?:\/\//.test(value), 'must be a postgres:// or postgresql:// URL');

/**
 * Every environment variable the server reads, with its default. README.md documents the same list;
 * nothing else in the server reads process.env.
 */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  ROLE: z.enum(['all', 'api', 'worker']).default('all'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: postgresUrl.optional(),
  PUBLIC_URL: z.url().optional(),
  CORS_ORIGINS: commaList.default([]),
  TRUST_PROXY: booleanFromEnv.default(false),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .default(60 * 60 * 24),
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  STORAGE_SIGNED_URL_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(10)
    .default(60 * 60),
  S3_BUCKET: z.string().min(3).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ENDPOINT: z.url().optional(),
  S3_PUBLIC_ENDPOINT: z.url().optional(),
  S3_FORCE_PATH_STYLE: booleanFromEnv.default(false),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  // Free space on the local disks the server writes to (issue 37): a warning in the log below the
  // first, readiness (GET /health) answers 503 below the second.
  DISK_FREE_WARN_MB: z.coerce.number().int().min(0).default(1024),
  DISK_FREE_CRITICAL_MB: z.coerce.number().int().min(0).default(100),
  SMTP_URL: z
    .string()
    .refine((value) => /^smtps?:\/\//.test(value), 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('ReelCraft <no-reply@localhost>'),
  WEB_DIST_DIR: z.string().min(1).optional(),
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int().min(1).default(25),
  QUEUE_MAINTENANCE_INTERVAL_SECONDS: z.coerce.number().int().min(1).default(30),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(5),
  LOGIN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).default(30),
  LOGIN_FAILURE_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .default(15 * 60),
  // Flood limits (issue 19): per hour unless FLOOD_WINDOW_SECONDS says otherwise.
  MAILS_MAX_PER_RECIPIENT: z.coerce.number().int().min(1).default(5),
  MAILS_MAX_PER_ADDRESS: z.coerce.number().int().min(1).default(20),
  SIGNUPS_MAX_PER_ADDRESS: z.coerce.number().int().min(1).default(10),
  FEEDBACK_MAX_PER_ADDRESS: z.coerce.number().int().min(1).default(10),
  FLOOD_WINDOW_SECONDS: z.coerce.number().int().min(1).default(3600),
  // Per-user limits of the calls that fill storage or the database (issue 37), per
  // USER_LIMIT_WINDOW_SECONDS (an hour unless it says otherwise).
  VOICE_CLONES_MAX_PER_USER: z.coerce.number().int().min(1).default(10),
  DECK_UPLOADS_MAX_PER_USER: z.coerce.number().int().min(1).default(10),
  UPLOADS_MAX_PER_USER: z.coerce.number().int().min(1).default(100),
  CHAT_MESSAGES_MAX_PER_USER: z.coerce.number().int().min(1).default(120),
  CHAT_SESSIONS_MAX_PER_USER: z.coerce.number().int().min(1).default(30),
  STORYBOARD_SAVES_MAX_PER_USER: z.coerce.number().int().min(1).default(600),
  NOTIFICATIONS_MAX_PER_USER: z.coerce.number().int().min(1).default(60),
  USER_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(3600),
  // A plain-http issuer is accepted only on this machine (a local identity provider for tests or demos).
  GOOGLE_ISSUER: z
    .url()
    .refine(
      (value) => value.startsWith('https://') || isLoopbackHttp(value),
      'must be an https:// URL (http:// only for a provider on this machine)',
    )
    .default('https://accounts.google.com'),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  // The media engine; the providers' variables (VIDEO_PROVIDER...) are in provider-config.ts.
  FFMPEG_PATH: z.string().min(1).optional(),
  FFPROBE_PATH: z.string().min(1).optional(),
  CAPTION_FONT_DIR: z.string().min(1).optional(),
  // The deck import's tools (slides to video): LibreOffice and poppler's folder; unset: the PATH.
  SOFFICE_PATH: z.string().min(1).optional(),
  POPPLER_BIN_DIR: z.string().min(1).optional(),
  MEDIA_WORK_DIR: z.string().min(1).optional(),
  RENDER_TIMEOUT_SECONDS: z.coerce
    .number()
    .int()
    .min(10)
    .default(10 * 60),
  MAX_PARALLEL_RENDERS: z.coerce.number().int().min(1).max(64).optional(),
  RENDER_JOB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  X264_PRESET: z
    .enum(['ultrafast', 'superfast', 'veryfast', 'faster', 'fast', 'medium', 'slow', 'slower', 'veryslow'])
    .optional(),
  ...billingEnvShape,
  ...providerEnvShape,
});

export type Env = z.input<typeof envSchema>;

export interface StorageConfig {
  driver: 'local' | 's3';
  signedUrlTtlSeconds: number;
  s3?: {
    bucket: string;
    region: string;
    endpoint?: string;
    publicEndpoint?: string;
    forcePathStyle: boolean;
    accessKeyId?: string;
    secretAccessKey?: string;
  };
  /** Free space on the local disks written to: warned about in the log below `warnBelowBytes`, not ready below `criticalBelowBytes`. */
  freeSpace: { warnBelowBytes: number; criticalBelowBytes: number };
}

/** The server's whole configuration, built once at start-up and passed in everywhere. */
export interface AppConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  role: 'all' | 'api' | 'worker';
  logLevel: string;
  dataDir: string;
  /** Unset: the embedded PGlite database under DATA_DIR/db. */
  databaseUrl?: string;
  /** Address the product is reached at, for links in mails and signed URLs. */
  publicUrl: string;
  corsOrigins: string[];
  /** Take the client address from X-Forwarded-For: only behind a proxy that sets it. */
  trustProxy: boolean;
  /** Unset: generated once and kept in DATA_DIR (see platform/auth/jwt-secret.ts). */
  jwtSecret?: string;
  accessTokenTtlSeconds: number;
  storage: StorageConfig;
  mail: { smtpUrl?: string; from: string };
  webDistDir?: string;
  shutdownTimeoutSeconds: number;
  queueMaintenanceIntervalSeconds: number;
  auth: AuthConfig;
  floodLimits: FloodLimits;
  userLimits: UserLimitsConfig;
  /** Plans, the order-based checkout (PayPal or test mode) and card payments (Stripe). */
  billing: BillingConfig;
  media: MediaConfig;
}

/** Which provider serves each capability, and how the local media engine runs. */
export interface MediaConfig {
  providers: ProviderChoice;
  /** The cloud adapters' settings (keys included: never log this object). */
  cloud: CloudSettings;
  ffmpegPath?: string;
  ffprobePath?: string;
  captionFontDir?: string;
  /** LibreOffice's `soffice`, for PowerPoint decks; unset: found on the PATH. */
  sofficePath?: string;
  /** The folder of poppler's pdfinfo, pdftoppm and pdftotext; unset: found on the PATH. */
  popplerBinDir?: string;
  /** Temporary files of renders; unset: the OS temp folder. */
  workDir?: string;
  /** The longest one render may run; a video job's time limit is derived from it. */
  renderTimeoutSeconds: number;
  /** Parallel renders of one studio job (candidates); unset: one per core. */
  maxParallelRenders?: number;
  /** Video jobs one worker process runs at a time. */
  renderJobConcurrency: number;
  x264Preset?: string;
}

export interface AuthConfig {
  /** Failed logins allowed per account and per client address within the window, then 429. */
  loginThrottle: { maxFailuresPerAccount: number; maxFailuresPerAddress: number; windowSeconds: number };
  /** Sign-in with Google (any OpenID Connect issuer); unset when no client id and secret are given. */
  google?: { issuer: string; clientId: string; clientSecret: string };
}

/** Flood limits within `windowSeconds`: mails to one recipient or asked from one client address, sign-ups and feedback from one client address. */
export interface FloodLimits {
  mailsPerRecipient: number;
  mailsPerAddress: number;
  signupsPerAddress: number;
  feedbackPerAddress: number;
  windowSeconds: number;
}

/**
 * Per-user limits within `windowSeconds` of the calls that fill storage or the database: voice
 * clones, deck uploads, other uploads and saves (images, recorded audio, avatars, library saves),
 * chat messages, chat sessions and notifications (docs/decisions/033).
 */
export interface UserLimitsConfig {
  voiceClones: number;
  deckUploads: number;
  uploads: number;
  chatMessages: number;
  chatSessions: number;
  storyboardSaves: number;
  notifications: number;
  windowSeconds: number;
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      const variable = issue.path.join('.') || '(environment)';
      return `${variable}: ${issue.message}`;
    })
    .join('\n  ');
}

/** Reads and validates the environment; throws ConfigError naming each bad variable. */
export function loadConfig(environment: Record<string, string | undefined> = process.env): AppConfig {
  // An empty variable means "not set", as in most shells' `VAR= cmd`.
  const present = Object.fromEntries(
    Object.entries(environment).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(`Invalid configuration:\n  ${describeIssues(parsed.error)}`);
  }
  const env = parsed.data;

  if (env.STORAGE_DRIVER === 's3' && !env.S3_BUCKET) {
    throw new ConfigError('Invalid configuration:\n  S3_BUCKET: required when STORAGE_DRIVER=s3');
  }

  if (env.DISK_FREE_CRITICAL_MB > env.DISK_FREE_WARN_MB) {
    throw new ConfigError(
      'Invalid configuration:\n  DISK_FREE_CRITICAL_MB: must not be above DISK_FREE_WARN_MB (the warning comes first)',
    );
  }

  if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
    throw new ConfigError(
      'Invalid configuration:\n  GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET: set both to enable Google sign-in, or neither',
    );
  }

  const billing = readBillingConfig(env, (message) => {
    throw new ConfigError(`Invalid configuration:\n  ${message}`);
  });

  const providerConfig = readProviderConfig(env, (message) => {
    throw new ConfigError(`Invalid configuration:\n  ${message}`);
  });

  const dataDir = path.resolve(env.DATA_DIR);
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    role: env.ROLE,
    logLevel: env.LOG_LEVEL,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    corsOrigins: env.CORS_ORIGINS,
    trustProxy: env.TRUST_PROXY,
    jwtSecret: env.JWT_SECRET,
    accessTokenTtlSeconds: env.ACCESS_TOKEN_TTL_SECONDS,
    storage: {
      driver: env.STORAGE_DRIVER,
      signedUrlTtlSeconds: env.STORAGE_SIGNED_URL_TTL_SECONDS,
      s3: env.S3_BUCKET
        ? {
            bucket: env.S3_BUCKET,
            region: env.S3_REGION,
            endpoint: env.S3_ENDPOINT,
            publicEndpoint: env.S3_PUBLIC_ENDPOINT,
            forcePathStyle: env.S3_FORCE_PATH_STYLE,
            accessKeyId: env.S3_ACCESS_KEY_ID,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY,
          }
        : undefined,
      freeSpace: {
        warnBelowBytes: env.DISK_FREE_WARN_MB * MB,
        criticalBelowBytes: env.DISK_FREE_CRITICAL_MB * MB,
      },
    },
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM },
    webDistDir: env.WEB_DIST_DIR ? path.resolve(env.WEB_DIST_DIR) : undefined,
    shutdownTimeoutSeconds: env.SHUTDOWN_TIMEOUT_SECONDS,
    queueMaintenanceIntervalSeconds: env.QUEUE_MAINTENANCE_INTERVAL_SECONDS,
    floodLimits: {
      mailsPerRecipient: env.MAILS_MAX_PER_RECIPIENT,
      mailsPerAddress: env.MAILS_MAX_PER_ADDRESS,
      signupsPerAddress: env.SIGNUPS_MAX_PER_ADDRESS,
      feedbackPerAddress: env.FEEDBACK_MAX_PER_ADDRESS,
      windowSeconds: env.FLOOD_WINDOW_SECONDS,
    },
    userLimits: {
      voiceClones: env.VOICE_CLONES_MAX_PER_USER,
      deckUploads: env.DECK_UPLOADS_MAX_PER_USER,
      uploads: env.UPLOADS_MAX_PER_USER,
      chatMessages: env.CHAT_MESSAGES_MAX_PER_USER,
      chatSessions: env.CHAT_SESSIONS_MAX_PER_USER,
      storyboardSaves: env.STORYBOARD_SAVES_MAX_PER_USER,
      notifications: env.NOTIFICATIONS_MAX_PER_USER,
      windowSeconds: env.USER_LIMIT_WINDOW_SECONDS,
    },
    auth: {
      loginThrottle: {
        maxFailuresPerAccount: env.LOGIN_MAX_FAILURES_PER_ACCOUNT,
        maxFailuresPerAddress: env.LOGIN_MAX_FAILURES_PER_ADDRESS,
        windowSeconds: env.LOGIN_FAILURE_WINDOW_SECONDS,
      },
      google:
        env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
          ? {
              issuer: env.GOOGLE_ISSUER,
              clientId: env.GOOGLE_CLIENT_ID,
              clientSecret: env.GOOGLE_CLIENT_SECRET,
            }
          : undefined,
    },
    billing,
    media: {
      ...providerConfig,
      ffmpegPath: env.FFMPEG_PATH,
      ffprobePath: env.FFPROBE_PATH,
      captionFontDir: env.CAPTION_FONT_DIR ? path.resolve(env.CAPTION_FONT_DIR) : undefined,
      sofficePath: env.SOFFICE_PATH,
      popplerBinDir: env.POPPLER_BIN_DIR ? path.resolve(env.POPPLER_BIN_DIR) : undefined,
      workDir: env.MEDIA_WORK_DIR ? path.resolve(env.MEDIA_WORK_DIR) : undefined,
      renderTimeoutSeconds: env.RENDER_TIMEOUT_SECONDS,
      maxParallelRenders: env.MAX_PARALLEL_RENDERS,
      renderJobConcurrency: env.RENDER_JOB_CONCURRENCY,
      x264Preset: env.X264_PRESET,
    },
  };
}
