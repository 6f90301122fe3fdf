import type { AspectRatio, VideoQuality } from '../../media/frame-size';
import type { TaskOptions } from '../provider-task';

/** Which implementation renders videos; cloud adapters (veo) add their name here. */
export type VideoProviderKind = 'local' | 'veo';

export type ImageVideoMode = 'cinematic' | 'dynamic';

/**
 * Stage names reported while a video is made, in order. They are the image-to-video stages of the
 * contract, so that screen shows them as they are; the text screen shows progress bands instead.
 */
export type VideoStage = 'file_processing' | 'scene_generation' | 'video_generation' | 'final_combination';

/**
 * A finished MP4 (H.264 yuv420p, AAC, index at the front) in a folder of its own. The caller moves
 * the files to storage and then calls `release` to delete the folder.
 */
export interface RenderedVideo {
  path: string;
  contentType: 'video/mp4';
  thumbnailPath: string;
  durationSeconds: number;
  width: number;
  height: number;
  fps: number;
  fileSizeBytes: number;
  /** The seed it was rendered with; null when none applies (lip-sync). */
  seed: number | null;
  release(): Promise<void>;
}

export interface TextVideoRequest {
  prompt: string;
  /** The contract allows 15, 30 or 60; any positive length renders (tests use a few seconds). */
  durationSeconds: number;
  aspect: AspectRatio;
  fps: number;
  quality: VideoQuality;
  seed: number;
  /** Narrator; default: the voice that suits the prompt's category. */
  voiceId?: string;
}

export interface ImageVideoRequest {
  /** The images as uploaded; each is vetted and re-encoded before use. */
  images: readonly Buffer[];
  prompt: string;
  durationSeconds: number;
  aspect: AspectRatio;
  quality: VideoQuality;
  mode: ImageVideoMode;
  fps?: number;
  /** Shown as the closing shot. */
  lastFrame?: Buffer;
  /** Mixed in as narration (probed and limited first). */
  voiceSample?: Buffer;
  seed: number;
}

export interface CandidatesRequest {
  prompt: string;
  durationSeconds: number;
  aspect: AspectRatio;
  fps: number;
  seed: number;
  /** Images of the subject, shown in the clips. */
  subjectRefs?: readonly Buffer[];
  /** An image whose colours the clips take. */
  styleRef?: Buffer;
  /** Default STUDIO_CANDIDATE_COUNT. */
  count?: number;
}

/** One variation for the studio's review step; `path` is what the caller stores as its preview. */
export interface VideoCandidate extends RenderedVideo {
  id: string;
}

export interface ExtendRequest {
  /** A clip this product rendered (a chosen candidate). */
  videoPath: string;
  additionalSeconds: number;
  /** The caption and mood of the added part. */
  prompt: string;
  seed: number;
}

/** Candidate generation may hand each candidate over as soon as it is made (the studio shows them as they arrive). */
export interface CandidatesTaskOptions extends TaskOptions {
  /** Called once per finished candidate, before `candidates` answers; it must not release it. */
  onCandidate?: (candidate: VideoCandidate) => Promise<void>;
}

/** Makes videos: from text, from images, studio candidates, and longer versions of a clip. */
export interface VideoProvider {
  readonly kind: VideoProviderKind;
  fromText(request: TextVideoRequest, options?: TaskOptions): Promise<RenderedVideo>;
  fromImages(request: ImageVideoRequest, options?: TaskOptions): Promise<RenderedVideo>;
  candidates(request: CandidatesRequest, options?: CandidatesTaskOptions): Promise<VideoCandidate[]>;
  extend(request: ExtendRequest, options?: TaskOptions): Promise<RenderedVideo>;
}
