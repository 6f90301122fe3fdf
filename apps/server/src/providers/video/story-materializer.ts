import fs from 'node:fs/promises';
import sharp from 'sharp';
import { fitCaption, typewriterSteps } from '../../media/captions';
import type { CaptionFonts } from '../../media/font-files';
import { composeStill, placeSubject, type VettedImage } from '../../media/image-intake';
import type { CaptionLine, Shot, Sprite } from '../../media/render-plan';
import { createRandom } from '../../media/seeded-random';
import type { TempWorkspace } from '../../media/temp-workspace';
import type { CaptionFont, CaptionStyle } from './category-looks';
import { sceneSvg, spriteSvg } from './scene-art';
import { UNSUPPORTED_SCRIPT, type PlannedScene, type StoryPlan } from './scene-planner';

export interface MaterializeContext {
  width: number;
  height: number;
  workspace: TempWorkspace;
  /** Null: captions are left out (no font on this machine, see the start-up log). */
  fonts: CaptionFonts | null;
  /** Vetted images the plan's image scenes point to, by index. */
  images: readonly VettedImage[];
}

const FONT_FILES: Record<CaptionFont, keyof CaptionFonts> = {
  'sans-bold': 'sansBold',
  sans: 'sans',
  'serif-bold': 'serifBold',
  'mono-bold': 'monoBold',
};

/** Text over a bright part of the picture turns dark, so captions stay readable on any still. */
const BRIGHT_BACKGROUND = 0.62;

/** Mean luminance (0..1) of the horizontal band of a still where the captions sit. */
async function bandLuminance(stillPath: string, top: number, bottom: number): Promise<number> {
  const image = sharp(stillPath);
  const { width = 1, height = 1 } = await image.metadata();
  const y = Math.max(0, Math.min(height - 2, Math.round(top * height)));
  const band = Math.max(1, Math.min(height - y, Math.round((bottom - top) * height)));
  const stats = await image.extract({ left: 0, top: y, width, height: band }).removeAlpha().stats();
  const [r, g, b] = stats.channels.map((channel) => channel.mean / 255);
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
}

/** Caption lines of one scene: wrapped, stacked, each with its text file(s). */
async function captionLines(
  scene: PlannedScene,
  sceneIndex: number,
  baseStyle: CaptionStyle,
  context: MaterializeContext,
  stillPath: string,
): Promise<CaptionLine[]> {
  const { width, height, fonts, workspace } = context;
  if (!fonts || scene.captions.length === 0) return [];
  let style = baseStyle;
  if (
    !style.boxColor &&
    (await bandLuminance(stillPath, style.y - 0.02, style.y + 0.16)) > BRIGHT_BACKGROUND
  ) {
    style = { ...style, color: '#15151f', borderColor: 'white@0.45' };
  }
  const shortSide = Math.min(width, height);
  const styleFontSize = Math.max(14, Math.round(style.size * shortSide));
  const maxWidth = width * (style.align === 'center' ? 0.86 : 0.8);
  const lines: CaptionLine[] = [];
  for (const [captionIndex, caption] of scene.captions.entries()) {
    if (UNSUPPORTED_SCRIPT.test(caption.text)) continue;
    // A long caption is set a little smaller rather than cut.
    const { lines: wrapped, fontSize } = fitCaption(caption.text, styleFontSize, maxWidth, 2);
    const lineHeight = (fontSize * 1.3) / height;
    // Keep the block inside the lower safe area.
    const top = Math.min(style.y, 0.92 - wrapped.length * lineHeight);
    for (const [lineIndex, text] of wrapped.entries()) {
      const steps = style.animation === 'typewriter' ? typewriterSteps(text) : [text];
      const textFiles: string[] = [];
      for (const [stepIndex, step] of steps.entries()) {
        const file = workspace.file(`caption-${sceneIndex}-${captionIndex}-${lineIndex}-${stepIndex}.txt`);
        await fs.writeFile(file, step, 'utf8');
        textFiles.push(file);
      }
      // Second lines follow a moment later, which reads as one kinetic caption.
      const delay = lineIndex * Math.min(6, Math.round(0.06 * (caption.endFrame - caption.startFrame)));
      lines.push({
        textFiles,
        fontFile: fonts[FONT_FILES[style.font]],
        fontSize,
        color: style.color,
        borderColor: style.borderColor,
        borderWidth: Math.max(0, Math.round((style.borderWidth * shortSide) / 720)),
        ...(style.boxColor ? { boxColor: style.boxColor, boxPadding: Math.round(fontSize * 0.35) } : {}),
        align: style.align,
        marginX: 0.08,
        y: top + lineIndex * lineHeight,
        startFrame: Math.min(caption.endFrame - 1, caption.startFrame + delay),
        endFrame: caption.endFrame,
        animation: style.animation,
      });
    }
  }
  return lines;
}

