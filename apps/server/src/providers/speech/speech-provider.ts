import type { TaskOptions } from '../provider-task';

/** Which implementation serves speech; cloud adapters add their name here. */
export type SpeechProviderKind = 'local' | 'elevenlabs';

/** ElevenLabs' four settings (spec 001 section 9), each 0..1 but the boolean. */
export interface VoiceSettings {
  stability: number;
  similarityBoost: number;
  style: number;
  useSpeakerBoost: boolean;
}

export type VoiceGender = 'male' | 'female' | 'neutral';

/** A voice as the voice list shows it (the contract's voice option, in the server's naming). */
export interface Voice {
  id: string;
  name: string;
  gender: VoiceGender | null;
  accent: string | null;
  /** `premade` for the built-in voices, `cloned` for a user's clone. */
  category: 'premade' | 'cloned';
  previewUrl: string | null;
  description: string | null;
  labels: Record<string, string>;
}

/**
 * A user's clone as a provider speaks with it. The voices module keeps clones and checks that the
 * caller owns one before handing it here; providers keep no clone state of their own.
 */
export interface CloneVoice {
  /** The vendor's voice id (ElevenLabs); null for a clone of the local engine. */
  providerVoiceId: string | null;
  /** What the local engine measured from the sample; null for a vendor clone. */
  profile: Record<string, unknown> | null;
}

export interface SynthesisRequest {
  text: string;
  /** A built-in voice, or the id of `clone` when speaking with a clone. */
  voiceId: string;
  /** Missing settings take the spec's defaults (VOICE_SETTINGS_DEFAULTS). */
  settings?: Partial<VoiceSettings>;
  clone?: CloneVoice;
}

export interface LinesSynthesisRequest extends Omit<SynthesisRequest, 'text'> {
  lines: readonly string[];
}

export interface SynthesizedSpeech {
  audio: Buffer;
  contentType: 'audio/wav' | 'audio/mpeg';
  durationSeconds: number;
  voiceId: string;
}

export interface VoiceCloneRequest {
  /** Recorded with a vendor clone, so a shared vendor account can tell its users' clones apart. */
  ownerId: string;
  name: string;
  /** The sample as uploaded (WAV, MP3, WebM...); it is probed and limited before decoding. */
  audio: Buffer;
  description?: string;
  labels?: Record<string, string>;
}

export interface ClonedVoice {
  clone: CloneVoice;
  /** What the provider has to say about the clone, for the user. */
  message: string;
  /** Measured by the local engine: the voice's gender guessed from its pitch. */
  gender: Exclude<VoiceGender, 'neutral'> | null;
}

/** Voices, synthesis and clones; the local one is offline (espeak-ng). */
export interface SpeechProvider {
  readonly kind: SpeechProviderKind;
  /** The provider's own voices (never clones), sorted by name. */
  listVoices(): Promise<Voice[]>;
  synthesize(request: SynthesisRequest, options?: TaskOptions): Promise<SynthesizedSpeech>;
  /**
   * Several lines in one voice, one result per line (narration spoken scene by scene). A provider
   * may do it in one request; calling synthesize per line is a correct implementation.
   */
  synthesizeLines(request: LinesSynthesisRequest, options?: TaskOptions): Promise<SynthesizedSpeech[]>;
  cloneVoice(request: VoiceCloneRequest, options?: TaskOptions): Promise<ClonedVoice>;
  /** Removes what the provider keeps of a clone (the vendor voice); a clone already gone is fine. */
  deleteClone(clone: CloneVoice): Promise<void>;
  close(): Promise<void>;
}
