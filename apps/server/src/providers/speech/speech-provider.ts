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

export interface SynthesisRequest {
  text: string;
  voiceId: string;
  /** Missing settings take the spec's defaults (VOICE_SETTINGS_DEFAULTS). */
  settings?: Partial<VoiceSettings>;
  /** Required to use a clone: a user only speaks with their own clones. */
  ownerId?: string;
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
  ownerId: string;
  name: string;
  /** The sample as uploaded (WAV, MP3, WebM...); it is probed and limited before decoding. */
  audio: Buffer;
  description?: string;
  labels?: Record<string, string>;
}

export interface ClonedVoice {
  voiceId: string;
  name: string;
  status: 'ready';
  message: string;
  createdAt: Date;
}

/** Voices, synthesis and clones; the local one is offline (espeak-ng). */
export interface SpeechProvider {
  readonly kind: SpeechProviderKind;
  /** The built-in voices and, given an owner, that owner's clones; sorted by name. */
  listVoices(options?: { ownerId?: string }): Promise<Voice[]>;
  synthesize(request: SynthesisRequest, options?: TaskOptions): Promise<SynthesizedSpeech>;
  /**
   * Several lines in one voice, one result per line (narration spoken scene by scene). A provider
   * may do it in one request; calling synthesize per line is a correct implementation.
   */
  synthesizeLines(request: LinesSynthesisRequest, options?: TaskOptions): Promise<SynthesizedSpeech[]>;
  cloneVoice(request: VoiceCloneRequest, options?: TaskOptions): Promise<ClonedVoice>;
  /** Removes an owner's clone; `not_found` for a missing one or another owner's. */
  deleteClone(voiceId: string, options: { ownerId: string }): Promise<void>;
  close(): Promise<void>;
}
