import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { STUDIO_CANDIDATE_COUNT, UPLOAD_MAX_BYTES, type StoryboardContent } from '@reelcraft/contract';
import { DEFAULT_MAX_IMAGE_PIXELS, imageColors, intakeImage } from '../../media/image-intake';
import { runFfmpeg } from '../../media/ffmpeg-runner';
import type { MediaTools } from '../../media/media-tools';
import type { Database } from '../../platform/db/database';
import { HttpError } from '../../platform/http/http-error';
import type { StoryboardRenderedVideo, TaskOptions, VideoProvider } from '../../providers';
import { sceneKeysOf } from '../../providers/video/storyboard-scenes';
import type { RenderContext } from '../generations';
import type { StoryboardRendering, StoryboardRenderInput, StoryboardsService } from '../storyboards';
import type { VideosService } from '../videos';
import type { StudioMedia } from './studio-media';
import {
  candidateIdAt,
  candidateSeed,
  candidateStoryboard,
  candidateStoryboardId,
  extendedStoryboard,
  narratedStoryboard,
  studioFormat,
  type CandidateLook,
} from './studio-storyboard-content';
import { voiceoverPhrases } from './studio-voiceover';
import type { StudioJobRow } from './studio.schema';

/** A storyboard and one of its versions: what a studio clip shows. */
export interface StoryboardVersionRef {
  id: string;
  version: number;
}

/** A candidate as a storyboard: its id among the candidates, and what renders its preview. */
export interface CandidateStoryboard {
  candidateId: string;
  storyboardId: string;
  content: StoryboardContent;
  seed: number;
}

/** A typed voiceover's words and voice, kept on its step for the export. */
export interface VoiceoverNarration {
  text: string;
  voiceId: string;
}

export interface StudioStoryboardsDeps {
  database: Pick<Database, 'transaction'>;
  storyboards: Pick<StoryboardsService, 'draftFor' | 'insertStarted' | 'renderable' | 'save'>;
  rendering: Pick<StoryboardRendering, 'render' | 'delivered'>;
  video: Pick<VideoProvider, 'fromStoryboard'>;
  videos: Pick<VideosService, 'linkStoryboard'>;
  media: StudioMedia;
  tools: MediaTools;
  workDir: string | undefined;
}

const STYLE_LIMITS = { maxBytes: UPLOAD_MAX_BYTES * 2, maxPixels: DEFAULT_MAX_IMAGE_PIXELS };

/**
 * The studio's storyboards (issue 31): each candidate is one of the user's storyboards, written
 * from the studio prompt and rendered by the storyboard renderer; an extension adds scenes to the
 * chosen one; the export narrates it with the voiceover's words and renders it through the
 * storyboards' rendering, so the delivered video opens in the storyboard editor.
 */
export class StudioStoryboards {
  constructor(private readonly deps: StudioStoryboardsDeps) {}

  /**
   * The job's candidates as storyboards, written on the first call (one draft of the prompt, each
   * candidate with its own seed and its own way of showing the references) and read back after.
   */
  async candidates(job: StudioJobRow): Promise<CandidateStoryboard[]> {
    const { storyboards } = this.deps;
    const wanted = Array.from({ length: STUDIO_CANDIDATE_COUNT }, (_, index) => {
      const candidateId = candidateIdAt(index);
      return { index, candidateId, storyboardId: candidateStoryboardId(job.id, candidateId) };
    });
    const found = await Promise.all(
      wanted.map((item) => storyboards.renderable(job.userId, item.storyboardId, 1)),
    );
    if (found.every(Boolean)) {
      return wanted.map((item, index) => ({
        candidateId: item.candidateId,
        storyboardId: item.storyboardId,
        content: found[index]!.content,
        seed: found[index]!.seed,
      }));
    }
    const draft = await storyboards.draftFor({
      prompt: job.prompt,
      durationSeconds: job.durationSeconds,
      aspect: job.aspect as StoryboardContent['aspect_ratio'],
      seed: job.seed,
      voiceId: null,
    });
    const tint = await this.styleTint(job);
    const made = wanted.map((item, index) => ({
      candidateId: item.candidateId,
      storyboardId: item.storyboardId,
      content:
        found[index]?.content ??
        candidateStoryboard(draft, job.durationSeconds, this.look(job, item.index, tint)),
      seed: found[index]?.seed ?? candidateSeed(job.seed, item.index),
    }));
    await this.deps.database.transaction(async (tx) => {
      for (const [index, candidate] of made.entries()) {
        if (found[index]) continue;
        await storyboards.insertStarted(tx.orm, {
          id: candidate.storyboardId,
          userId: job.userId,
          prompt: job.prompt,
          content: candidate.content,
          seed: candidate.seed,
        });
      }
    });
    return made;
  }

