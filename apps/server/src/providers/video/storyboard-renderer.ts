import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { StoryboardScene } from '@reelcraft/contract';
import { runAudioTask } from '../../media/audio-work';
import { createLimiter } from '../../media/concurrency-limit';
import { audioEncoderArgs, MP4_CONTAINER_ARGS, type EncoderSettings } from '../../media/encoder-settings';
import { runFfmpeg } from '../../media/ffmpeg-runner';
import type { CaptionFonts } from '../../media/font-files';
import { frameCount, frameSize } from '../../media/frame-size';
import type { VettedImage } from '../../media/image-intake';
import { probeMedia } from '../../media/media-probe';
import type { MediaTools } from '../../media/media-tools';
import { createRandom } from '../../media/seeded-random';
import { createOutputFolder, createTempWorkspace, type TempWorkspace } from '../../media/temp-workspace';
import { buildRenderCommand } from '../../media/render-graph';
import { extractFrame } from '../../media/video-renderer';
import { createSilence, pcmDuration, type PcmAudio } from '../../media/wav';
import { trimToVoice, voicedSpan } from '../../media/word-timing';
import { toProviderError } from '../provider-error';
import { createProgressTracker, type TaskOptions } from '../provider-task';
import type { CloneVoice, SpeechProvider } from '../speech/speech-provider';
import { drawShotsInBackground } from '../story-work';
import { CATEGORY_LOOKS } from './category-looks';
import { shiftPalette } from './palette';
import { captionPhrases, placeNarration, type PlannedScene, type StoryPlan } from './scene-planner';
import {
  footageFiles,
  MOOD_CATEGORIES,
  NARRATION_SPACING,
  sceneLayout,
  sceneMotion,
  sceneSeed,
  spokenSceneSeconds,
} from './storyboard-scenes';
import type {
  CaptionCue,
  RenderedScene,
  RenderedVideo,
  StoryboardRenderedVideo,
  StoryboardVideoRequest,
  VideoStage,
} from './video-provider';

/** What the cache keeps of a scene beside its clip: its length and its caption cues (scene-local). */
interface SceneFacts {
  frames: number;
  cues: CaptionCue[];
}

/** A scene whose speech is done (in the clip folder) and whose picture is still to draw. */
interface VoicedScene {
  scene: StoryboardScene;
  key: string;
  facts: SceneFacts;
  /** The one-scene plan its picture is drawn from, captions timed to its speech. */
  plan: StoryPlan;
  fadeInFrames: number;
  workspace: TempWorkspace;
}

/** What a scene's footage is made for: the scene, its length and frame, and its spoken narration. */
export interface SceneFootageRequest {
  scene: StoryboardScene;
  /** The scene's length (its speech, or the length the user fixed); shorter footage loops. */
  seconds: number;
  width: number;
  height: number;
  fps: number;
  /** The scene's seed (the storyboard's mixed with the scene's id). */
  seed: number;
  /** The scene's narration as heard, a WAV exactly `seconds` long (a talking portrait moves with it). */
  speechPath: string;
  /** The user's images the storyboard shows, vetted, by their `image_url`. */
  images: ReadonlyMap<string, VettedImage>;
  /** A folder of the scene's own for the footage file; it is removed after the render. */
  dir: string;
  /** Footage kept from earlier renders, and where new footage is kept as soon as it is filmed. */
  store?: FootageStore;
}

/**
 * Films the scenes it can instead of drawing them: a vendor's clip of the scene's prompt, or a
 * portrait talking with the narration. The captions are drawn over it as over drawn art.
 */
export interface SceneFootage {
  films(scene: StoryboardScene): boolean;
  /**
   * Answers the path of a video (any size, frame rate and length; its sound is not used). The
   * progress it reports (0..1) is its own scene's filming, not the whole render's.
   */
  film(request: SceneFootageRequest, task: TaskOptions): Promise<string>;
}

/**
 * Footage a vendor filmed, kept between renders, one slot per scene id (issue 31): a scene whose
 * narration alone changed keeps its footage, and footage filmed before a render failed is not
 * filmed (and paid for) again when it is retried.
 */
