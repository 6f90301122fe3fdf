import fs from 'node:fs/promises';
import { renderCaptionCard } from '../../media/caption-cards';
import type { TimedOverlay } from '../../media/render-plan';
import type { TempWorkspace } from '../../media/temp-workspace';
import type { VoiceoverCaption } from './lip-sync-provider';

/** One card on screen: a phrase with the word being said highlighted (null: none), for a window of frames. */
export interface CaptionCardWindow {
  text: string;
  highlight: number | null;
  startFrame: number;
  endFrame: number;
}

/**
 * When each card of the captions is on screen in a video of `totalFrames` at `fps`: one per word said,
 * swapped as the words are spoken (as every flow's captions), cut to the video. Pure.
 */
export function captionCardWindows(
  captions: readonly VoiceoverCaption[],
  fps: number,
  totalFrames: number,
): CaptionCardWindow[] {
  const frame = (seconds: number) => Math.round(seconds * fps);
  return captions.flatMap((caption) => {
    const words = caption.words;
    const windows =
      words.length > 0
        ? words.map((word, index) => ({
            highlight: index as number | null,
            start: index === 0 ? caption.start : word.start,
            end: index === words.length - 1 ? caption.end : (words[index + 1]?.start ?? word.end),
          }))
        : [{ highlight: null, start: caption.start, end: caption.end }];
    return windows
      .map((window) => ({
        text: caption.text,
        highlight: window.highlight,
        startFrame: Math.max(0, frame(window.start)),
        endFrame: Math.min(totalFrames, frame(window.end)),
      }))
      .filter((window) => window.endFrame > window.startFrame);
  });
}

/**
 * The captions' cards drawn into `workspace` (each phrase and highlight once) as overlays of a
 * `width` x `height` video; none without a font.
 */
export async function drawVoiceoverCaptions(
  captions: readonly VoiceoverCaption[],
  video: { width: number; height: number; fps: number; frames: number },
  fontFile: string | null,
  workspace: TempWorkspace,
): Promise<TimedOverlay[]> {
  if (!fontFile) return [];
  const cards = new Map<string, Promise<{ file: string; x: number; y: number }>>();
  const cardFile = (text: string, highlight: number | null) => {
    const key = `${highlight ?? '-'}|${text}`;
    let card = cards.get(key);
    if (!card) {
      const file = workspace.file(`caption-${cards.size}.png`);
      card = renderCaptionCard({
        text,
        highlight,
        frameWidth: video.width,
        frameHeight: video.height,
        fontFile,
      }).then(async (drawn) => {
        await fs.writeFile(file, drawn.png);
        return { file, x: drawn.x, y: drawn.y };
      });
      cards.set(key, card);
    }
    return card;
  };
  return Promise.all(
    captionCardWindows(captions, video.fps, video.frames).map(async (window) => {
      const card = await cardFile(window.text, window.highlight);
      return {
        imagePath: card.file,
        x: card.x,
        y: card.y,
        startFrame: window.startFrame,
        endFrame: window.endFrame,
      };
    }),
  );
}