  /**
   * Which storyboard version a clip of the job shows: a candidate's first version, or the version
   * an extension saved. Null for clips made otherwise (a vendor's candidates, jobs from before).
   */
  async clipStoryboard(
    job: StudioJobRow,
    clipUri: string,
    made: {
      candidates: readonly { id: string; uri: string }[];
      extensions: readonly { outputUri: string | null; storyboard?: StoryboardVersionRef }[];
    },
  ): Promise<StoryboardVersionRef | null> {
    const candidate = made.candidates.find((row) => row.uri === clipUri);
    const ref = candidate
      ? { id: candidateStoryboardId(job.id, candidate.id), version: 1 }
      : (made.extensions.find((step) => step.outputUri === clipUri)?.storyboard ?? null);
    if (!ref) return null;
    return (await this.deps.storyboards.renderable(job.userId, ref.id, ref.version)) ? ref : null;
  }

  /** The silent preview of a storyboard (a candidate, an extension), rendered without the clip cache. */
  async preview(
    job: StudioJobRow,
    storyboard: { content: StoryboardContent; seed: number },
    task: TaskOptions,
  ): Promise<StoryboardRenderedVideo> {
    const format = studioFormat(job);
    const clipDir = await fs.mkdtemp(path.join(this.deps.workDir ?? os.tmpdir(), 'studio-clips-'));
    try {
      return await this.deps.video.fromStoryboard(
        {
          storyboard: storyboard.content,
          seed: storyboard.seed,
          ...format,
          images: await this.images(storyboard.content),
          voice: null,
          sceneKeys: sceneKeysOf(storyboard.content, storyboard.seed, format),
          clipDir,
        },
        task,
      );
    } finally {
      await fs.rm(clipDir, { recursive: true, force: true });
    }
  }

  /**
   * Saves the chosen storyboard with an extension's scenes after its own as the newest version;
   * answers it and its content. Throws the storyboard's limits as a reason for the user.
   */
  async extend(
    job: StudioJobRow,
    chosen: StoryboardVersionRef,
    extension: { additionalSeconds: number; prompt: string },
  ): Promise<StoryboardVersionRef> {
    const base = await this.read(job, chosen);
    const addition = await this.deps.storyboards.draftFor({
      prompt: extension.prompt,
      durationSeconds: extension.additionalSeconds,
      aspect: base.content.aspect_ratio,
      seed: job.seed,
      voiceId: null,
    });
    const index = Math.max(0, base.candidateIndex);
    const content = extendedStoryboard(
      base.content,
      addition,
      extension.additionalSeconds,
      this.look(job, index, await this.styleTint(job)),
    );
    return this.saveAsNewest(job, chosen.id, content);
  }

  /**
   * The chosen storyboard narrated with a typed voiceover, saved as the newest version; null when
   * its words cannot be a storyboard's narration (the export then burns its captions in instead).
   */
  async narrate(
    job: StudioJobRow,
    chosen: StoryboardVersionRef,
    narration: VoiceoverNarration,
  ): Promise<StoryboardVersionRef | null> {
    const phrases = voiceoverPhrases(narration.text);
    if (!phrases) return null;
    const base = await this.read(job, chosen);
    const content = narratedStoryboard(base.content, phrases, narration.voiceId);
    if (!content) return null;
    try {
      return await this.saveAsNewest(job, chosen.id, content);
    } catch (error) {
      // A storyboard's rules refuse it (a voice no longer usable): captions burned in, as before.
      if (error instanceof HttpError && error.statusCode === 422) return null;
      throw error;
    }
  }

  /** A storyboard version of the job, with the seed its scenes draw with. */
  async load(
    job: StudioJobRow,
    ref: StoryboardVersionRef,
  ): Promise<{ content: StoryboardContent; seed: number }> {
    const { content, seed } = await this.read(job, ref);
    return { content, seed };
  }

