import fs from 'node:fs';
import { z } from 'zod';
import { API_BASE_PATH, DEFAULT_LIPSYNC_MODEL } from '@reelcraft/contract';
import type { CloudSettings, ServiceAccountKey } from './cloud-settings';
import { httpsOrLoopbackUrl } from './env-schema-helpers';

/**
 * Which provider serves each capability and the cloud adapters' settings (DESIGN.md section 4), read
 * with the rest of the environment by server-config.ts: README.md documents every variable. A cloud
 * kind without its key, or with a model name it cannot be, stops start-up naming the variable.
 */

/** Where sync's webhook notices arrive (below the API base path). */
export const SYNC_WEBHOOK_PATH = '/webhooks/sync';

/** Plain http is accepted only for a server on this machine (a fake vendor in tests). */
const vendorUrl = httpsOrLoopbackUrl;
/** A self-hosted text model (Ollama, vLLM) may sit on another machine of a private network. */
const anyHttpUrl = z.url().refine((value) => /^https?:\/\//.test(value), 'must be an http(s):// URL');

/** Spread into server-config.ts's environment schema. */
export const providerEnvShape = {
  VIDEO_PROVIDER: z.enum(['local', 'veo']).default('local'),
  SPEECH_PROVIDER: z.enum(['local', 'elevenlabs']).default('local'),
  LIP_SYNC_PROVIDER: z.enum(['local', 'sync']).default('local'),
  IMAGE_ENHANCEMENT_PROVIDER: z.enum(['local', 'gemini']).default('local'),
  TEXT_PROVIDER: z.enum(['local', 'openai']).default('local'),
  PROVIDER_REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(60),
  PROVIDER_RETRIES: z.coerce.number().int().min(0).max(10).default(3),
  GEMINI_API_KEY: z.string().min(1).optional(),
  GEMINI_API_BASE_URL: vendorUrl.optional(),
  VEO_BACKEND: z.enum(['gemini', 'vertex']).default('gemini'),
  VEO_MODEL: z
    .string()
    .regex(/^veo-[a-z0-9.-]+$/, 'must be a Veo model name such as veo-3.1-generate-preview')
    .optional(),
  VEO_BASE_URL: vendorUrl.optional(),
  VEO_NEGATIVE_PROMPT: z.string().min(1).max(1000).optional(),
  VEO_PERSON_GENERATION: z.enum(['allow_all', 'allow_adult', 'dont_allow']).optional(),
  VEO_POLL_INTERVAL_SECONDS: z.coerce.number().min(0.01).max(120).default(10),
  VEO_TIMEOUT_SECONDS: z.coerce.number().int().min(30).max(3600).default(600),
  VERTEX_PROJECT: z.string().min(1).optional(),
  VERTEX_LOCATION: z
    .string()
    .regex(/^[a-z0-9-]+$/, 'must be a region such as us-central1')
    .default('us-central1'),
  VERTEX_CREDENTIALS_FILE: z.string().min(1).optional(),
  VERTEX_CREDENTIALS_JSON: z.string().min(2).optional(),
  VERTEX_TOKEN_URL: vendorUrl.optional(),
  VERTEX_STORAGE_URI: z
    .string()
    .regex(/^gs:\/\/[^/]+/, 'must be a gs://bucket/folder URI')
    .optional(),
  ELEVENLABS_API_KEY: z.string().min(1).optional(),
  ELEVENLABS_BASE_URL: vendorUrl.optional(),
  ELEVENLABS_MODEL: z
    .string()
    .regex(/^eleven_[a-z0-9_]+$/, 'must be an ElevenLabs model id such as eleven_multilingual_v2')
    .default('eleven_multilingual_v2'),
  ELEVENLABS_OUTPUT_FORMAT: z
    .string()
    .regex(/^mp3_\d+_\d+$/, 'must be an mp3 format such as mp3_44100_128')
    .default('mp3_44100_128'),
  SYNC_API_KEY: z.string().min(1).optional(),
  SYNC_BASE_URL: vendorUrl.optional(),
  SYNC_MODEL: z.string().min(1).max(64).default(DEFAULT_LIPSYNC_MODEL),
  SYNC_WEBHOOK_URL: vendorUrl.optional(),
  SYNC_WEBHOOK_SECRET: z.string().min(8).optional(),
  SYNC_POLL_INTERVAL_SECONDS: z.coerce.number().min(0.01).max(120).default(5),
  GEMINI_IMAGE_MODEL: z
    .string()
    .regex(/^[a-z0-9.-]*image[a-z0-9.-]*$/, 'must be a Gemini image model such as gemini-2.5-flash-image')
    .default('gemini-2.5-flash-image'),
  TEXT_API_BASE_URL: anyHttpUrl.default('https://api.openai.com/v1'),
  TEXT_API_KEY: z.string().min(1).optional(),
  TEXT_MODEL: z.string().min(1).max(200).default('gpt-4o-mini'),
  TEXT_TEMPERATURE: z.coerce.number().min(0).max(2).optional(),
};

type ProviderEnv = z.infer<z.ZodObject<typeof providerEnvShape>>;

export interface ProviderChoice {
  video: ProviderEnv['VIDEO_PROVIDER'];
  speech: ProviderEnv['SPEECH_PROVIDER'];
  lipSync: ProviderEnv['LIP_SYNC_PROVIDER'];
  imageEnhancement: ProviderEnv['IMAGE_ENHANCEMENT_PROVIDER'];
  text: ProviderEnv['TEXT_PROVIDER'];
}

function readServiceAccount(env: ProviderEnv, fail: (message: string) => never): ServiceAccountKey {
  let raw: string;
  let variable: string;
  if (env.VERTEX_CREDENTIALS_JSON) {
    raw = env.VERTEX_CREDENTIALS_JSON;
    variable = 'VERTEX_CREDENTIALS_JSON';
  } else if (env.VERTEX_CREDENTIALS_FILE) {
    variable = 'VERTEX_CREDENTIALS_FILE';
    try {
      raw = fs.readFileSync(env.VERTEX_CREDENTIALS_FILE, 'utf8');
    } catch {
      return fail(`${variable}: the file cannot be read`);
    }
  } else {
    return fail(
      'VERTEX_CREDENTIALS_FILE: required when VIDEO_PROVIDER=veo and VEO_BACKEND=vertex (a service-account key file)',
    );
  }
  const parsed = z
    .object({
      client_email: z.string().min(3),
      private_key: z.string().includes('PRIVATE KEY'),
      private_key_id: z.string().optional(),
      project_id: z.string().optional(),
      token_uri: z.string().optional(),
    })
    .safeParse(
      (() => {
        try {
          return JSON.parse(raw) as unknown;
        } catch {
          return null;
        }
      })(),
    );
  if (!parsed.success)
    return fail(`${variable}: not a service-account key (client_email and private_key expected)`);
  return parsed.data;
}

/** The chosen kinds and the cloud settings; `fail` throws the configuration error. */
export function readProviderConfig(
  env: ProviderEnv & { PUBLIC_URL?: string },
  fail: (message: string) => never,
): { providers: ProviderChoice; cloud: CloudSettings } {
  const common = {
    requestTimeoutMs: env.PROVIDER_REQUEST_TIMEOUT_SECONDS * 1000,
    retries: env.PROVIDER_RETRIES,
  };
  const cloud: CloudSettings = {};

  if (env.VIDEO_PROVIDER === 'veo') {
    const shared = {
      ...common,
      baseUrl: env.VEO_BASE_URL,
      negativePrompt: env.VEO_NEGATIVE_PROMPT,
      personGeneration: env.VEO_PERSON_GENERATION,
      pollIntervalMs: env.VEO_POLL_INTERVAL_SECONDS * 1000,
      operationTimeoutMs: env.VEO_TIMEOUT_SECONDS * 1000,
    };
    if (env.VEO_BACKEND === 'gemini') {
      if (!env.GEMINI_API_KEY)
        fail('GEMINI_API_KEY: required when VIDEO_PROVIDER=veo (or set VEO_BACKEND=vertex)');
      cloud.veo = {
        ...shared,
        backend: 'gemini',
        model: env.VEO_MODEL ?? 'veo-3.1-generate-preview',
        apiKey: env.GEMINI_API_KEY,
        baseUrl: env.VEO_BASE_URL ?? env.GEMINI_API_BASE_URL,
      };
    } else {
      const serviceAccount = readServiceAccount(env, fail);
      const project = env.VERTEX_PROJECT ?? serviceAccount.project_id;
      if (!project) fail('VERTEX_PROJECT: required when VEO_BACKEND=vertex (the key file names no project)');
      cloud.veo = {
        ...shared,
        backend: 'vertex',
        model: env.VEO_MODEL ?? 'veo-3.1-generate-001',
        vertex: {
          project,
          location: env.VERTEX_LOCATION,
          serviceAccount,
          tokenUrl: env.VERTEX_TOKEN_URL,
          storageUri: env.VERTEX_STORAGE_URI,
        },
      };
    }
  }

  if (env.SPEECH_PROVIDER === 'elevenlabs') {
    if (!env.ELEVENLABS_API_KEY) fail('ELEVENLABS_API_KEY: required when SPEECH_PROVIDER=elevenlabs');
    cloud.elevenlabs = {
      ...common,
      apiKey: env.ELEVENLABS_API_KEY,
      baseUrl: env.ELEVENLABS_BASE_URL,
      model: env.ELEVENLABS_MODEL,
      outputFormat: env.ELEVENLABS_OUTPUT_FORMAT,
    };
  }

  if (env.LIP_SYNC_PROVIDER === 'sync') {
    if (!env.SYNC_API_KEY) fail('SYNC_API_KEY: required when LIP_SYNC_PROVIDER=sync');
    cloud.sync = {
      ...common,
      apiKey: env.SYNC_API_KEY,
      baseUrl: env.SYNC_BASE_URL,
      model: env.SYNC_MODEL,
      // sync delivers webhooks over HTTPS only: without an https PUBLIC_URL the job is only polled.
      webhookUrl:
        env.SYNC_WEBHOOK_URL ??
        (env.PUBLIC_URL?.startsWith('https://')
          ? `${env.PUBLIC_URL.replace(/\/$/, '')}${API_BASE_PATH}${SYNC_WEBHOOK_PATH}`
          : undefined),
      webhookSecret: env.SYNC_WEBHOOK_SECRET,
      pollIntervalMs: env.SYNC_POLL_INTERVAL_SECONDS * 1000,
    };
  }

  if (env.IMAGE_ENHANCEMENT_PROVIDER === 'gemini') {
    if (!env.GEMINI_API_KEY) fail('GEMINI_API_KEY: required when IMAGE_ENHANCEMENT_PROVIDER=gemini');
    cloud.geminiImage = {
      ...common,
      apiKey: env.GEMINI_API_KEY,
      model: env.GEMINI_IMAGE_MODEL,
      baseUrl: env.GEMINI_API_BASE_URL,
    };
  }

  if (env.TEXT_PROVIDER === 'openai') {
    const openAi = new URL(env.TEXT_API_BASE_URL).hostname === 'api.openai.com';
    if (openAi && !env.TEXT_API_KEY)
      fail('TEXT_API_KEY: required when TEXT_PROVIDER=openai with the OpenAI API');
    cloud.openai = {
      ...common,
      baseUrl: env.TEXT_API_BASE_URL,
      apiKey: env.TEXT_API_KEY,
      model: env.TEXT_MODEL,
      temperature: env.TEXT_TEMPERATURE,
    };
  }

  return {
    providers: {
      video: env.VIDEO_PROVIDER,
      speech: env.SPEECH_PROVIDER,
      lipSync: env.LIP_SYNC_PROVIDER,
      imageEnhancement: env.IMAGE_ENHANCEMENT_PROVIDER,
      text: env.TEXT_PROVIDER,
    },
    cloud,
  };
}
