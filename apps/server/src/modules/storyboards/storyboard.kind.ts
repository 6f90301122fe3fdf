import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import {
  IMAGE_VIDEO_QUALITIES,
  storyboardContentSchema,
  storyboardMessages,
  textToVideoProgressLabel,
  type StoryboardContent,
} from '@reelcraft/contract';
import { runAudioTask } from '../../media/audio-work';
import { readObject, type ObjectStorage } from '../../platform/storage';
import type { LipSyncProvider, RenderedVideo, StoryboardRenderedVideo, VideoProvider } from '../../providers';
import {
  footageFiles,
  sceneKeysOf,
  STORYBOARD_FORMAT,
  type SceneFormat,
} from '../../providers/video/storyboard-scenes';
import { defineGenerationKind, readRenderInput, type RenderContext } from '../generations';
import type { VoicesService } from '../voices';
import type { StoryboardsRepository } from './storyboards.repository';

export const storyboardRenderInputSchema = z.object({
  userId: z.string(),
  storyboardId: z.string(),
  version: z.number().int(),
  /** The version's content as it was when the render started (later saves do not change it). */
  content: storyboardContentSchema,
  seed: z.number().int(),
  /** The clip keys of the render before, whose clips are dropped once this one is delivered. */
  previousKeys: z.array(z.string()),
  /** The picture's quality and rate, when not the text screen's (image videos choose theirs). */
  format: z
    .object({ quality: z.enum(IMAGE_VIDEO_QUALITIES), fps: z.number().int().min(1).max(60) })
    .optional(),
});
export type StoryboardRenderInput = z.infer<typeof storyboardRenderInputSchema>;

/** Where a storyboard keeps its scenes' clips in storage: its own folder, so it can be cleared. */
const clipKey = (userId: string, storyboardId: string, file: string) =>
  `scene-clips/${userId}/${storyboardId}/${file}`;
const CLIP_PARTS = ['mp4', 'wav', 'json'] as const;
const exists = (file: string) =>
  fs.access(file).then(
    () => true,
    () => false,
  );

/** A rendered storyboard and the bytes its clips keep in storage. */
type RenderedStoryboard = StoryboardRenderedVideo & { clipBytes?: number };

export interface StoryboardKindDeps {
  video: Pick<VideoProvider, 'fromStoryboard' | 'sceneSource'>;
  storage: Pick<ObjectStorage, 'get' | 'put' | 'exists' | 'stat' | 'delete' | 'keyFromUri'>;
  voices: Pick<VoicesService, 'speakerFor'>;
  repository: Pick<StoryboardsRepository, 'recordRendered'>;
  workDir?: string;
  /**
   * A lip-sync vendor re-syncs the mouths of storyboards with speaking scenes (the avatar
   * presenter) over the joined video; the local provider adds nothing to the drawn mouths.
   */
  lipSync?: Pick<LipSyncProvider, 'kind' | 'apply'>;
}

/** Options of one render. */
export interface StoryboardRenderOptions {
  /** What the user reads when an image the storyboard shows was deleted (default: imageGone). */
  imageGone?: string;
}

/** Whether a scene of the storyboard is a portrait speaking to the camera. */
const speaks = (content: StoryboardContent) =>
  content.scenes.some((scene) => scene.visual.action === 'speak');

/**
 * Renders a storyboard version (issue 31): the scenes' clips kept from earlier renders are fetched
 * from storage, the provider renders the rest, and the new clips are stored for the next render.
 * The storyboard kind renders with it, and so do the kinds whose flows write a storyboard first
 * (image to video).
 */
