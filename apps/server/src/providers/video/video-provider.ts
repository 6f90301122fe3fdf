import type { StoryboardContent } from '@reelcraft/contract';
import type { AspectRatio, VideoQuality } from '../../media/frame-size';
import type { TaskOptions } from '../provider-task';
import type { CloneVoice } from '../speech/speech-provider';

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
  /** What it says, timed to its speech, when known: served as captions.vtt and captions.srt. */
  captions?: CaptionCue[];
  /** The captions are drawn into the picture: a player must not show a captions track over them. */
  captionsInPicture?: boolean;
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
  /** Render only these of the `count` candidates (by id), e.g. the chosen one again; default all. */
  ids?: readonly string[];
  /** False: no caption cards are burned in (the studio's export draws the voiceover's own). */
  captions?: boolean;
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
  /** False: the added part gets no caption card. */
  captions?: boolean;
}

/** Candidate generation may hand each candidate over as soon as it is made (the studio shows them as they arrive). */
export interface CandidatesTaskOptions extends TaskOptions {
  /** Called once per finished candidate, before `candidates` answers; it must not release it. */
  onCandidate?: (candidate: VideoCandidate) => Promise<void>;
}

/** A storyboard to render (issue 31): every flow writes one, and this is what renders it. */
export interface StoryboardVideoRequest {
  storyboard: StoryboardContent;
  /** The storyboard's seed: each scene draws with it mixed with the scene's id. */
  seed: number;
  quality: VideoQuality;
  fps: number;
  /** The bytes of the user's images the scenes show, by their `image_url`. */
  images: Readonly<Record<string, Buffer>>;
  /** The narrator (a clone carries what speaks it); null: no narration is spoken. */
  voice: { voiceId: string; clone?: CloneVoice } | null;
  /**
   * Each scene's cache key (storyboard-scenes.ts `sceneRenderKey`), in the scenes' order. A scene
   * whose clip is in `clipDir` under its key is reused; the others render and are written there.
   */
  sceneKeys: readonly string[];
  /**
   * The folder of the clips, which also holds the footage a vendor filmed for a scene
   * (`footage-<scene id>.mp4`, with `footage-<scene id>.json`: what it was filmed from): the kept
   * footage is used again when it still fits, and new footage is written there as soon as it is
   * filmed, so the caller keeps it even when another scene then fails the render.
   */
  clipDir: string;
}

/** A caption cue of a finished video, in seconds from its start. */
export interface CaptionCue {
  start: number;
  end: number;
  text: string;
}

/** What a storyboard render made of each scene: its clip was reused from the cache or rendered. */
export interface RenderedScene {
  key: string;
  reused: boolean;
  startSeconds: number;
  seconds: number;
}

export interface StoryboardRenderedVideo extends RenderedVideo {
  scenes: RenderedScene[];
  /** The narration as said, one cue per caption phrase. */
  captions: CaptionCue[];
}

/** Makes videos: from text, from images, studio candidates, and longer versions of a clip. */
export interface VideoProvider {
  readonly kind: VideoProviderKind;
  /**
   * Whether candidates and extensions carry caption cards burned in; if so, the same request with
   * `captions: false` renders the same pictures without them (a vendor's clips carry none).
   */
  readonly captionedClips: boolean;
  /**
   * Who films storyboard scenes from their prompts instead of drawing them (`veo:<model>`); unset
   * offline. Every scene's cache key includes it, and drafts write each scene's `visual.prompt`.
   */
  readonly sceneSource?: string;
  /** Renders a storyboard scene by scene, reusing the clips of scenes that did not change. */
  fromStoryboard(request: StoryboardVideoRequest, options?: TaskOptions): Promise<StoryboardRenderedVideo>;
  fromText(request: TextVideoRequest, options?: TaskOptions): Promise<RenderedVideo>;
  fromImages(request: ImageVideoRequest, options?: TaskOptions): Promise<RenderedVideo>;
  candidates(request: CandidatesRequest, options?: CandidatesTaskOptions): Promise<VideoCandidate[]>;
  extend(request: ExtendRequest, options?: TaskOptions): Promise<RenderedVideo>;
}
