/**
 * Business constants of both spec documents (section 9, plus the fixed values of sections 2-5 that
 * both sides need). Units are part of every name: _MS, _S, _BYTES, _MB, _DAYS, _USD.
 */
import { DEFAULT_CALL_TIMEOUT_MS } from './define-call';

const MEBIBYTE = 1024 * 1024;

// --- Calls and session (spec 000 section 9) ---

/** Per call (CallDefinition.timeoutMs): the HTTP client itself has no default timeout. */
export const API_TIMEOUT_MS = DEFAULT_CALL_TIMEOUT_MS;
export const VERIFICATION_TIMEOUT_MS = 10_000;
/** A token counts as expired this long before its real expiry. */
export const TOKEN_EXPIRY_BUFFER_S = 60;
/** The refresh timer fires this long before expiry; a token closer than this is validated at once. */
export const TOKEN_REFRESH_THRESHOLD_S = 300;
/** A token expiring in under TOKEN_REFRESH_THRESHOLD_S is rechecked after this. */
export const TOKEN_RECHECK_INTERVAL_S = 60;

// --- Navigation delays and display caps ---

export const VERIFICATION_REDIRECT_DELAY_MS = 3_000;
export const PAYMENT_SUCCESS_COUNTDOWN_S = 10;
export const PAYMENT_ACTIVATION_REDIRECT_MS = 2_000;
export const NOTIFICATION_BADGE_CAP = 99;
export const TOAST_DURATION_MS = 3_000;
/** Limit of the "limited" notifications fetch (GET /notifications/?limit=). */
export const NOTIFICATIONS_FETCH_LIMIT = 5;
export const AVATAR_INITIALS_MAX_LETTERS = 2;
/** Relative time: under this age "just now", then hours until RELATIVE_TIME_HOURS_UNTIL_MS, then days. */
export const RELATIVE_TIME_JUST_NOW_UNTIL_MS = 60 * 60 * 1000;
export const RELATIVE_TIME_HOURS_UNTIL_MS = 24 * 60 * 60 * 1000;

// --- Theme and local storage ---

export const THEMES = ['dark', 'light'] as const;
export const DEFAULT_THEME = 'dark';

/** Keys the web app keeps in localStorage; logout removes authToken, tokenType, userData, tokenExpiresAt. */
export const STORAGE_KEYS = {
  authToken: 'auth_token',
  tokenType: 'token_type',
  userData: 'user_data',
  tokenExpiresAt: 'token_expires_at',
  theme: 'theme',
  // The spec names these two without giving the key: ours.
  sidebarCollapsed: 'sidebar_collapsed',
  redirectAfterLogin: 'redirect_after_login',
  /** Whether the player shows a video's captions track (issue 31). */
  captionsOn: 'captions_on',
  librarySelectedImages: 'library_selected_images',
  lastVideoUrl: 'lastVideoUrl',
  /** Ours (issue 36): the ids of the users who dismissed the subscription upsell on this browser. */
  upsellDismissedBy: 'upsell_dismissed_by',
  /** Ours (issue 36): a user's onboarding answers so far, for coming back to them. */
  onboardingDraft: 'onboarding_draft',
} as const;

// --- Subscriptions and payment ---

export const PLAN_IDS = ['starter', 'business', 'professional'] as const;
/** Any subscription_status other than this counts as subscribed. */
export const FREE_SUBSCRIPTION_STATUS = 'free';
/** Amount used when the payment page gets none in its query. */
export const PAYMENT_FALLBACK_AMOUNT_USD = 0.01;
/** The success screen assumes this period and quota (spec 000 section 2.8). */
export const PRO_PLAN_ASSUMED_PERIOD_DAYS = 30;
export const PRO_PLAN_ASSUMED_VIDEOS = 200;
/**
 * `payment_data.provider` default: the order-based checkout provider's label. The card provider's keys
 * and the webhook secret are server configuration, not constants.
 */
export const DEFAULT_PAYMENT_PROVIDER = 'paypal';

// --- Dashboard and projects ---

