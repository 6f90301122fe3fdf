import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { SILENT_SLIDE_SECONDS } from '@reelcraft/contract';
import { runAudioTask } from './audio-work';
import { fitCaption } from './captions';
import type { EncoderSettings } from './encoder-settings';
import type { CaptionFonts } from './font-files';
import { frameSize, type AspectRatio } from './frame-size';
import { composeStill, intakeImage, DEFAULT_MAX_IMAGE_PIXELS } from './image-intake';
import type { MediaTools } from './media-tools';
import type { MusicMood } from './music-bed';
import type { CaptionLine, Shot } from './render-plan';
import { createOutputFolder, createTempWorkspace } from './temp-workspace';
import { renderVideo } from './video-renderer';
import { pcmDuration, type PcmAudio } from './wav';

const FPS = 25;
const AUDIO_RATE = 44_100;
/** Crossfade between two slides. */
const TRANSITION_FRAMES = 12;
/** After the slide has arrived, before its narration starts. */
const LEAD_SECONDS = 0.35;
/** After the narration, before the next slide comes. */
const PAUSE_SECONDS = 0.7;
/** A slide is a designed page: larger than a phone photo needs, PNG on decode. */
const SLIDE_IMAGE_LIMITS = { maxBytes: 30 * 1024 * 1024, maxPixels: DEFAULT_MAX_IMAGE_PIXELS };
/** A calm bed under a talk: slow, major, no drums. */
const TALK_MOOD: MusicMood = {
  tempo: 84,
  scale: 'major',
  progression: [0, 5, 3, 4],
  arpeggio: 'eighths',
  drums: 'none',
  brightness: 0.35,
};

export interface SlideClip {
  /** The slide rendered as an image (PNG from the import). */
  image: Buffer;
  /** Its narration, spoken; null for a silent slide (shown SILENT_SLIDE_SECONDS). */
  narration: PcmAudio | null;
  /** The narration's words, for the captions. */
  captionText: string;
}

export interface SlidesVideoRequest {
  slides: readonly SlideClip[];
  aspect: AspectRatio;
  music: boolean;
  /** Without fonts the video has no captions. */
  fonts: CaptionFonts | null;
  seed: number;
  encoder: EncoderSettings;
  workDir: string | undefined;
  signal?: AbortSignal;
  timeoutMs?: number;
  onProgress?: (fraction: number) => void;
}

export interface SlidesVideo {
  path: string;
  thumbnailPath: string;
  durationSeconds: number;
  width: number;
  height: number;
  fps: number;
  fileSizeBytes: number;
  /** Removes the output folder. */
  release(): Promise<void>;
}

/** Sentences and clauses of a narration, each short enough for two caption lines. */
export function captionPhrases(text: string, maxWords = 9): string[] {
  const phrases: string[] = [];
  for (const clause of text
    .replace(/\s+/g, ' ')
    .trim()
    .split(/(?<=[.!?;:,])\s+/)) {
    const words = clause.split(' ').filter(Boolean);
    // A long clause is cut in even parts, never one dangling word.
    const parts = Math.ceil(words.length / maxWords);
    const size = Math.ceil(words.length / Math.max(1, parts));
    for (let start = 0; start < words.length; start += size)
      phrases.push(words.slice(start, start + size).join(' '));
  }
  return phrases;
}

/**
 * Caption lines for a narration spoken from `startFrame` for `frames`: each phrase on screen for its
 * share of the speech by its length in characters (speech takes about as long as its letters).
 */
async function narrationCaptions(
  text: string,
  startFrame: number,
  frames: number,
  size: { width: number; height: number },
  fonts: CaptionFonts,
  writeText: (text: string) => Promise<string>,
): Promise<CaptionLine[]> {
  const phrases = captionPhrases(text);
  const total = phrases.reduce((sum, phrase) => sum + phrase.length + 4, 0);
  const landscape = size.width > size.height;
  const baseSize = Math.round(size.height * (landscape ? 0.045 : 0.028));
  const lines: CaptionLine[] = [];
  let at = startFrame;
  for (const phrase of phrases) {
    const length = Math.max(1, Math.round((frames * (phrase.length + 4)) / total));
    const fitted = fitCaption(phrase, baseSize, size.width * 0.86, 2);
    const lineHeight = (fitted.fontSize * 1.45) / size.height;
    const bottom = landscape ? 0.9 : 0.82;
    for (const [row, line] of fitted.lines.entries()) {
      lines.push({
        textFiles: [await writeText(line)],
        fontFile: fonts.sansBold,
        fontSize: fitted.fontSize,
        color: 'white',
        borderColor: 'black@0.55',
        borderWidth: Math.max(1, Math.round(fitted.fontSize / 18)),
        boxColor: 'black@0.45',
        boxPadding: Math.round(fitted.fontSize * 0.3),
        align: 'center',
        marginX: 0,
        y: bottom - (fitted.lines.length - row) * lineHeight,
        startFrame: at,
        endFrame: at + length,
        animation: 'fade',
      });
    }
    at += length;
  }
  return lines;
}

