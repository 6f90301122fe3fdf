import type { TaskOptions } from '../provider-task';
import type { RenderedVideo } from '../video/video-provider';

/** Which implementation syncs speech to a clip; the `sync` adapter adds its name here. */
export type LipSyncProviderKind = 'local' | 'sync';

/** A phrase of the voiceover and when it is said, in seconds from the voiceover's start. */
export interface VoiceoverCaption {
  text: string;
  start: number;
  end: number;
  /** When each of its words is said: the card highlights the word being said. */
  words: { start: number; end: number }[];
}

export interface LipSyncRequest {
  /** A clip this product rendered. */
  videoPath: string;
  /** The voiceover (synthesised or recorded); probed and limited before use. */
  audio: Buffer;
  /** The vendor model (DEFAULT_LIPSYNC_MODEL); the local provider records it and ignores it. */
  model?: string;
  /**
   * The voiceover's words, burned in as caption cards while they are said; none: no captions (a
   * recording, whose words are not known). The sync adapter does not draw them yet.
   */
  captions?: readonly VoiceoverCaption[];
}

export interface LipSyncProvider {
  readonly kind: LipSyncProviderKind;
  apply(request: LipSyncRequest, options?: TaskOptions): Promise<RenderedVideo>;
}
