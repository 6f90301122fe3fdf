import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { STUDIO_CANDIDATE_COUNT, UPLOAD_MAX_BYTES } from '@reelcraft/contract';
import { sharp } from '../../media/sharp';
import { decodeOwnAudio, intakeAudio } from '../../media/audio-intake';
import { runAudioTask } from '../../media/audio-work';
import { createLimiter } from '../../media/concurrency-limit';
import { DEFAULT_ENCODER_SETTINGS, type EncoderSettings } from '../../media/encoder-settings';
import type { CaptionFonts } from '../../media/font-files';
import { frameSize, type AspectRatio, type VideoQuality } from '../../media/frame-size';
import {
  DEFAULT_MAX_IMAGE_PIXELS,
  imageColors,
  intakeImage,
  type VettedImage,
} from '../../media/image-intake';
import { MediaError } from '../../media/media-error';
import { probeMedia } from '../../media/media-probe';
import type { MediaTools } from '../../media/media-tools';
import type { RenderPlan, Shot } from '../../media/render-plan';
import { createOutputFolder, createTempWorkspace, type TempWorkspace } from '../../media/temp-workspace';
import { extractFrame, renderVideo } from '../../media/video-renderer';
import { pcmDuration, type PcmAudio } from '../../media/wav';
import { ProviderError, toProviderError } from '../provider-error';
import { createProgressTracker, type TaskOptions } from '../provider-task';
import type { SpeechProvider } from '../speech/speech-provider';
import { CATEGORY_LOOKS } from './category-looks';
import { paletteFromColor, shiftPalette } from './palette';
import { drawShotsInBackground, readPromptInBackground } from '../story-work';
import type { TextProvider } from '../text/text-provider';
import { voicedSpan } from '../../media/word-timing';
import { createStoryboardRenderer, firstFootage, type SceneFootage } from './storyboard-renderer';
import { createTalkingPortraitFootage } from './talking-portrait-footage';
import {
  placeNarration,
  planImageVideo,
  planTextVideo,
  promptPhrases,
  type StoryPlan,
} from './scene-planner';
import type {
  CandidatesRequest,
  CandidatesTaskOptions,
  ExtendRequest,
  ImageVideoRequest,
  RenderedVideo,
  TextVideoRequest,
  VideoCandidate,
  VideoProvider,
  VideoStage,
} from './video-provider';

export interface LocalVideoOptions {
  tools: MediaTools;
  /** Speaks the narration of text videos. */
  speech: SpeechProvider;
  fonts: CaptionFonts | null;
  /** Temporary files and results go under this folder (default: the OS temp folder). */
  workDir?: string;
  /** Stop a render that runs longer than this (default 10 minutes). */
  renderTimeoutMs?: number;
  /** Renders at once for candidates; default: one per core, at most the candidate count. */
  maxParallelRenders?: number;
  encoder?: Partial<EncoderSettings>;
  /** Benchmark: record ffmpeg's peak memory and CPU time on the results. */
  trackResources?: boolean;
  /** Writes text videos' narration (the text provider); default: the offline writer. */
  narrationWriter?: Pick<TextProvider, 'writeNarration'>;
  /**
   * Films the storyboard scenes it can (a vendor's clips); the others are drawn. Speaking scenes
   * are always filmed as talking portraits, before this source is asked.
   */
  footage?: SceneFootage;
}

/** A rendered video with the benchmark's extra facts (the ffmpeg run's time, memory and CPU). */
export interface LocalRenderedVideo extends RenderedVideo {
  renderMs: number;
  peakRssBytes?: number;
  cpuSeconds?: number;
}

const AUDIO_RATE = 44_100;
const MAX_DURATION_SECONDS = 120;
const MAX_FPS = 60;
const IMAGE_LIMITS = { maxBytes: UPLOAD_MAX_BYTES * 2, maxPixels: DEFAULT_MAX_IMAGE_PIXELS };
const VOICE_SAMPLE_LIMITS = { maxBytes: UPLOAD_MAX_BYTES, maxSeconds: 600 };
const STAGES: Record<VideoStage, number> = {
  file_processing: 1,
  scene_generation: 2,
  video_generation: 12,
  final_combination: 1,
};