/**
 * Turns a story plan into the render plan's shots: draws the art (SVG through sharp), frames the
 * images, writes the caption files and the sprite images into the workspace.
 */
export async function materializeShots(plan: StoryPlan, context: MaterializeContext): Promise<Shot[]> {
  const { width, height, workspace } = context;
  const shortSide = Math.min(width, height);
  const spriteFiles = new Map<string, Promise<string>>();

  const spriteFile = (
    kind: Parameters<typeof spriteSvg>[0],
    color: string,
    size: number,
  ): Promise<string> => {
    const pixels = Math.max(8, Math.round((size * shortSide) / 8) * 8);
    const key = `${kind}-${color.replace('#', '')}-${pixels}`;
    let file = spriteFiles.get(key);
    if (!file) {
      const target = workspace.file(`sprite-${key}.png`);
      file = sharp(Buffer.from(spriteSvg(kind, pixels, color)))
        .png()
        .toFile(target)
        .then(() => target);
      spriteFiles.set(key, file);
    }
    return file;
  };

  return Promise.all(
    plan.scenes.map(async (scene, index): Promise<Shot> => {
      const imagePath = workspace.file(`still-${index}.png`);
      const { source } = scene;
      if (source.kind === 'art' || source.kind === 'subject') {
        const svg = sceneSvg({
          width,
          height,
          palette: scene.palette,
          motifs: source.motifs,
          random: createRandom(scene.artSeed),
        });
        const art = await sharp(Buffer.from(svg)).removeAlpha().png({ compressionLevel: 1 }).toBuffer();
        if (source.kind === 'art') {
          await fs.writeFile(imagePath, art);
        } else {
          const image = context.images[source.index];
          if (!image) throw new RangeError(`Scene ${index} points to a missing subject`);
          await fs.writeFile(imagePath, await placeSubject(image, art, width, height, source.placement));
        }
      } else {
        const image = context.images[source.index];
        if (!image) throw new RangeError(`Scene ${index} points to a missing image`);
        // Stills at the frame's size: a larger one costs the encoder ~12 % more for little gain.
        await fs.writeFile(imagePath, await composeStill(image, width, height));
      }
      const sprites: Sprite[] = await Promise.all(
        scene.sprites.map(async (sprite) => ({
          imagePath: await spriteFile(sprite.kind, sprite.color, sprite.size),
          fromX: sprite.fromX,
          fromY: sprite.fromY,
          toX: sprite.toX,
          toY: sprite.toY,
          swayPixels: sprite.swayFraction * shortSide,
          swayPeriodSeconds: sprite.swayPeriodSeconds,
          swayPhase: sprite.swayPhase,
        })),
      );
      return {
        imagePath,
        frames: scene.frames,
        motion: scene.motion,
        captions: await captionLines(scene, index, plan.captionStyle, context, imagePath),
        sprites,
        transitionIn: scene.transitionIn,
      };
    }),
  );
}