export const DASHBOARD_RECENT_PROJECTS_PER_PAGE = 3;
export const PROJECTS_PER_PAGE = 12;
/** Numbered pagination shows at most this many page links. */
export const PROJECTS_PAGE_WINDOW = 5;
export const PROJECTS_INITIAL_FETCH_LIMIT = 5;
export const PROJECTS_BACKGROUND_FETCH_LIMIT = 50;
export const PROJECTS_BACKGROUND_FETCH_DELAY_MS = 1_000;
export const PROJECTS_CACHE_TTL_MS = 5 * 60 * 1000;
export const PROJECTS_SKELETON_COUNT = 8;
export const PROJECT_FILTERS = ['all', 'recent', 'completed'] as const;
/** Upper bound of any `limit` query parameter: keeps one answer small. */
export const LIST_MAX_LIMIT = 100;

// --- Text and image jobs ---

export const STATUS_POLL_INTERVAL_MS = 15_000;
export const TEXT_VIDEO_DURATIONS_S = [15, 30, 60] as const;
/** The word counter shows words/200; the cap is not enforced. */
export const PROMPT_WORD_COUNTER_MAX_WORDS = 200;
/** Prompt strength: Weak below `good`, Good below `strong`, Strong below `excellent`, else Excellent. */
export const PROMPT_STRENGTH_MIN_WORDS = { good: 10, strong: 30, excellent: 50 } as const;
export const SEED_MIN = 0;
export const SEED_MAX = 2_147_483_647;
export const PROMPT_ENHANCE_MIN_CHARS = 5;
export const ENHANCED_PROMPT_MIN_CHARS = 10;
/** Length the language model is asked for when enhancing a prompt. */
export const ENHANCED_PROMPT_TARGET_WORDS = { min: 20, max: 50 } as const;

export const MAX_IMAGE_SLOTS = 5;
export const IMAGE_VIDEO_QUALITIES = ['standard', 'hd', '4k'] as const;
export const DEFAULT_IMAGE_VIDEO_QUALITY = 'standard';
/** cinematic: smooth transitions; dynamic: energetic effects. */
export const IMAGE_VIDEO_MODES = ['cinematic', 'dynamic'] as const;
export const DEFAULT_IMAGE_VIDEO_MODE = 'cinematic';
/** Shared by the image-to-video screen and the studio. */
export const ASPECT_RATIOS = ['16:9', '9:16', '1:1'] as const;
export const DEFAULT_ASPECT_RATIO = '16:9';
export const IMAGE_VIDEO_DURATIONS_S = [15, 30] as const;
export const DEFAULT_IMAGE_VIDEO_DURATION_S = 15;
export const DEFAULT_IMAGE_VIDEO_SEED = 42;
export const MODEL_PLATFORMS = ['veo'] as const;
export const DEFAULT_MODEL_PLATFORM = 'veo';
/** Estimated image-to-video time: base plus a share per image. */
export const IMAGE_VIDEO_ESTIMATE_BASE_S = 30;
export const IMAGE_VIDEO_ESTIMATE_PER_IMAGE_S = 15;

// --- Files and uploads ---

/** Last-frame image, voice sample and the generic uploader. */
export const UPLOAD_MAX_MB = 10;
export const UPLOAD_MAX_BYTES = UPLOAD_MAX_MB * MEBIBYTE;
/** The product image enhancer accepts larger images. */
export const ENHANCER_MAX_MB = 20;
export const ENHANCER_MAX_BYTES = ENHANCER_MAX_MB * MEBIBYTE;
/** Files per POST /upload/signed-url request. */
export const MAX_UPLOAD_FILES = 20;

export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/gif'] as const;
export const LAST_FRAME_MIME_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/bmp'] as const;
export const ENHANCER_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** One upload call serves the image slots and the enhancer, so it takes the union of both. */
export const SIGNED_UPLOAD_MIME_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
export const VOICE_SAMPLE_MIME_TYPES = [
  'audio/mpeg',
  'audio/wav',
  'audio/m4a',
  'audio/ogg',
  'audio/mp4',
  'audio/x-m4a',
] as const;
/** The spec names WAV, MP3 and WebM; a phone's recorder gives M4A and some browsers OGG, so those too. */
export const VOICE_CLONE_MIME_TYPES = [...VOICE_SAMPLE_MIME_TYPES, 'audio/webm'] as const;
/** A clone needs this much speech to measure (ElevenLabs asks for at least a few seconds). */
export const VOICE_CLONE_MIN_SPEECH_SECONDS = 3;
/** A sample shorter than this is taken, with a warning (voiceMessages.cloneTips: 30 seconds to 2 minutes). */
export const VOICE_CLONE_ADVISED_MIN_SECONDS = 30;
/** Longest sentence a voice preview speaks. */
export const VOICE_PREVIEW_MAX_CHARS = 300;
/** A recorded voiceover comes from the browser recorder (WebM) or from a file like a voice sample. */
export const RECORDED_VOICEOVER_MIME_TYPES = VOICE_CLONE_MIME_TYPES;