/**
 * A narrated video of slides (the slides-to-video render): each slide on screen for its narration
 * and a short pause (a silent one for SILENT_SLIDE_SECONDS), with a slow zoom, crossfades, captions
 * of the narration and, if asked, a calm music bed ducked under the voice.
 */
export async function renderSlidesVideo(
  tools: MediaTools,
  request: SlidesVideoRequest,
): Promise<SlidesVideo> {
  const size = frameSize(request.aspect, 'standard');
  const workspace = await createTempWorkspace(request.workDir, 'slides-');
  const output = await createOutputFolder(request.workDir ?? os.tmpdir(), 'slides-video');
  const release = () => fs.rm(output, { recursive: true, force: true });
  try {
    let textCount = 0;
    const writeText = async (text: string) => {
      const file = workspace.file(`caption-${(textCount += 1)}.txt`);
      await fs.writeFile(file, text, 'utf8');
      return file;
    };
    const shots: Shot[] = [];
    const voices: [PcmAudio, number][] = [];
    let startFrame = 0;
    for (const [index, slide] of request.slides.entries()) {
      const still = workspace.file(`slide-${index}.png`);
      const vetted = await intakeImage(slide.image, SLIDE_IMAGE_LIMITS, {
        maxLongSide: Math.max(size.width, size.height),
      });
      // A slide is a designed page: shown whole, never cut out like a product on white.
      await fs.writeFile(
        still,
        await composeStill(vetted, size.width, size.height, { productOnWhite: false }),
      );
      const overlap = index === 0 ? 0 : TRANSITION_FRAMES;
      const speech = slide.narration ? pcmDuration(slide.narration) : 0;
      const hold = slide.narration ? LEAD_SECONDS + speech + PAUSE_SECONDS : SILENT_SLIDE_SECONDS;
      const frames = overlap + Math.round(hold * FPS);
      const speechStart = overlap + Math.round(LEAD_SECONDS * FPS);
      if (slide.narration) voices.push([slide.narration, (startFrame + speechStart) / FPS]);
      const captions =
        slide.narration && request.fonts && slide.captionText.trim()
          ? await narrationCaptions(
              slide.captionText,
              speechStart,
              Math.round(speech * FPS),
              size,
              request.fonts,
              writeText,
            )
          : [];
      shots.push({
        imagePath: still,
        frames,
        motion: { kind: index % 2 ? 'zoom-out' : 'zoom-in', strength: 0.05, focusX: 0.5, focusY: 0.5 },
        captions,
        sprites: [],
        transitionIn: { kind: index === 0 ? 'cut' : 'crossfade', frames: overlap },
      });
      startFrame += frames;
      request.onProgress?.(((index + 1) / request.slides.length) * 0.15);
    }

    const seconds = startFrame / FPS;
    const audioPath = workspace.file('soundtrack.wav');
    await runAudioTask('writeSlidesSoundtrack', {
      path: audioPath,
      seconds,
      sampleRate: AUDIO_RATE,
      narrations: voices,
      music: request.music ? { mood: TALK_MOOD, seed: request.seed, peak: 0.3 } : null,
    });

    const result = await renderVideo(
      tools,
      {
        ...size,
        fps: FPS,
        shots,
        audioPath,
        fadeInFrames: Math.round(0.3 * FPS),
        fadeOutFrames: Math.round(0.6 * FPS),
        encoder: request.encoder,
        outputPath: path.join(output, 'video.mp4'),
      },
      {
        ...(request.signal ? { signal: request.signal } : {}),
        timeoutMs: request.timeoutMs ?? 10 * 60_000,
        thumbnailPath: path.join(output, 'thumbnail.jpg'),
        thumbnailAtSeconds: Math.min(seconds / 2, 1.5),
        onProgress: (fraction) => request.onProgress?.(0.15 + fraction * 0.85),
      },
    );
    return {
      path: result.videoPath,
      thumbnailPath: result.thumbnailPath,
      durationSeconds: result.durationSeconds,
      width: result.width,
      height: result.height,
      fps: result.fps,
      fileSizeBytes: result.fileSizeBytes,
      release,
    };
  } catch (error) {
    await release();
    throw error;
  } finally {
    await workspace.remove();
  }
}