export interface FootageStore {
  /** Copies the scene's kept footage to `file` when it was filmed from `key`; its seconds, or null. */
  fetch(sceneId: string, key: string, file: string): Promise<number | null>;
  /** Keeps `file` as the scene's footage filmed from `key`, `seconds` long, replacing the old. */
  keep(sceneId: string, key: string, file: string, seconds: number): Promise<void>;
}

/**
 * The footage slots of a render's clip folder (StoryboardVideoRequest.clipDir): files, so they
 * cross to and from the render process, and the caller stores what the render filmed.
 */
export function clipFolderFootage(clipDir: string): FootageStore {
  const slot = (sceneId: string) => {
    const names = footageFiles(sceneId);
    return { video: path.join(clipDir, names.video), label: path.join(clipDir, names.label) };
  };
  return {
    async fetch(sceneId, key, file) {
      const { video, label } = slot(sceneId);
      const kept = await fs
        .readFile(label, 'utf8')
        .then((text) => JSON.parse(text) as { key: string; seconds: number })
        .catch(() => null);
      if (kept?.key !== key) return null;
      return fs.copyFile(video, file).then(
        () => kept.seconds,
        () => null,
      );
    },
    async keep(sceneId, key, file, seconds) {
      const { video, label } = slot(sceneId);
      await fs.copyFile(file, `${video}.part`);
      await fs.rename(`${video}.part`, video);
      await fs.writeFile(`${label}.part`, JSON.stringify({ key, seconds }));
      await fs.rename(`${label}.part`, label);
    },
  };
}

/** Several footage sources as one: the first that films a scene films it. */
export function firstFootage(sources: readonly SceneFootage[]): SceneFootage {
  return {
    films: (scene) => sources.some((source) => source.films(scene)),
    film(request, task) {
      const source = sources.find((candidate) => candidate.films(request.scene));
      if (!source) throw new RangeError(`No footage source films scene ${request.scene.id}`);
      return source.film(request, task);
    },
  };
}

export interface StoryboardRendererDeps {
  tools: MediaTools;
  speech: SpeechProvider;
  fonts: CaptionFonts | null;
  encoder: EncoderSettings;
  workDir?: string;
  renderTimeoutMs: number;
  /** Vets the user's images for a frame of this size. */
  vetImages(images: readonly Buffer[], size: { width: number; height: number }): Promise<VettedImage[]>;
  /** Decodes speech of any provider to PCM. */
  speechToPcm(audio: Buffer, contentType: string, signal?: AbortSignal): Promise<PcmAudio>;
  /** Films the scenes it can; every other scene is drawn offline. */
  footage?: SceneFootage;
}

const AUDIO_RATE = 44_100;
const FADE_SECONDS = 0.4;
/** The part of a filmed scene's progress that is its filming (a vendor's minutes), before its encode. */
const FILMING_SHARE = 0.8;
/** The music's loudest point at volume 1 (0.5, the default, is the level the flows always had). */
const MUSIC_PEAK_AT_FULL_VOLUME = 0.84;
const STAGES: Record<VideoStage, number> = {
  file_processing: 1,
  scene_generation: 2,
  video_generation: 12,
  final_combination: 1,
};

const clipFiles = (dir: string, key: string) => ({
  video: path.join(dir, `${key}.mp4`),
  speech: path.join(dir, `${key}.wav`),
  facts: path.join(dir, `${key}.json`),
});

async function cachedFacts(dir: string, key: string): Promise<SceneFacts | null> {
  const files = clipFiles(dir, key);
  try {
    await Promise.all([fs.access(files.video), fs.access(files.speech)]);
    return JSON.parse(await fs.readFile(files.facts, 'utf8')) as SceneFacts;
  } catch {
    return null;
  }
}

/**
 * Renders a storyboard scene by scene (issue 31, docs/decisions/035): each scene whose key has no
 * clip in `clipDir` is spoken, drawn and encoded to a clip of its own; then the clips are joined
 * without re-encoding and the soundtrack (every scene's speech at its place, the music ducked under
 * it) is mixed over the whole. An edit to one scene renders one clip.
 */
