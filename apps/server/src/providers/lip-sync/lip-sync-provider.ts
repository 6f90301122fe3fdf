import type { TaskOptions } from '../provider-task';
import type { RenderedVideo } from '../video/video-provider';

/** Which implementation syncs speech to a clip; the `sync` adapter adds its name here. */
export type LipSyncProviderKind = 'local' | 'sync';

export interface LipSyncRequest {
  /** A clip this product rendered. */
  videoPath: string;
  /** The voiceover (synthesised or recorded); probed and limited before use. */
  audio: Buffer;
  /** The vendor model (DEFAULT_LIPSYNC_MODEL); the local provider records it and ignores it. */
  model?: string;
}

export interface LipSyncProvider {
  readonly kind: LipSyncProviderKind;
  apply(request: LipSyncRequest, options?: TaskOptions): Promise<RenderedVideo>;
}
