// The cloud adapters' settings, read from the environment by provider-config.ts. They live at the
// configuration level (not in providers/) so configuration depends on nothing above it.

export interface VeoSettings {
  /** `gemini`: the Gemini API with an API key; `vertex`: Vertex AI with a service account. */
  backend: 'gemini' | 'vertex';
  model: string;
  /** Default the vendor's (generativelanguage.googleapis.com or {location}-aiplatform.googleapis.com). */
  baseUrl?: string;
  apiKey?: string;
  vertex?: {
    project: string;
    location: string;
    serviceAccount: ServiceAccountKey;
    /** Default https://oauth2.googleapis.com/token (tests point it at a fake). */
    tokenUrl?: string;
    /** gs://bucket/folder: Vertex writes results there instead of answering with the bytes. */
    storageUri?: string;
    /** Where those results are read back (default https://storage.googleapis.com). */
    storageBaseUrl?: string;
  };
  negativePrompt?: string;
  /** Veo's personGeneration parameter (e.g. `allow_adult`); unset: the vendor's default. */
  personGeneration?: string;
  /** Operation polling interval (default 10 s). */
  pollIntervalMs?: number;
  /** The longest one generation may take (default 10 minutes). */
  operationTimeoutMs?: number;
  /** One HTTP call's limit (default 60 s; downloads get 5 minutes). */
  requestTimeoutMs?: number;
  retries?: number;
  backoffMs?: number;
}

export interface ElevenLabsSettings {
  apiKey: string;
  /** Default https://api.elevenlabs.io. */
  baseUrl?: string;
  /** Text-to-speech model (default eleven_multilingual_v2). */
  model: string;
  /** e.g. mp3_44100_128 (the default). */
  outputFormat?: string;
  requestTimeoutMs?: number;
  retries?: number;
  backoffMs?: number;
}

export interface SyncSettings {
  apiKey: string;
  /** Default https://api.sync.so. */
  baseUrl?: string;
  /** Sent as is (default sync-1.6.0, the spec's; sync's current models are named e.g. lipsync-2). */
  model?: string;
  /** Where sync reports completion (our public URL); a notice polls at once, polling goes on regardless. */
  webhookUrl?: string;
  /** sync's webhook signing secret: notices without its signature are refused. */
  webhookSecret?: string;
  pollIntervalMs?: number;
  operationTimeoutMs?: number;
  requestTimeoutMs?: number;
  retries?: number;
  backoffMs?: number;
}

export interface GeminiImageSettings {
  apiKey: string;
  model: string;
  /** Default https://generativelanguage.googleapis.com. */
  baseUrl?: string;
  requestTimeoutMs?: number;
  retries?: number;
  backoffMs?: number;
}

export interface OpenAiTextSettings {
  /** e.g. https://api.openai.com/v1, http://localhost:11434/v1 (Ollama), a vLLM server's /v1. */
  baseUrl: string;
  /** Optional for local servers that take none. */
  apiKey?: string;
  model: string;
  temperature?: number;
  maxTokens?: number;
  requestTimeoutMs?: number;
  retries?: number;
  backoffMs?: number;
}

/** The fields of a Google service-account key file this product uses. */
export interface ServiceAccountKey {
  client_email: string;
  private_key: string;
  private_key_id?: string;
  project_id?: string;
  token_uri?: string;
}

/** Each cloud adapter's settings. */
export interface CloudSettings {
  veo?: VeoSettings;
  elevenlabs?: ElevenLabsSettings;
  sync?: SyncSettings;
  geminiImage?: GeminiImageSettings;
  openai?: OpenAiTextSettings;
}
