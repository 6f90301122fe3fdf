import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { audioEncoderArgs, DEFAULT_ENCODER_SETTINGS, videoEncoderArgs } from '../../media/encoder-settings';
import { runFfmpeg } from '../../media/ffmpeg-runner';
import type { AspectRatio, VideoQuality } from '../../media/frame-size';
import { probeMedia, type MediaProbe } from '../../media/media-probe';
import type { MediaTools } from '../../media/media-tools';
import { createOutputFolder } from '../../media/temp-workspace';
import { extractFrame } from '../../media/video-renderer';
import { ProviderError, toProviderError } from '../provider-error';
import { createProgressTracker, type TaskOptions } from '../provider-task';
import type {
  CandidatesRequest,
  ExtendRequest,
  ImageVideoRequest,
  RenderedVideo,
  TextVideoRequest,
  VideoCandidate,
  VideoProvider,
} from '../video/video-provider';
import {
  clipLengths,
  createVeoClient,
  toVeoImage,
  veoCoveringDuration,
  veoDuration,
  type VeoClient,
  type VeoImage,
  type VeoInstance,
  type VeoSample,
} from './veo-client';
import type { VendorLogger } from './vendor-http';
import { finishVendorVideo } from './vendor-video';
import type { VeoSettings } from '../../config';

export type { VeoSettings };
export { DEFAULT_VEO_GEMINI_MODEL, DEFAULT_VEO_VERTEX_MODEL, veoDuration } from './veo-client';

export interface VeoVideoProviderOptions {
  settings: VeoSettings;
  tools: MediaTools;
  workDir?: string;
  logger?: VendorLogger;
  /** The generations' client, when shared with the storyboard scene footage (made here otherwise). */
  client?: VeoClient;
}

/** A clip with what ffprobe read of it. */
interface ProbedClip {
  path: string;
  probe: MediaProbe;
}

/** The most clips one video is chained from (60 seconds of 8-second clips, and a spare). */
export const MAX_VEO_CLIPS = 9;

/**
 * The clips a video of `requested` seconds is chained from, since one Veo clip lasts 8 seconds at
 * most: the longest clip until the rest fits in one, then the shortest clip that covers the rest
 * (the joined video is cut to the length asked for). `longestOnly` keeps every clip at the longest
 * length, for 1080p, which Veo makes for 8-second clips only.
 */
export function veoClipPlan(model: string, requested: number, longestOnly = false): number[] {
  const allowed = clipLengths(model);
  const longest = allowed.at(-1)!;
  const plan: number[] = [];
  let rest = Math.max(1, requested);
  while (rest > 0.5 && plan.length < MAX_VEO_CLIPS) {
    const clip = longestOnly ? longest : veoCoveringDuration(model, rest);
    plan.push(clip);
    rest -= clip;
  }
  return plan;
}

