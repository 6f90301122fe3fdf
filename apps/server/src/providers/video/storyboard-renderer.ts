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
import { createOutputFolder, createTempWorkspace } from '../../media/temp-workspace';
import { extractFrame, renderVideo } from '../../media/video-renderer';
import { createSilence, pcmDuration, type PcmAudio } from '../../media/wav';
import { trimToVoice, voicedSpan } from '../../media/word-timing';
import { toProviderError } from '../provider-error';
import { createProgressTracker, type TaskOptions } from '../provider-task';
import type { CloneVoice, SpeechProvider } from '../speech/speech-provider';
import { drawShotsInBackground } from '../story-work';
import { CATEGORY_LOOKS } from './category-looks';
import { shiftPalette } from './palette';
import {
  captionPhrases,
  gapAfter,
  placeNarration,
  type NarrationSpacing,
  type PlannedScene,
  type StoryPlan,
} from './scene-planner';
import { MOOD_CATEGORIES, sceneLayout, sceneMotion, sceneSeed } from './storyboard-scenes';
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
}

const AUDIO_RATE = 44_100;
/** Silence before a scene's first word and after its last: the cut never clips a word. */
/** A storyboard scene's narration: close after the cut, phrases close together, little left at the end. */
const SPACING: NarrationSpacing = { lead: 0.15, phraseGap: 0.04, sentenceGap: 0.18, tail: 0.3 };
const FADE_SECONDS = 0.4;
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

  async function renderScene(
    request: StoryboardVideoRequest,
    scene: StoryboardScene,
    key: string,
    images: ReadonlyMap<string, VettedImage>,
    threads: number,
    task: TaskOptions,
    onProgress: (fraction: number) => void,
  ): Promise<SceneFacts> {
    const { storyboard } = request;
    const fps = request.fps;
    const size = frameSize(storyboard.aspect_ratio, request.quality);
    const workspace = await createTempWorkspace(deps.workDir, 'scene-');
    try {
      const phrases = captionPhrases([scene.narration]);
      const spoken =
        request.voice && phrases.length > 0 ? await speak(phrases, request.voice, task.signal) : [];
      // A spoken scene lasts its speech, unless the user fixed its length; a silent one what it says.
      const speechSeconds = spoken.reduce(
        (sum, line, index) =>
          sum + line.seconds + (index < spoken.length - 1 ? gapAfter(phrases[index] ?? '', SPACING) : 0),
        SPACING.lead,
      );
      const seconds =
        spoken.length > 0 && !scene.duration_fixed
          ? Math.max(1, speechSeconds + SPACING.tail + 0.01)
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
      const placed = placeNarration(plan, spoken, SPACING);
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
      const vetted = [...images.values()];
      const [shots] = await Promise.all([
        drawShotsInBackground(
          { ...placed.plan, scenes: [burned] },
          { ...size, workspace, fonts: deps.fonts, images: vetted },
        ),
        runAudioTask('writeStorySoundtrack', {
          path: workspace.file('speech.wav'),
          seconds: frames / fps,
          sampleRate: AUDIO_RATE,
          music: createSilence(AUDIO_RATE, 2, frames / fps),
          voice: null,
          lines: spoken.map((line, index) => [line.pcm, placed.starts[index] ?? 0] as [PcmAudio, number]),
        }),
      ]);
      const files = clipFiles(request.clipDir, key);
      const clipPath = workspace.file('clip.mp4');
      await renderVideo(
        tools,
        {
          ...size,
          fps,
          shots,
          audioPath: workspace.file('speech.wav'),
          fadeInFrames: scene.transition === 'fade' ? Math.min(frames, Math.round(FADE_SECONDS * fps)) : 0,
          fadeOutFrames: 0,
          encoder: { ...deps.encoder, threads },
          outputPath: clipPath,
        },
        {
          signal: task.signal,
          timeoutMs: deps.renderTimeoutMs,
          thumbnailPath: workspace.file('thumbnail.jpg'),
          onProgress,
        },
      );
      const facts: SceneFacts = { frames, cues };
      // Written under temporary names and renamed, so a half-written clip is never taken as cached.
      await fs.mkdir(request.clipDir, { recursive: true });
      await fs.copyFile(workspace.file('speech.wav'), `${files.speech}.part`);
      await fs.copyFile(clipPath, `${files.video}.part`);
      await fs.writeFile(`${files.facts}.part`, JSON.stringify(facts));
      await fs.rename(`${files.speech}.part`, files.speech);
      await fs.rename(`${files.video}.part`, files.video);
      await fs.rename(`${files.facts}.part`, files.facts);
      return facts;
    } finally {
      await workspace.remove();
    }
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

    const cached = await Promise.all(sceneKeys.map((key) => cachedFacts(request.clipDir, key)));
    const missing = storyboard.scenes.flatMap((scene, index) => (cached[index] ? [] : [index]));
    const parallel = Math.max(1, Math.min(missing.length, cores));
    const threads = Math.max(1, Math.floor(cores / parallel));
    const limit = createLimiter(parallel);
    const fractions = new Map(missing.map((index) => [index, 0]));
    const progress = () =>
      report(
        'video_generation',
        missing.length === 0 ? 1 : [...fractions.values()].reduce((a, b) => a + b, 0) / missing.length,
      );
    report('scene_generation', 1);
    const facts = await Promise.all(
      storyboard.scenes.map(async (scene, index) => {
        const known = cached[index];
        if (known) return known;
        return limit(() =>
          renderScene(request, scene, sceneKeys[index] as string, images, threads, task, (fraction) => {
            fractions.set(index, fraction);
            progress();
          }),
        );
      }),
    );
    progress();
    const output = await joinScenes(request, facts, task);
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
    return { ...output, scenes, captions };
  }

  /** Joins the scenes' clips as they are and lays the soundtrack over them. */
  async function joinScenes(
    request: StoryboardVideoRequest,
    facts: readonly SceneFacts[],
    task: TaskOptions,
  ): Promise<RenderedVideo> {
    const { storyboard, sceneKeys, fps } = request;
    const output = await createOutputFolder(deps.workDir ?? os.tmpdir(), 'video');
    const release = () => fs.rm(output, { recursive: true, force: true });
    const workspace = await createTempWorkspace(deps.workDir, 'join-');
    try {
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
      const soundtrack = workspace.file('soundtrack.wav');
      await runAudioTask(
        'writeStorySoundtrack',
        {
          path: soundtrack,
          seconds,
          sampleRate: AUDIO_RATE,
          music,
          voice: null,
          lines: speech.map((pcm, index) => [pcm, starts[index] ?? 0] as [PcmAudio, number]),
        },
        { transfer: music.channels.map((channel) => channel.buffer) },
      );
      const list = workspace.file('clips.txt');
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
          '-c:v',
          'copy',
          ...audioEncoderArgs(deps.encoder),
          '-t',
          String(seconds),
          ...MP4_CONTAINER_ARGS,
          videoPath,
        ],
        { signal: task.signal, timeoutMs: deps.renderTimeoutMs, label: 'join' },
      );
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
    } finally {
      await workspace.remove();
    }
  }

  return { render };
}

const round3 = (value: number) => Math.round(value * 1000) / 1000;