  /**
   * Renders a version through the storyboards' rendering (its scene clips cached for the editor's
   * re-renders); answers the render and the input it was made from, for `delivered`.
   */
  async render(
    job: StudioJobRow,
    ref: StoryboardVersionRef,
    context: RenderContext,
  ): Promise<{ input: StoryboardRenderInput; rendered: StoryboardRenderedVideo }> {
    const { content, seed, renderedSceneKeys } = await this.read(job, ref);
    const input: StoryboardRenderInput = {
      userId: job.userId,
      storyboardId: ref.id,
      version: ref.version,
      content,
      seed,
      previousKeys: renderedSceneKeys,
      format: studioFormat(job) as StoryboardRenderInput['format'],
    };
    return { input, rendered: await this.deps.rendering.render(input, context) };
  }

  /** The delivered video is the storyboard's render: linked to it, and its clips recorded. */
  async delivered(
    videoId: string,
    input: StoryboardRenderInput,
    rendered: StoryboardRenderedVideo,
  ): Promise<void> {
    await this.deps.videos.linkStoryboard(videoId, input.storyboardId, input.version);
    await this.deps.rendering.delivered(input, videoId, rendered);
  }

  /**
   * A rendered video apart: its pictures without sound (`video.mp4`) and its soundtrack as a WAV,
   * in `dir`. The lip-sync lays that sound on those pictures.
   */
  async soundApart(
    videoPath: string,
    dir: string,
    signal: AbortSignal,
  ): Promise<{ videoPath: string; audio: Buffer }> {
    const pictures = path.join(dir, 'pictures.mp4');
    const sound = path.join(dir, 'soundtrack.wav');
    await runFfmpeg(this.deps.tools, soundApartArgs(videoPath, pictures, sound), {
      signal,
      label: 'studio-sound-apart',
    });
    return { videoPath: pictures, audio: await fs.readFile(sound) };
  }

  private async read(job: StudioJobRow, ref: StoryboardVersionRef) {
    const found = await this.deps.storyboards.renderable(job.userId, ref.id, ref.version);
    if (!found) throw new Error(`The studio storyboard ${ref.id} v${ref.version} is gone`);
    const candidateIndex = Array.from({ length: STUDIO_CANDIDATE_COUNT }, (_, index) =>
      candidateStoryboardId(job.id, candidateIdAt(index)),
    ).indexOf(ref.id);
    return { ...found, candidateIndex };
  }

  private async saveAsNewest(
    job: StudioJobRow,
    id: string,
    content: StoryboardContent,
  ): Promise<StoryboardVersionRef> {
    const current = await this.deps.storyboards.renderable(job.userId, id);
    if (!current) throw new Error(`The studio storyboard ${id} is gone`);
    const saved = await this.deps.storyboards.save(job.userId, id, { ...content, version: current.version });
    return { id, version: saved.version };
  }

  private look(job: StudioJobRow, index: number, tint: string | null): CandidateLook {
    return { index, subjectUris: job.subjectRefs, tint };
  }

  /** The style reference's dominant colour; null without one. */
  private async styleTint(job: StudioJobRow): Promise<string | null> {
    if (!job.styleRef) return null;
    const style = await intakeImage(await this.deps.media.read(job.styleRef), STYLE_LIMITS, {
      maxLongSide: 256,
    });
    return (await imageColors(style)).dominant;
  }

  /** The bytes of the user's images the storyboard shows, by their address. */
  private async images(content: StoryboardContent): Promise<Record<string, Buffer>> {
    const uris = new Set(
      content.scenes.flatMap((scene) =>
        scene.visual.subjects.flatMap((subject) => (subject.kind === 'image' ? [subject.image_url] : [])),
      ),
    );
    const images: Record<string, Buffer> = {};
    for (const uri of uris) images[uri] = await this.deps.media.read(uri);
    return images;
  }
}

/** ffmpeg's arguments that copy a video's pictures without sound and decode its sound to a WAV. Pure. */
export function soundApartArgs(videoPath: string, picturesPath: string, soundPath: string): string[] {
  return [
    '-i',
    videoPath,
    '-map',
    '0:v:0',
    '-c:v',
    'copy',
    '-an',
    '-f',
    'mp4',
    picturesPath,
    '-map',
    '0:a:0',
    '-vn',
    '-c:a',
    'pcm_s16le',
    '-ar',
    '44100',
    '-ac',
    '2',
    '-f',
    'wav',
    soundPath,
  ];
}