/** Veo generates video through the Gemini API or Vertex AI, polling its long-running operation. */
export function createVeoVideoProvider(
  options: VeoVideoProviderOptions,
): Omit<VideoProvider, 'fromStoryboard'> {
  const { settings, tools } = options;
  const client =
    options.client ?? createVeoClient({ settings, ...(options.logger ? { logger: options.logger } : {}) });
  const { parameters, generate, downloadSample } = client;
  const vertex = settings.backend === 'vertex';
  const workDir = options.workDir ?? os.tmpdir();

  /** A downloaded sample as a RenderedVideo (a square one cut from the landscape clip). */
  async function finishSample(
    sample: VeoSample,
    outputDir: string,
    seed: number,
    aspect: AspectRatio,
    signal: AbortSignal | undefined,
  ): Promise<RenderedVideo> {
    const raw = path.join(outputDir, 'download.mp4');
    await downloadSample(sample, raw, signal);
    const source =
      aspect === '1:1' ? await joinClips([await probed(raw, signal)], outputDir, { aspect, signal }) : raw;
    return finishVendorVideo(tools, source, outputDir, { seed, signal });
  }

  async function probed(clip: string, signal?: AbortSignal): Promise<ProbedClip> {
    return { path: clip, probe: await probeMedia(tools, clip, { signal }) };
  }

  /**
   * Joins clips into one in the first clip's frame (its middle square for a square video) and frame
   * rate, each clip scaled to cover that frame and cut to it, the whole cut to `seconds`. Sound is
   * kept when every clip has it (Veo 3 makes sound; a silent part would cut it).
   */
  async function joinClips(
    clips: readonly ProbedClip[],
    outputDir: string,
    options: { aspect: AspectRatio | null; seconds?: number; signal?: AbortSignal },
  ): Promise<string> {
    const first = clips[0]!.probe.video;
    const side = Math.min(first?.width ?? 1280, first?.height ?? 720);
    const [width, height] =
      options.aspect === '1:1' ? [side, side] : [first?.width ?? 1280, first?.height ?? 720];
    const fps = Math.round(first?.fps ?? 24);
    const withAudio = clips.every((clip) => clip.probe.audio);
    const audioFit = 'aresample=44100,aformat=channel_layouts=stereo';
    const fit = `scale=${width}:${height}:force_original_aspect_ratio=increase,crop=${width}:${height},setsar=1,fps=${fps}`;
    const inputs = clips.map((_, index) => `[v${index}]${withAudio ? `[a${index}]` : ''}`).join('');
    const graph = [
      ...clips.map((_, index) => `[${index}:v]${fit}[v${index}]`),
      ...(withAudio ? clips.map((_, index) => `[${index}:a]${audioFit}[a${index}]`) : []),
      `${inputs}concat=n=${clips.length}:v=1:a=${withAudio ? 1 : 0}[v]${withAudio ? '[a]' : ''}`,
    ].join(';');
    const joined = path.join(outputDir, `joined-${randomUUID()}.mp4`);
    await runFfmpeg(
      tools,
      [
        ...clips.flatMap((clip) => ['-i', clip.path]),
        '-filter_complex',
        graph,
        '-map',
        '[v]',
        ...(withAudio ? ['-map', '[a]', ...audioEncoderArgs(DEFAULT_ENCODER_SETTINGS)] : []),
        ...videoEncoderArgs(DEFAULT_ENCODER_SETTINGS, fps),
        ...(options.seconds ? ['-t', options.seconds.toFixed(3)] : []),
        '-f',
        'mp4',
        joined,
      ],
      { signal: options.signal, timeoutMs: 10 * 60_000, label: 'veo join' },
    );
    return joined;
  }

  /**
   * Makes a video of `seconds` as a chain of clips (one Veo clip lasts 8 seconds at most): the first
   * from `first`, each further one from the last frame of the one before, with the same prompt; the
   * closing frame, when given, ends the last clip. With `continueFrom` the chain continues that video
   * instead (extension) and the result includes it.
   */
  async function chain(
    request: {
      prompt: string;
      first?: VeoInstance;
      continueFrom?: string;
      closingFrame?: VeoImage;
      seconds: number;
      aspect: AspectRatio;
      quality: VideoQuality;
      seed: number;
    },
    task: TaskOptions,
    failure: string,
  ): Promise<RenderedVideo> {
    const hd = request.quality !== 'standard' && !/^veo-2/.test(settings.model);
    const plan = veoClipPlan(settings.model, request.seconds, hd);
    const progress = createProgressTracker(task.onProgress, { start: 0.5, generate: 8, join: 1.5 });
    progress.report('start', 0, 'scene_generation');
    const outputDir = await createOutputFolder(workDir, 'veo');
    try {
      const clips: string[] = [];
      let previous = request.continueFrom;
      for (const [index, seconds] of plan.entries()) {
        const closing = index === plan.length - 1 && request.closingFrame ? request.closingFrame : undefined;
        const base: VeoInstance =
          index === 0 && request.first
            ? request.first
            : { prompt: request.prompt, image: await lastFrameOf(previous!, outputDir, task.signal) };
        const instance: VeoInstance = closing ? { ...base, lastFrame: closing } : base;
        const samples = await generate(
          instance,
          parameters({ ...request, durationSeconds: seconds }),
          task,
          (fraction) => progress.report('generate', (index + fraction) / plan.length, 'video_generation'),
        );
        const clip = path.join(outputDir, `clip-${index + 1}.mp4`);
        await downloadSample(samples[0]!, clip, task.signal);
        clips.push(clip);
        previous = clip;
      }
      progress.report('join', 0, 'final_combination');
      // An extension keeps the frame of the video it continues; a new video takes its first clip's.
      const parts = await Promise.all(
        (request.continueFrom ? [request.continueFrom, ...clips] : clips).map((clip) =>
          probed(clip, task.signal),
        ),
      );
      const target = (request.continueFrom ? (parts[0]!.probe.durationSeconds ?? 0) : 0) + request.seconds;
      const single =
        parts.length === 1 &&
        request.aspect !== '1:1' &&
        (parts[0]!.probe.durationSeconds ?? 0) <= target + 0.5;
      const source = single
        ? parts[0]!.path
        : await joinClips(parts, outputDir, {
            aspect: request.continueFrom ? null : request.aspect,
            seconds: target,
            signal: task.signal,
          });
      await Promise.all(clips.filter((clip) => clip !== source).map((clip) => fs.rm(clip, { force: true })));
      const video = await finishVendorVideo(tools, source, outputDir, {
        seed: request.seed,
        signal: task.signal,
      });
      progress.report('join', 1, 'final_combination');
      return video;
    } catch (error) {
      await fs.rm(outputDir, { recursive: true, force: true });
      throw toProviderError(error, failure);
    }
  }

  /** The last frame of a clip, as Veo takes an image. */
  async function lastFrameOf(clip: string, outputDir: string, signal?: AbortSignal): Promise<VeoImage> {
    const frame = path.join(outputDir, `last-${randomUUID()}.jpg`);
    await extractFrame(tools, clip, 'last', frame, { signal });
    try {
      return await toVeoImage(await fs.readFile(frame));
    } finally {
      await fs.rm(frame, { force: true });
    }
  }

  return {
    kind: 'veo',
    captionedClips: false,

    fromText(request: TextVideoRequest, task: TaskOptions = {}) {
      return chain(
        {
          ...request,
          first: { prompt: request.prompt },
          seconds: request.durationSeconds,
        },
        task,
        'The video could not be generated.',
      );
    },

    async fromImages(request: ImageVideoRequest, task: TaskOptions = {}) {
      if (request.images.length === 0) throw new ProviderError('invalid_input', 'Add at least one image.');
      const [first, ...rest] = await Promise.all(request.images.map(toVeoImage));
      return chain(
        {
          ...request,
          first: {
            prompt: request.prompt,
            image: first,
            ...(rest.length
              ? {
                  referenceImages: rest
                    .slice(0, 3)
                    .map((image) => ({ image, referenceType: 'asset' as const })),
                }
              : {}),
          },
          closingFrame: request.lastFrame ? await toVeoImage(request.lastFrame) : undefined,
          seconds: request.durationSeconds,
        },
        task,
        'The video could not be generated from the images.',
      );
    },

    async candidates(request: CandidatesRequest, task: TaskOptions = {}): Promise<VideoCandidate[]> {
      const count = request.count ?? 4;
      const progress = createProgressTracker(task.onProgress, { start: 0.5, generate: 8, download: 1.5 });
      progress.report('start', 0, 'scene_generation');
      const refs = [
        ...(await Promise.all((request.subjectRefs ?? []).slice(0, 3).map(toVeoImage))).map((image) => ({
          image,
          referenceType: 'asset' as const,
        })),
        ...(request.styleRef
          ? [{ image: await toVeoImage(request.styleRef), referenceType: 'style' as const }]
          : []),
      ];
      const instance: VeoInstance = {
        prompt: request.prompt,
        ...(refs.length ? { referenceImages: refs } : {}),
      };
      // A candidate is one clip: the studio extends the chosen one afterwards.
      const base = parameters({
        ...request,
        durationSeconds: veoDuration(settings.model, request.durationSeconds),
        quality: 'standard',
      });
      const outputDir = await createOutputFolder(workDir, 'veo-candidates');
      try {
        let samples: { sample: VeoSample; seed: number }[];
        if (vertex) {
          // Vertex makes the variations in one operation.
          const found = await generate(instance, { ...base, sampleCount: count }, task, (fraction) =>
            progress.report('generate', fraction, 'video_generation'),
          );
          samples = found.map((sample) => ({ sample, seed: request.seed }));
        } else {
          // The Gemini API makes one video per operation: one per candidate, each its own seed.
          const fractions = new Array<number>(count).fill(0);
          const runs = await Promise.all(
            Array.from({ length: count }, (_, index) =>
              generate(instance, { ...base, seed: (request.seed + index) >>> 0 }, task, (fraction) => {
                fractions[index] = fraction;
                progress.report('generate', fractions.reduce((a, b) => a + b, 0) / count, 'video_generation');
              }).then((found) => ({ sample: found[0]!, seed: (request.seed + index) >>> 0 })),
            ),
          );
          samples = runs;
        }
        progress.report('download', 0, 'final_combination');
        const videos: VideoCandidate[] = [];
        for (const [index, { sample, seed }] of samples.entries()) {
          const folder = path.join(outputDir, `candidate-${index + 1}`);
          await fs.mkdir(folder);
          const video = await finishSample(sample, folder, seed, request.aspect, task.signal);
          videos.push({ ...video, id: randomUUID() });
          progress.report('download', (index + 1) / samples.length, 'final_combination');
        }
        return videos;
      } catch (error) {
        await fs.rm(outputDir, { recursive: true, force: true });
        throw toProviderError(error, 'The video candidates could not be generated.');
      }
    },

    async extend(request: ExtendRequest, task: TaskOptions = {}) {
      // Continues the clip from its last frame and joins the parts (works with every model and both
      // APIs; Veo's own extension takes only videos still held by the vendor).
      const { video } = await probeMedia(tools, request.videoPath, { signal: task.signal });
      const [width, height] = [video?.width ?? 16, video?.height ?? 9];
      const aspect: AspectRatio = height > width ? '9:16' : height === width ? '1:1' : '16:9';
      return chain(
        {
          prompt: request.prompt,
          continueFrom: request.videoPath,
          seconds: request.additionalSeconds,
          aspect,
          quality: 'standard',
          seed: request.seed,
        },
        task,
        'The video could not be extended.',
      );
    },
  };
}