function checkCommon(durationSeconds: number, fps: number): void {
  if (!(durationSeconds > 0) || durationSeconds > MAX_DURATION_SECONDS) {
    throw new ProviderError(
      'invalid_input',
      `The duration must be between 1 and ${MAX_DURATION_SECONDS} seconds.`,
    );
  }
  if (!Number.isInteger(fps) || fps < 1 || fps > MAX_FPS) {
    throw new ProviderError('invalid_input', 'The frame rate must be a whole number from 1 to 60.');
  }
}

/** Speech from any speech provider as PCM (the local one answers WAV; others may send MP3). */
async function speechToPcm(
  tools: MediaTools,
  audio: Buffer,
  contentType: string,
  workDir: string | undefined,
  signal?: AbortSignal,
) {
  if (contentType === 'audio/wav') return runAudioTask('decodeWav', audio);
  return intakeAudio(tools, audio, VOICE_SAMPLE_LIMITS, {
    sampleRate: AUDIO_RATE,
    channels: 1,
    workDir,
    signal,
  });
}

/** The local provider's renders also tell how long ffmpeg took (the benchmark reads it). */
export interface LocalVideoProvider extends VideoProvider {
  fromText(request: TextVideoRequest, options?: TaskOptions): Promise<LocalRenderedVideo>;
  fromImages(request: ImageVideoRequest, options?: TaskOptions): Promise<LocalRenderedVideo>;
}

/**
 * The offline renderer: plans scenes from the prompt or images and renders them with one ffmpeg run
 * each (see media/render-graph.ts); narration comes from the speech provider, music is synthesised.
 */

/** What a failed call says when nothing more precise is known (the render process says it too). */
export const LOCAL_VIDEO_FAILURES = {
  render: 'The video could not be rendered.',
  candidates: 'The candidates could not be rendered.',
  extend: 'The video could not be extended.',
} as const;

const candidateId = (index: number) => `candidate-${index + 1}`;

/** The same story without its caption cards (the pictures and timing unchanged). */
const withoutCaptions = (plan: StoryPlan): StoryPlan => ({
  ...plan,
  scenes: plan.scenes.map((scene) => ({ ...scene, captions: [] })),
});