export function createStoryboardRenderer(deps: StoryboardRendererDeps) {
  const { tools } = deps;
  const cores = Math.max(1, os.availableParallelism());

  /** A scene's narration spoken phrase by phrase: each phrase's audio and where its voice is. */
  async function speak(
    lines: readonly string[],
    voice: { voiceId: string; clone?: CloneVoice },
    signal?: AbortSignal,
  ) {
    if (lines.length === 0) return [];
    const spoken = await deps.speech.synthesizeLines(
      { lines, voiceId: voice.voiceId, ...(voice.clone ? { clone: voice.clone } : {}) },
      { signal },
    );
    return Promise.all(
      spoken.map(async (speech) => {
        // Each phrase cut to its voice (engines pad their output with silence), so the phrases of a
        // scene follow each other as a narrator says them.
        const pcm = trimToVoice(await deps.speechToPcm(speech.audio, speech.contentType, signal));
        const span = voicedSpan(pcm);
        return { pcm, seconds: pcmDuration(pcm), voicedStart: span.start, voicedEnd: span.end };
      }),
    );
  }

  /**
   * The first half of a scene's render: its narration spoken, which fixes its length and its
   * captions. The speech goes to the clip folder at once, so the soundtrack can be laid while the
   * scenes' pictures are still encoding.
   */
  async function voiceScene(
    request: StoryboardVideoRequest,
    scene: StoryboardScene,
    key: string,
    images: ReadonlyMap<string, VettedImage>,
    workspace: TempWorkspace,
    task: TaskOptions,
  ): Promise<VoicedScene> {
    const { storyboard } = request;
    const fps = request.fps;
    const phrases = captionPhrases([scene.narration]);
    const spoken =
      request.voice && phrases.length > 0 ? await speak(phrases, request.voice, task.signal) : [];
    // A spoken scene lasts its speech, unless the user fixed its length; a silent one what it says.
    const seconds =
      spoken.length > 0 && !scene.duration_fixed
        ? spokenSceneSeconds(
            phrases,
            spoken.map((line) => line.seconds),
          )
        : scene.duration_seconds;
    const frames = frameCount(seconds, fps);
    const look = CATEGORY_LOOKS[MOOD_CATEGORIES[storyboard.music.mood]];
    const random = createRandom(sceneSeed(request.seed, scene.id));
    const layout = sceneLayout(scene, request.seed);
    const imageSubject = scene.visual.subjects.find((subject) => subject.kind === 'image');
    const imageIndex = imageSubject ? [...images.keys()].indexOf(imageSubject.image_url) : -1;
    const palette = shiftPalette(random.pick(look.palettes), random.range(-10, 10));
    const planned: PlannedScene = {
      source:
        imageIndex >= 0
          ? { kind: 'image', index: imageIndex }
          : { kind: 'art', motifs: look.motifSets[0] ?? [] },
      palette,
      frames,
      motion: {
        kind: sceneMotion(scene, layout, random.next()),
        strength: Math.min(0.3, Math.max(0.08, look.motionStrength)),
        focusX: 0.5,
        focusY: 0.55,
      },
      transitionIn: { kind: 'cut', frames: 0 },
      captions: [],
      narration: null,
      sprites: [],
      artSeed: random.int(0, 2 ** 31 - 1),
      scenery: {
        setting: scene.visual.setting,
        time: scene.visual.time,
        weather: scene.visual.weather,
        surface: null,
      },
      figures: layout.still,
      moving: layout.moving,
    };
    const plan: StoryPlan = {
      category: MOOD_CATEGORIES[storyboard.music.mood],
      confidence: 1,
      scenes: [planned],
      captionStyle: look.caption,
      music: look.music,
      musicSeed: 0,
      narrator: request.voice?.voiceId ?? look.narrator,
      totalFrames: frames,
      fps,
      narrationLines: phrases.slice(0, spoken.length),
      spoken: spoken.length > 0,
    };
    // The phrases laid one after another from the lead-in, each caption on while it is said.
    const placed = placeNarration(plan, spoken, NARRATION_SPACING);
    const timedScene = placed.plan.scenes[0] as PlannedScene;
    const cues: CaptionCue[] = timedScene.captions.map((caption) => ({
      start: caption.startFrame / fps,
      end: caption.endFrame / fps,
      text: caption.text,
    }));
    const burned: PlannedScene = {
      ...timedScene,
      captions: !storyboard.captions.enabled
        ? []
        : storyboard.captions.style === 'plain'
          ? timedScene.captions.map(({ words: _words, ...caption }) => caption)
          : timedScene.captions,
    };
    const speechFile = clipFiles(request.clipDir, key).speech;
    // Written under a temporary name and renamed: a clip is cached only once its picture is there too.
    await runAudioTask('writeStorySoundtrack', {
      path: `${speechFile}.part`,
      seconds: frames / fps,
      sampleRate: AUDIO_RATE,
      music: createSilence(AUDIO_RATE, 2, frames / fps),
      voice: null,
      lines: spoken.map((line, index) => [line.pcm, placed.starts[index] ?? 0] as [PcmAudio, number]),
    });
    await fs.rename(`${speechFile}.part`, speechFile);
    return {
      scene,
      key,
      facts: { frames, cues },
      plan: { ...placed.plan, scenes: [burned] },
      fadeInFrames: scene.transition === 'fade' ? Math.min(frames, Math.round(FADE_SECONDS * fps)) : 0,
      workspace,
    };
  }

  /** The second half of a scene's render: its picture drawn and encoded to a silent clip. */
  async function pictureScene(
    request: StoryboardVideoRequest,
    voiced: VoicedScene,
    images: ReadonlyMap<string, VettedImage>,
    threads: number,
    task: TaskOptions,
    onProgress: (fraction: number) => void,
  ): Promise<void> {
    const { workspace, scene } = voiced;
    const size = frameSize(request.storyboard.aspect_ratio, request.quality);
    const files = clipFiles(request.clipDir, voiced.key);
    const [drawn, footagePath] = await Promise.all([
      drawShotsInBackground(voiced.plan, {
        ...size,
        workspace,
        fonts: deps.fonts,
        images: [...images.values()],
      }),
      deps.footage?.films(scene)
        ? deps.footage.film(
            {
              scene,
              seconds: voiced.facts.frames / request.fps,
              ...size,
              fps: request.fps,
              seed: sceneSeed(request.seed, scene.id),
              speechPath: files.speech,
              images,
              dir: workspace.dir,
              store: clipFolderFootage(request.clipDir),
            },
            // The footage's own progress is the first part of its scene's.
            {
              ...(task.signal ? { signal: task.signal } : {}),
              onProgress: (report) => onProgress(report.progress * FILMING_SHARE),
            },
          )
        : null,
    ]);
    // Filmed: the footage plays under the same captions, and the drawn figures stay out of it.
    const shots = footagePath ? drawn.map((shot) => ({ ...shot, footagePath, sprites: [] })) : drawn;
    const clipPath = workspace.file('clip.mp4');
    const command = buildRenderCommand({
      ...size,
      fps: request.fps,
      shots,
      audioPath: null,
      fadeInFrames: voiced.fadeInFrames,
      fadeOutFrames: 0,
      encoder: { ...deps.encoder, threads },
      outputPath: clipPath,
    });
    await runFfmpeg(tools, command.args, {
      signal: task.signal,
      timeoutMs: deps.renderTimeoutMs,
      expectedSeconds: command.durationSeconds,
      onProgress: footagePath
        ? (fraction) => onProgress(FILMING_SHARE + fraction * (1 - FILMING_SHARE))
        : onProgress,
      label: 'scene',
    });
    await fs.copyFile(clipPath, `${files.video}.part`);
    await fs.writeFile(`${files.facts}.part`, JSON.stringify(voiced.facts));
    await fs.rename(`${files.video}.part`, files.video);
    await fs.rename(`${files.facts}.part`, files.facts);
  }

  async function render(
    request: StoryboardVideoRequest,
    task: TaskOptions = {},
  ): Promise<StoryboardRenderedVideo> {
    const { storyboard, sceneKeys } = request;
    const tracker = createProgressTracker(task.onProgress, STAGES);
    const report = (stage: VideoStage, fraction: number) => tracker.report(stage, fraction, stage);
    report('file_processing', 0);
    const size = frameSize(storyboard.aspect_ratio, request.quality);
    const urls = [
      ...new Set(
        storyboard.scenes.flatMap((scene) =>
          scene.visual.subjects.flatMap((subject) => (subject.kind === 'image' ? [subject.image_url] : [])),
        ),
      ),
    ];
    const vetted = await deps.vetImages(
      urls.map((url) => {
        const bytes = request.images[url];
        if (!bytes) throw new RangeError(`The storyboard's image ${url} was not given`);
        return bytes;
      }),
      size,
    );
    const images = new Map(urls.map((url, index) => [url, vetted[index] as VettedImage]));
    report('file_processing', 1);
    await fs.mkdir(request.clipDir, { recursive: true });

    const cached = await Promise.all(sceneKeys.map((key) => cachedFacts(request.clipDir, key)));
    const missing = storyboard.scenes.flatMap((scene, index) => (cached[index] ? [] : [index]));
    const parallel = Math.max(1, Math.min(missing.length, cores));
    const threads = Math.max(1, Math.floor(cores / parallel));
    const limit = createLimiter(parallel);
    const workspaces: TempWorkspace[] = [];
    const joinSpace = await createTempWorkspace(deps.workDir, 'join-');
    try {
      // Every changed scene is spoken first: the speech fixes each scene's length, so the soundtrack
      // can be laid while the pictures encode (a re-render of one scene is then not one scene plus
      // the soundtrack, but the longer of the two).
      let voicedCount = 0;
      const voiced = await Promise.all(
        missing.map((index) =>
          limit(async () => {
            const workspace = await createTempWorkspace(deps.workDir, 'scene-');
            workspaces.push(workspace);
            const scene = storyboard.scenes[index] as StoryboardScene;
            const result = await voiceScene(
              request,
              scene,
              sceneKeys[index] as string,
              images,
              workspace,
              task,
            );
            voicedCount += 1;
            report('scene_generation', voicedCount / missing.length);
            return result;
          }),
        ),
      );
      const facts = storyboard.scenes.map(
        (_, index) => cached[index] ?? (voiced[missing.indexOf(index)] as VoicedScene).facts,
      );
      const fractions = voiced.map(() => 0);
      const progress = () =>
        report(
          'video_generation',
          missing.length === 0 ? 1 : fractions.reduce((a, b) => a + b, 0) / missing.length,
        );
      // When a scene fails, the scenes under way finish (footage they film is kept for the retry)
      // and those not started yet are not started.
      let failure: { error: unknown } | null = null;
      const pictures = voiced.map((scene, position) =>
        limit(async () => {
          if (failure) throw failure.error;
          try {
            await pictureScene(request, scene, images, threads, task, (fraction) => {
              fractions[position] = fraction;
              progress();
            });
          } catch (error) {
            failure ??= { error };
            throw error;
          }
        }),
      );
      const [soundtrack] = await allSettledOrThrow([
        laySoundtrack(request, facts, joinSpace, task),
        allSettledOrThrow(pictures),
      ] as const);
      progress();
      const output = await joinScenes(request, facts, soundtrack, task);
      report('final_combination', 1);
      let at = 0;
      const scenes: RenderedScene[] = facts.map((fact, index) => {
        const startSeconds = at;
        at += fact.frames / request.fps;
        return {
          key: sceneKeys[index] as string,
          reused: cached[index] !== null,
          startSeconds,
          seconds: fact.frames / request.fps,
        };
      });
      const captions = facts.flatMap((fact, index) =>
        fact.cues.map((cue) => ({
          text: cue.text,
          start: round3((scenes[index] as RenderedScene).startSeconds + cue.start),
          end: round3((scenes[index] as RenderedScene).startSeconds + cue.end),
        })),
      );
      // Drawn when the storyboard shows them and this machine has the caption font.
      const captionsInPicture = storyboard.captions.enabled && deps.fonts !== null && captions.length > 0;
      return { ...output, scenes, captions, captionsInPicture };
    } finally {
      await Promise.all([joinSpace, ...workspaces].map((workspace) => workspace.remove()));
    }
  }

  /**
   * The whole video's sound, encoded once: every scene's speech at its place and the music ducked
   * under it. Answers the AAC file the join copies as it is.
   */
  async function laySoundtrack(
    request: StoryboardVideoRequest,
    facts: readonly SceneFacts[],
    workspace: TempWorkspace,
    task: TaskOptions,
  ): Promise<string> {
    const { storyboard, sceneKeys, fps } = request;
    const starts: number[] = [];
    let frames = 0;
    for (const fact of facts) {
      starts.push(frames / fps);
      frames += fact.frames;
    }
    const seconds = frames / fps;
    const volume = storyboard.music.volume;
    const look = CATEGORY_LOOKS[MOOD_CATEGORIES[storyboard.music.mood]];
    // The scenes' speech is read while the music is synthesised, each on a thread of its own.
    const [speech, music] = await Promise.all([
      Promise.all(sceneKeys.map((key) => runAudioTask('readWav', clipFiles(request.clipDir, key).speech))),
      volume > 0
        ? runAudioTask('musicBed', {
            mood: look.music,
            seed: request.seed,
            peak: volume * MUSIC_PEAK_AT_FULL_VOLUME,
            durationSeconds: seconds,
            sampleRate: AUDIO_RATE,
          })
        : createSilence(AUDIO_RATE, 2, seconds),
    ]);
    const mixed = workspace.file('soundtrack.wav');
    await runAudioTask(
      'writeStorySoundtrack',
      {
        path: mixed,
        seconds,
        sampleRate: AUDIO_RATE,
        music,
        voice: null,
        lines: speech.map((pcm, index) => [pcm, starts[index] ?? 0] as [PcmAudio, number]),
      },
      { transfer: music.channels.map((channel) => channel.buffer) },
    );
    const encoded = workspace.file('soundtrack.m4a');
    await runFfmpeg(tools, ['-i', mixed, '-vn', ...audioEncoderArgs(deps.encoder), '-f', 'mp4', encoded], {
      signal: task.signal,
      timeoutMs: deps.renderTimeoutMs,
      label: 'soundtrack',
    });
    return encoded;
  }

  /** Joins the scenes' clips and the encoded soundtrack as they are: no stream is encoded again. */
  async function joinScenes(
    request: StoryboardVideoRequest,
    facts: readonly SceneFacts[],
    soundtrack: string,
    task: TaskOptions,
  ): Promise<RenderedVideo> {
    const { storyboard, sceneKeys, fps } = request;
    const output = await createOutputFolder(deps.workDir ?? os.tmpdir(), 'video');
    const release = () => fs.rm(output, { recursive: true, force: true });
    try {
      const seconds = facts.reduce((sum, fact) => sum + fact.frames, 0) / fps;
      const list = path.join(output, 'clips.txt');
      await fs.writeFile(
        list,
        sceneKeys
          .map((key) => `file '${clipFiles(request.clipDir, key).video.replace(/'/g, "'\\''")}'`)
          .join('\n'),
      );
      const videoPath = path.join(output, 'video.mp4');
      await runFfmpeg(
        tools,
        [
          '-f',
          'concat',
          '-safe',
          '0',
          '-i',
          list,
          '-i',
          soundtrack,
          '-map',
          '0:v:0',
          '-map',
          '1:a:0',
          '-c',
          'copy',
          '-t',
          String(seconds),
          ...MP4_CONTAINER_ARGS,
          videoPath,
        ],
        { signal: task.signal, timeoutMs: deps.renderTimeoutMs, label: 'join' },
      );
      await fs.rm(list, { force: true });
      const thumbnailPath = path.join(output, 'thumbnail.jpg');
      const firstCue = facts[0]?.cues[0];
      const [probe, stat] = await Promise.all([
        probeMedia(tools, videoPath, { signal: task.signal }),
        fs.stat(videoPath),
        extractFrame(
          tools,
          videoPath,
          firstCue ? (firstCue.start + firstCue.end) / 2 : Math.min(1, seconds / 3),
          thumbnailPath,
          { longSide: 640, signal: task.signal },
        ),
      ]);
      const size = frameSize(storyboard.aspect_ratio, request.quality);
      return {
        path: videoPath,
        contentType: 'video/mp4',
        thumbnailPath,
        durationSeconds: probe.durationSeconds ?? seconds,
        width: probe.video?.width ?? size.width,
        height: probe.video?.height ?? size.height,
        fps,
        fileSizeBytes: stat.size,
        seed: request.seed,
        release,
      };
    } catch (error) {
      await release();
      throw toProviderError(error, 'The video could not be rendered.');
    }
  }

  return { render };
}

const round3 = (value: number) => Math.round(value * 1000) / 1000;

/** Waits for every task, even when one fails (so none still writes into a folder being removed). */
async function allSettledOrThrow<T extends readonly unknown[]>(tasks: {
  [K in keyof T]: Promise<T[K]>;
}): Promise<T> {
  const results = await Promise.allSettled(tasks);
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) throw (failed as PromiseRejectedResult).reason;
  return results.map((result) => (result as PromiseFulfilledResult<unknown>).value) as unknown as T;
}