// --- Slides to video ---

/** PDF and PowerPoint (PPTX) decks, checked by their content. */
export const DECK_MIME_TYPES = [
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
] as const;
export const DECK_MAX_BYTES = 50 * 1024 * 1024;
export const DECK_MAX_SLIDES = 100;
export const SLIDE_NARRATION_MAX_CHARS = 2000;
/** A slide without narration stays this long on screen. */
export const SILENT_SLIDE_SECONDS = 3;

// --- Avatars ---

/** Portrait candidates the studio's avatar mode offers (as many as the video candidates). */
export const AVATAR_PORTRAIT_COUNT = 4;
/** Longest narration of a presenter video (about two minutes of speech). */
export const PRESENTER_TEXT_MAX_CHARS = 1500;

// --- AI Studio ---

export const STUDIO_CANDIDATE_COUNT = 4;
export const STUDIO_FPS_OPTIONS = [24, 25, 30] as const;
export const DEFAULT_STUDIO_FPS = 24;
export const DEFAULT_STUDIO_DURATION_S = 8;
/** Bounds of a clip length and of one extension (our design: the spec gives only the default). */
export const STUDIO_DURATION_LIMITS_S = { min: 1, max: 30 } as const;
/** Reference images per job: the most Veo takes for one generation. */
export const STUDIO_MAX_SUBJECT_REFS = 3;
export const STUDIO_MODES = ['video', 'avatar', 'voice'] as const;
export const STUDIO_GENERATION_TIMEOUT_MS = 10 * 60 * 1000;
export const STUDIO_PROGRESS_MODAL_CLOSE_DELAY_MS = 500;
export const CANDIDATE_SELECT_RETRIES = 3;
/** Wait before retry n is n times this. */
export const CANDIDATE_SELECT_RETRY_STEP_MS = 500;
export const DEFAULT_LIPSYNC_MODEL = 'sync-1.6.0';
export const LIPSYNC_TIMEOUT_MS = 10 * 60 * 1000;
export const LIPSYNC_POLL_INTERVAL_MS = 5_000;
export const LIPSYNC_POLL_START_DELAY_MS = 10_000;
export const LIPSYNC_POLL_MAX_ATTEMPTS = 120;
export const LIPSYNC_PROGRESS_CAP_PERCENT = 90;

// --- Voices ---

export const DEFAULT_VOICE_ID = 'rachel';
export const VOICE_SETTINGS_DEFAULTS = {
  stability: 0.5,
  similarity_boost: 0.5,
  style: 0,
  use_speaker_boost: true,
} as const;
export const VOICES_PAGE_SIZE = 50;
export const VOICES_SORT = 'name';
export const VOICES_SORT_DIRECTION = 'asc';
/** Shown when the voice list cannot be loaded. */
export const FALLBACK_VOICE_IDS = [
  'rachel',
  'domi',
  'bella',
  'antoni',
  'josh',
  'arnold',
  'adam',
  'sam',
] as const;

// --- Library ---

export const LIBRARY_INITIAL_RENDER_COUNT = 5;
export const LIBRARY_DEFERRED_RENDER_DELAY_MS = 300;
export const LIBRARY_CACHE_TTL_MS = 5 * 60 * 1000;
export const LIBRARY_LOAD_TIMEOUT_MS = 10_000;

// --- Player ---

export const PLAYER_CONTROLS_HIDE_MS = 3_000;
/** Loaded is assumed when readyState >= PLAYER_LOADED_MIN_READY_STATE after this. */
export const PLAYER_LOADED_FALLBACK_MS = 5_000;
export const PLAYER_LOADED_MIN_READY_STATE = 2;

// --- Chat ---

export const DEFAULT_CHAT_COLLECTION_TYPE = 'customer';
export const CHAT_ERROR_CLEAR_MS = 5_000;