export function createLocalVideoProvider(options: LocalVideoOptions): LocalVideoProvider {
  const { tools } = options;
  const encoder: EncoderSettings = { ...DEFAULT_ENCODER_SETTINGS, ...options.encoder };
  const cores = Math.max(1, os.availableParallelism());
  const workDir = options.workDir;

  /** Vets the user's images, shrunk on decode to what a still of `size` needs. */
  async function vetImages(
    images: readonly Buffer[],
    size: { width: number; height: number },
  ): Promise<VettedImage[]> {
    const maxLongSide = Math.max(size.width, size.height);
    try {
      return await Promise.all(images.map((image) => intakeImage(image, IMAGE_LIMITS, { maxLongSide })));
    } catch (error) {
      throw toProviderError(error, 'An image could not be read.');
    }
  }

  const musicOf = (plan: StoryPlan) => ({ mood: plan.music, seed: plan.musicSeed, peak: 0.42 });

  async function render(
    plan: StoryPlan,
    size: { width: number; height: number },
    shots: Shot[],
    audioPath: string,
    extra: {
      seed: number;
      fadeInFrames: number;
      fadeOutFrames: number;
      threads?: number;
      leadIn?: RenderPlan['leadIn'];
    },
    task: TaskOptions,
    report: (stage: VideoStage, fraction: number) => void,
  ): Promise<LocalRenderedVideo> {
    const output = await createOutputFolder(workDir ?? os.tmpdir(), 'video');
    const release = () => fs.rm(output, { recursive: true, force: true });
    try {
      const firstCaption = plan.scenes[0]?.captions[0];
      const leadInFrames = extra.leadIn?.frames ?? 0;
      const result = await renderVideo(
        tools,
        {
          width: size.width,
          height: size.height,
          fps: plan.fps,
          shots,
          ...(extra.leadIn ? { leadIn: extra.leadIn } : {}),
          audioPath,
          fadeInFrames: extra.fadeInFrames,
          fadeOutFrames: extra.fadeOutFrames,
          encoder: extra.threads !== undefined ? { ...encoder, threads: extra.threads } : encoder,
          outputPath: path.join(output, 'video.mp4'),
        },
        {
          signal: task.signal,
          timeoutMs: options.renderTimeoutMs ?? 10 * 60_000,
          thumbnailPath: path.join(output, 'thumbnail.jpg'),
          // The title caption fully on screen makes the best thumbnail.
          thumbnailAtSeconds: firstCaption
            ? (leadInFrames + (firstCaption.startFrame + firstCaption.endFrame) / 2) / plan.fps
            : undefined,
          trackResources: options.trackResources,
          onProgress: (fraction) => report('video_generation', fraction),
        },
      );
      report('final_combination', 1);
      return {
        path: result.videoPath,
        contentType: 'video/mp4',
        thumbnailPath: result.thumbnailPath,
        durationSeconds: result.durationSeconds,
        width: result.width,
        height: result.height,
        fps: result.fps,
        fileSizeBytes: result.fileSizeBytes,
        seed: extra.seed,
        renderMs: result.renderMs,
        ...(result.peakRssBytes !== undefined ? { peakRssBytes: result.peakRssBytes } : {}),
        ...(result.cpuSeconds !== undefined ? { cpuSeconds: result.cpuSeconds } : {}),
        release,
      };
    } catch (error) {
      await release();
      throw error;
    }
  }

  async function withWorkspace<T>(
    work: (workspace: TempWorkspace) => Promise<T>,
    fallback: string,
  ): Promise<T> {
    const workspace = await createTempWorkspace(workDir, 'render-');
    try {
      return await work(workspace);
    } catch (error) {
      throw toProviderError(error, fallback);
    } finally {
      await workspace.remove();
    }
  }

  /**
   * The plan's narration lines spoken one by one; the captions are re-timed to the speech (each
   * line's voiced span, its words spread by syllables) and each line is placed where it starts.
   */
  async function narrate(
    plan: StoryPlan,
    voiceId: string,
    signal?: AbortSignal,
  ): Promise<{ plan: StoryPlan; lines: [PcmAudio, number][] }> {
    if (plan.narrationLines.length === 0) return { plan, lines: [] };
    const spoken = await options.speech.synthesizeLines({ lines: plan.narrationLines, voiceId }, { signal });
    const audio = await Promise.all(
      spoken.map((speech) => speechToPcm(tools, speech.audio, speech.contentType, workDir, signal)),
    );
    const timing = audio.map((pcm) => {
      const span = voicedSpan(pcm);
      return { seconds: pcmDuration(pcm), voicedStart: span.start, voicedEnd: span.end };
    });
    const placed = placeNarration(plan, timing);
    return {
      plan: placed.plan,
      lines: placed.starts.map((at, index): [PcmAudio, number] => [audio[index] as PcmAudio, at]),
    };
  }

  async function renderStory(
    plan: StoryPlan,
    request: { aspect: AspectRatio; quality: VideoQuality; seed: number },
    images: readonly VettedImage[] | Promise<readonly VettedImage[]>,
    voice: { sample: PcmAudio | null | Promise<PcmAudio | null>; narratorId: string | null },
    task: TaskOptions,
    report: (stage: VideoStage, fraction: number) => void,
    extra: { fadeInFrames: number; fadeOutFrames: number; threads?: number },
  ): Promise<LocalRenderedVideo> {
    const size = frameSize(request.aspect, request.quality);
    return withWorkspace(async (workspace) => {
      // The captions wait for the speech's timing; the stills and music do not.
      const speaking = voice.narratorId
        ? narrate(plan, voice.narratorId, task.signal)
        : Promise.resolve({ plan, lines: [] as [PcmAudio, number][] });
      const drawing = Promise.all([Promise.resolve(images), speaking]).then(([vetted, spoken]) => {
        report('scene_generation', 0);
        return drawShotsInBackground(spoken.plan, {
          ...size,
          workspace,
          fonts: options.fonts,
          images: vetted,
        });
      });
      speaking.catch(() => undefined);
      const seconds = plan.totalFrames / plan.fps;
      // sharp draws and espeak speaks meanwhile, each on its own threads.
      const music = runAudioTask('musicBed', {
        ...musicOf(plan),
        durationSeconds: seconds,
        sampleRate: AUDIO_RATE,
      });
      const [shots, { lines }, sample, bed] = await Promise.all([drawing, speaking, voice.sample, music]);
      report('scene_generation', 1);
      const audioPath = workspace.file('soundtrack.wav');
      await runAudioTask(
        'writeStorySoundtrack',
        { path: audioPath, seconds, sampleRate: AUDIO_RATE, music: bed, voice: sample, lines },
        { transfer: bed.channels.map((channel) => channel.buffer) },
      );
      return render(plan, size, shots, audioPath, { seed: request.seed, ...extra }, task, report);
    }, LOCAL_VIDEO_FAILURES.render);
  }

  const storyboards = createStoryboardRenderer({
    tools,
    speech: options.speech,
    fonts: options.fonts,
    encoder,
    ...(workDir ? { workDir } : {}),
    renderTimeoutMs: options.renderTimeoutMs ?? 10 * 60_000,
    vetImages,
    speechToPcm: (audio, contentType, signal) => speechToPcm(tools, audio, contentType, workDir, signal),
    footage: firstFootage([
      createTalkingPortraitFootage({
        tools,
        encoder,
        renderTimeoutMs: options.renderTimeoutMs ?? 10 * 60_000,
      }),
      ...(options.footage ? [options.footage] : []),
    ]),
  });

  const trackerFor = (task: TaskOptions) => {
    const tracker = createProgressTracker(task.onProgress, STAGES);
    return (stage: VideoStage, fraction: number) => tracker.report(stage, fraction, stage);
  };

  const provider = {
    kind: 'local' as const,
    captionedClips: true,

    fromStoryboard: storyboards.render,

    async fromText(request: TextVideoRequest, task: TaskOptions = {}): Promise<LocalRenderedVideo> {
      if (!request.prompt.trim()) throw new ProviderError('invalid_input', 'The video needs a description.');
      checkCommon(request.durationSeconds, request.fps);
      const report = trackerFor(task);
      report('file_processing', 1);
      await readPromptInBackground(request.prompt);
      const script = await (options.narrationWriter?.writeNarration
        ? options.narrationWriter
            .writeNarration(
              { prompt: request.prompt, durationSeconds: request.durationSeconds, seed: request.seed },
              { signal: task.signal },
            )
            .then((written) => written.sentences)
            .catch(() => undefined)
        : undefined);
      const plan = planTextVideo({
        prompt: request.prompt,
        durationSeconds: request.durationSeconds,
        fps: request.fps,
        seed: request.seed,
        narration: true,
        ...(script ? { script } : {}),
      });
      const fps = request.fps;
      return renderStory(
        plan,
        request,
        [],
        { sample: null, narratorId: request.voiceId ?? plan.narrator },
        task,
        report,
        {
          fadeInFrames: Math.round(0.4 * fps),
          fadeOutFrames: Math.round(0.6 * fps),
        },
      );
    },

    async fromImages(request: ImageVideoRequest, task: TaskOptions = {}): Promise<LocalRenderedVideo> {
      if (request.images.length === 0)
        throw new ProviderError('invalid_input', 'Please upload at least one image.');
      if (!request.prompt.trim()) throw new ProviderError('invalid_input', 'Please enter a text prompt.');
      const fps = request.fps ?? 24;
      checkCommon(request.durationSeconds, fps);
      const report = trackerFor(task);
      report('file_processing', 0);
      // The plan needs only the number of images: vetting, decoding the voice sample and the music
      // all proceed at once.
      const plan = planImageVideo({
        prompt: request.prompt,
        imageCount: request.images.length,
        hasLastFrame: Boolean(request.lastFrame),
        durationSeconds: request.durationSeconds,
        fps,
        seed: request.seed,
        mode: request.mode,
      });
      const images = vetImages(
        request.lastFrame ? [...request.images, request.lastFrame] : request.images,
        frameSize(request.aspect, request.quality),
      ).then((vetted) => {
        report('file_processing', 1);
        return vetted;
      });
      const voiceSample = request.voiceSample;
      const sample = voiceSample
        ? intakeAudio(
            tools,
            voiceSample,
            {
              ...VOICE_SAMPLE_LIMITS,
              maxSeconds: Math.min(VOICE_SAMPLE_LIMITS.maxSeconds, request.durationSeconds + 60),
            },
            { sampleRate: AUDIO_RATE, channels: 1, workDir, signal: task.signal },
          ).catch((error: unknown) => {
            throw toProviderError(error, 'The voice sample could not be read.');
          })
        : null;
      // Both are awaited inside; until then a failure must not count as unhandled.
      images.catch(() => undefined);
      sample?.catch(() => undefined);
      return renderStory(plan, { ...request }, images, { sample, narratorId: null }, task, report, {
        fadeInFrames: Math.round(0.4 * fps),
        fadeOutFrames: Math.round(0.6 * fps),
      });
    },

    async candidates(
      request: CandidatesRequest,
      task: CandidatesTaskOptions = {},
    ): Promise<VideoCandidate[]> {
      if (!request.prompt.trim()) throw new ProviderError('invalid_input', 'The candidates need a prompt.');
      checkCommon(request.durationSeconds, request.fps);
      const count = request.count ?? STUDIO_CANDIDATE_COUNT;
      const indices = Array.from({ length: count }, (_, index) => index).filter(
        (index) => !request.ids || request.ids.includes(candidateId(index)),
      );
      if (indices.length === 0) throw new ProviderError('invalid_input', 'No such candidate.');
      const candidateSize = frameSize(request.aspect, 'standard');
      const references = await vetImages(request.subjectRefs ?? [], candidateSize);
      const style = request.styleRef ? (await vetImages([request.styleRef], candidateSize))[0] : undefined;
      const styleColor = style ? (await imageColors(style)).dominant : null;
      await readPromptInBackground(request.prompt);
      const parallel = Math.max(1, Math.min(indices.length, options.maxParallelRenders ?? cores));
      const threads = Math.max(1, Math.floor(cores / parallel));
      const limit = createLimiter(parallel);
      const fractions = new Array<number>(count).fill(0);
      const report = (index: number) => (stage: VideoStage, fraction: number) => {
        const weight = STAGES[stage] ?? 0;
        const before = (Object.keys(STAGES) as VideoStage[])
          .slice(0, (Object.keys(STAGES) as VideoStage[]).indexOf(stage))
          .reduce((sum, key) => sum + STAGES[key], 0);
        const total = Object.values(STAGES).reduce((a, b) => a + b, 0);
        fractions[index] = Math.max(fractions[index] ?? 0, (before + weight * fraction) / total);
        task.onProgress?.({ progress: fractions.reduce((a, b) => a + b, 0) / indices.length, stage });
      };
      const rendered: LocalRenderedVideo[] = [];
      try {
        await Promise.all(
          indices.map((index) =>
            limit(async () => {
              // Distinct variations: another seed, palette, camera and transitions each.
              const seed = (request.seed + index * 7919) % 2_147_483_647;
              const plan = planTextVideo({
                prompt: request.prompt,
                durationSeconds: request.durationSeconds,
                fps: request.fps,
                seed,
                narration: false,
                paletteVariant: index,
                // A style reference gives the colours; each candidate turns them a little.
                ...(styleColor
                  ? { palette: shiftPalette(paletteFromColor('style', styleColor), index * 18) }
                  : {}),
                imageCount: references.length,
              });
              const video = await renderStory(
                request.captions === false ? withoutCaptions(plan) : plan,
                { aspect: request.aspect, quality: 'standard', seed },
                references,
                { sample: null, narratorId: null },
                { signal: task.signal },
                report(index),
                {
                  fadeInFrames: Math.round(0.25 * request.fps),
                  // No fade at the end: "extend" continues from the last frame.
                  fadeOutFrames: 0,
                  threads,
                },
              );
              rendered[index] = video;
              await task.onCandidate?.({ ...video, id: candidateId(index) });
            }),
          ),
        );
      } catch (error) {
        await Promise.all(rendered.map((video) => video?.release()));
        throw toProviderError(error, LOCAL_VIDEO_FAILURES.candidates);
      }
      return indices.map((index) => ({ ...(rendered[index] as LocalRenderedVideo), id: candidateId(index) }));
    },

    async extend(request: ExtendRequest, task: TaskOptions = {}): Promise<RenderedVideo> {
      if (!(request.additionalSeconds > 0) || request.additionalSeconds > MAX_DURATION_SECONDS) {
        throw new ProviderError(
          'invalid_input',
          `The extension must be between 1 and ${MAX_DURATION_SECONDS} seconds.`,
        );
      }
      const report = trackerFor(task);
      return withWorkspace(async (workspace) => {
        report('file_processing', 0);
        const probe = await probeMedia(tools, request.videoPath, { signal: task.signal });
        if (!probe.video || !probe.durationSeconds) {
          throw new MediaError('invalid_media', 'The clip to extend has no video.');
        }
        const fps = Math.min(MAX_FPS, Math.max(1, Math.round(probe.video.fps ?? 24)));
        const size = {
          width: probe.video.width - (probe.video.width % 2),
          height: probe.video.height - (probe.video.height % 2),
        };
        const leadFrames = probe.video.frames ?? Math.round(probe.durationSeconds * fps);
        // The clip's last frame, or one a second earlier when the clip faded to black.
        const lastFramePath = workspace.file('last-frame.jpg');
        await extractFrame(tools, request.videoPath, 'last', lastFramePath, { signal: task.signal });
        const stats = await sharp(lastFramePath).stats();
        if (stats.channels.slice(0, 3).every((channel) => channel.mean < 16)) {
          await extractFrame(
            tools,
            request.videoPath,
            Math.max(0, probe.durationSeconds - 1),
            lastFramePath,
            { signal: task.signal },
          );
        }
        const still = await intakeImage(await fs.readFile(lastFramePath), IMAGE_LIMITS);
        report('file_processing', 1);
        await readPromptInBackground(request.prompt);
        const plan = planTextVideo({
          prompt: request.prompt,
          durationSeconds: request.additionalSeconds,
          fps,
          seed: request.seed,
          narration: false,
        });
        const phrase = promptPhrases(request.prompt)[0]?.caption ?? plan.scenes[0]?.captions[0]?.text ?? '';
        const frames = Math.max(1, Math.round(request.additionalSeconds * fps));
        const look = CATEGORY_LOOKS[plan.category];
        // One continuous shot from the last frame: the zoom starts at 1, so the join is invisible.
        const extension: StoryPlan = {
          ...plan,
          totalFrames: frames,
          scenes: [
            {
              source: { kind: 'image', index: 0 },
              palette:
                plan.scenes[0]?.palette ?? (look.palettes[0] as NonNullable<(typeof look.palettes)[0]>),
              frames,
              motion: { kind: 'zoom-in', strength: 0.14, focusX: 0.5, focusY: 0.45 },
              transitionIn: { kind: 'cut', frames: 0 },
              captions:
                phrase && request.captions !== false
                  ? [
                      {
                        text: look.caption.uppercase ? phrase.toUpperCase() : phrase,
                        startFrame: Math.round(0.3 * fps),
                        endFrame: Math.max(Math.round(0.3 * fps) + 2, frames - Math.round(0.3 * fps)),
                      },
                    ]
                  : [],
              narration: null,
              sprites: [],
              artSeed: 0,
            },
          ],
        };
        const [shots, original] = await Promise.all([
          drawShotsInBackground(extension, { ...size, workspace, fonts: options.fonts, images: [still] }),
          decodeOwnAudio(tools, request.videoPath, {
            sampleRate: AUDIO_RATE,
            channels: 2,
            durationSeconds: leadFrames / fps,
            workDir,
            signal: task.signal,
          }),
        ]);
        report('scene_generation', 1);
        const audioPath = workspace.file('soundtrack.wav');
        await runAudioTask(
          'writeExtensionSoundtrack',
          {
            path: audioPath,
            sampleRate: AUDIO_RATE,
            lead: original,
            leadSeconds: leadFrames / fps,
            music: musicOf(plan),
            addedSeconds: frames / fps,
            totalSeconds: (leadFrames + frames) / fps,
          },
          { transfer: original.channels.map((channel) => channel.buffer) },
        );
        return render(
          extension,
          size,
          shots,
          audioPath,
          {
            seed: request.seed,
            fadeInFrames: 0,
            fadeOutFrames: 0,
            leadIn: { videoPath: request.videoPath, frames: leadFrames },
          },
          task,
          report,
        );
      }, LOCAL_VIDEO_FAILURES.extend);
    },
  };
  return provider;
}