export function storyboardRendering(deps: StoryboardKindDeps) {
  /** Every scene's clip key, in the format asked, with who films the scenes (a vendor, or none). */
  const sceneKeys = (content: StoryboardContent, seed: number, format?: SceneFormat) =>
    sceneKeysOf(content, seed, format ?? STORYBOARD_FORMAT, deps.video.sceneSource);
  return {
    sceneKeys,
    async render(
      input: StoryboardRenderInput,
      context: RenderContext,
      options: StoryboardRenderOptions = {},
    ): Promise<RenderedStoryboard> {
      const format = input.format ?? STORYBOARD_FORMAT;
      const lipSync =
        deps.lipSync && deps.lipSync.kind !== 'local' && speaks(input.content) ? deps.lipSync : null;
      // With a lip-sync vendor, the storyboard's render is the first half of the progress bar.
      const share = lipSync ? 0.5 : 1;
      const keys = sceneKeys(input.content, input.seed, format);
      const clipDir = await fs.mkdtemp(path.join(deps.workDir ?? os.tmpdir(), 'clips-'));
      // The footage the render process finds in the clip folder, as it was before the render.
      let keptFootage = new Map<string, string>();
      try {
        await Promise.all([...new Set(keys)].map((key) => fetchClip(input, key, clipDir)));
        keptFootage = await fetchFootage(input, keys, clipDir);
        const images: Record<string, Buffer> = {};
        for (const scene of input.content.scenes)
          for (const subject of scene.visual.subjects) {
            if (subject.kind !== 'image' || images[subject.image_url]) continue;
            // A deleted image (an avatar's portrait, an upload) fails the video with a reason.
            images[subject.image_url] = await readRenderInput(
              deps.storage,
              { uri: subject.image_url },
              options.imageGone ?? storyboardMessages.imageGone,
            );
          }
        const voiceId = input.content.voice_id;
        const rendered = await deps.video.fromStoryboard(
          {
            storyboard: input.content,
            seed: input.seed,
            ...format,
            images,
            voice: voiceId ? await deps.voices.speakerFor(input.userId, voiceId) : null,
            sceneKeys: keys,
            clipDir,
          },
          {
            signal: context.signal,
            onProgress: (report) => context.onProgress({ ...report, progress: report.progress * share }),
          },
        );
        await keepNewFootage(input, clipDir, keptFootage);
        await Promise.all(
          rendered.scenes
            .filter((scene) => !scene.reused)
            .flatMap((scene) =>
              CLIP_PARTS.map(async (part) =>
                deps.storage.put(
                  clipKey(input.userId, input.storyboardId, `${scene.key}.${part}`),
                  await fs.readFile(path.join(clipDir, `${scene.key}.${part}`)),
                  {
                    contentType:
                      part === 'mp4' ? 'video/mp4' : part === 'wav' ? 'audio/wav' : 'application/json',
                  },
                ),
              ),
            ),
        );
        // What the clips of this render keep in storage: every scene's, kept or new (a clip the
        // provider did not leave is simply not counted; the next render makes it again).
        const sizes = await Promise.all(
          [...new Set(keys)].flatMap((key) =>
            CLIP_PARTS.map(async (part) =>
              fs.stat(path.join(clipDir, `${key}.${part}`)).then(
                (stat) => stat.size,
                () => 0,
              ),
            ),
          ),
        );
        // And the footage a vendor filmed for the scenes, kept beside their clips.
        const footage = await Promise.all(
          input.content.scenes.map((scene) =>
            deps.storage.stat(clipKey(input.userId, input.storyboardId, footageFiles(scene.id).video)).then(
              (info) => info.size,
              () => 0,
            ),
          ),
        );
        const clipBytes = [...sizes, ...footage].reduce((sum, size) => sum + size, 0);
        if (!lipSync) return { ...rendered, clipBytes };
        return { ...(await lipSynced(rendered, keys, clipDir, lipSync, context)), clipBytes };
      } catch (error) {
        // Footage filmed before the failure is kept (it was paid for): the retry films only the rest.
        await keepNewFootage(input, clipDir, keptFootage).catch(() => undefined);
        throw error;
      } finally {
        await fs.rm(clipDir, { recursive: true, force: true });
      }
    },
    async delivered(input: StoryboardRenderInput, videoId: string, rendered: RenderedVideo): Promise<void> {
      const { clipBytes } = rendered as RenderedStoryboard;
      const keys = sceneKeys(input.content, input.seed, input.format);
      await deps.repository.recordRendered(input.storyboardId, {
        videoId,
        version: input.version,
        sceneKeys: keys,
        clipBytes: clipBytes ?? 0,
        format: input.format ?? null,
      });
      // The clips of scenes that are gone or changed are not needed again.
      const kept = new Set(keys);
      await Promise.all(
        input.previousKeys
          .filter((key) => !kept.has(key))
          .flatMap((key) =>
            CLIP_PARTS.map((part) =>
              deps.storage.delete(clipKey(input.userId, input.storyboardId, `${key}.${part}`)),
            ),
          ),
      );
    },
  };

  /**
   * The joined video with its mouths synced by the vendor to the narration (every scene's speech,
   * one after another, without the music): one vendor call for the whole video, since the
   * vendor keeps a face consistent over one take and bills each call's start (decision 035).
   */
  async function lipSynced(
    rendered: StoryboardRenderedVideo,
    keys: readonly string[],
    clipDir: string,
    lipSync: Pick<LipSyncProvider, 'apply'>,
    context: RenderContext,
  ): Promise<StoryboardRenderedVideo> {
    try {
      const speech = await Promise.all(
        keys.map((key) => runAudioTask('readWav', path.join(clipDir, `${key}.wav`))),
      );
      const sampleRate = speech[0]?.sampleRate ?? 44_100;
      const length = speech.reduce((sum, pcm) => sum + (pcm.channels[0]?.length ?? 0), 0);
      const voice = new Float32Array(length);
      let at = 0;
      for (const pcm of speech) {
        const channel = pcm.channels[0] ?? new Float32Array(0);
        voice.set(channel, at);
        at += channel.length;
      }
      const narration = path.join(clipDir, 'narration.wav');
      await runAudioTask('writeWav', { path: narration, audio: { sampleRate, channels: [voice] } });
      const synced = await lipSync.apply(
        { videoPath: rendered.path, audio: await fs.readFile(narration) },
        {
          signal: context.signal,
          onProgress: (report) =>
            context.onProgress({ progress: 0.5 + report.progress * 0.5, stage: 'final_combination' }),
        },
      );
      return {
        ...synced,
        seed: rendered.seed,
        scenes: rendered.scenes,
        captions: rendered.captions,
        ...(rendered.captionsInPicture ? { captionsInPicture: true } : {}),
      };
    } finally {
      await rendered.release();
    }
  }

  /**
   * Copies the kept footage of the scenes that render (their clip is not in the folder) into the
   * clip folder, where the renderer looks for it; answers what each slot said, by scene id.
   */
  async function fetchFootage(
    input: StoryboardRenderInput,
    keys: readonly string[],
    clipDir: string,
  ): Promise<Map<string, string>> {
    const kept = new Map<string, string>();
    await Promise.all(
      input.content.scenes.map(async (scene, index) => {
        if (await exists(path.join(clipDir, `${keys[index]}.mp4`))) return;
        const names = footageFiles(scene.id);
        const [label, video] = [names.label, names.video].map((name) =>
          clipKey(input.userId, input.storyboardId, name),
        );
        if (!(await deps.storage.exists(label!)) || !(await deps.storage.exists(video!))) return;
        await fs.writeFile(path.join(clipDir, names.video), await readObject(deps.storage, video!));
        const text = (await readObject(deps.storage, label!)).toString('utf8');
        await fs.writeFile(path.join(clipDir, names.label), text);
        kept.set(scene.id, text);
      }),
    );
    return kept;
  }

  /** Stores the footage the render filmed (a slot whose label changed), replacing the old. */
  async function keepNewFootage(
    input: StoryboardRenderInput,
    clipDir: string,
    kept: ReadonlyMap<string, string>,
  ): Promise<void> {
    await Promise.all(
      input.content.scenes.map(async (scene) => {
        const names = footageFiles(scene.id);
        const label = await fs.readFile(path.join(clipDir, names.label), 'utf8').catch(() => null);
        if (label === null || label === kept.get(scene.id)) return;
        await deps.storage.put(
          clipKey(input.userId, input.storyboardId, names.video),
          await fs.readFile(path.join(clipDir, names.video)),
          { contentType: 'video/mp4' },
        );
        await deps.storage.put(clipKey(input.userId, input.storyboardId, names.label), Buffer.from(label), {
          contentType: 'application/json',
        });
      }),
    );
  }

  /** Copies a scene's stored clip into the render's folder, when storage has all of it. */
  async function fetchClip(input: StoryboardRenderInput, key: string, clipDir: string): Promise<void> {
    const stored = CLIP_PARTS.map((part) => clipKey(input.userId, input.storyboardId, `${key}.${part}`));
    const present = await Promise.all(stored.map((file) => deps.storage.exists(file)));
    if (present.includes(false)) return;
    await Promise.all(
      stored.map(async (file, index) =>
        fs.writeFile(path.join(clipDir, `${key}.${CLIP_PARTS[index]}`), await readObject(deps.storage, file)),
      ),
    );
  }
}

export type StoryboardRendering = ReturnType<typeof storyboardRendering>;

/** A storyboard rendered from its editor, or written from a prompt and rendered at once (text videos). */
export function storyboardKind(rendering: StoryboardRendering) {
  return defineGenerationKind({
    name: 'storyboard',
    projectType: 'text-to-video',
    input: storyboardRenderInputSchema,
    // The text screen's progress bands (spec 001 section 4): text videos are storyboards.
    message: (step) => (step.status === 'failed' ? step.error : textToVideoProgressLabel(step.progress)),
    render: (input, context) => rendering.render(input, context),
    delivered: (input, videoId, rendered) => rendering.delivered(input, videoId, rendered),
  });
}

export type StoryboardKind = ReturnType<typeof storyboardKind>;
