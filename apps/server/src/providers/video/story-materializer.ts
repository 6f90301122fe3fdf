import fs from 'node:fs/promises';
import { sharp } from '../../media/sharp';
import type { CaptionFonts } from '../../media/font-files';
import { composeStill, placeSubject, type VettedImage } from '../../media/image-intake';
import type { Shot, Sprite } from '../../media/render-plan';
import { createRandom } from '../../media/seeded-random';
import type { TempWorkspace } from '../../media/temp-workspace';
import { renderCaptionCard, type CaptionCard } from '../../media/caption-cards';
import type { TimedOverlay } from '../../media/render-plan';
import { sceneSvg, spriteSvg } from './scene-art';
import { movingFigureSvg, scenerySvg, weatherLayerSvg } from './scenery-art';
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

/**
 * Turns a story plan into the render plan's shots: draws the art (SVG through sharp), frames the
 * images, writes the caption files and the sprite images into the workspace.
 */
export async function materializeShots(plan: StoryPlan, context: MaterializeContext): Promise<Shot[]> {
  const { width, height, workspace } = context;
  const shortSide = Math.min(width, height);
  const spriteFiles = new Map<string, Promise<string>>();
  const cards = new Map<string, Promise<CaptionCard & { file: string }>>();
  const weatherFiles = new Map<string, Promise<string>>();

  /** A caption card PNG, drawn once per phrase and highlighted word. */
  const cardFile = (text: string, highlight: number | null) => {
    const key = `${highlight ?? '-'}|${text}`;
    let card = cards.get(key);
    const fonts = context.fonts;
    if (!card && fonts) {
      const target = workspace.file(`card-${cards.size}.png`);
      card = renderCaptionCard({
        text,
        highlight,
        frameWidth: width,
        frameHeight: height,
        fontFile: fonts.sansBold,
      }).then(async (drawn) => {
        await fs.writeFile(target, drawn.png);
        return { ...drawn, file: target };
      });
      cards.set(key, card);
    }
    return card;
  };

  /** The caption cards of a scene: one per word said, swapped as the words are spoken. */
  const captionOverlays = async (scene: PlannedScene): Promise<TimedOverlay[]> => {
    const overlays: TimedOverlay[] = [];
    for (const caption of scene.captions) {
      if (UNSUPPORTED_SCRIPT.test(caption.text) || !context.fonts) continue;
      const words = caption.words ?? [];
      const windows =
        words.length > 0
          ? words.map((word, index) => ({
              highlight: index as number | null,
              start: index === 0 ? caption.startFrame : word.startFrame,
              end:
                index === words.length - 1
                  ? caption.endFrame
                  : (words[index + 1]?.startFrame ?? word.endFrame),
            }))
          : [{ highlight: null, start: caption.startFrame, end: caption.endFrame }];
      for (const window of windows) {
        const start = Math.max(0, window.start);
        const end = Math.min(scene.frames, window.end);
        if (end <= start) continue;
        const card = await cardFile(caption.text, window.highlight);
        if (card)
          overlays.push({ imagePath: card.file, x: card.x, y: card.y, startFrame: start, endFrame: end });
      }
    }
    return overlays;
  };

  const weatherFile = (kind: 'snow' | 'rain', seed: number) => {
    let file = weatherFiles.get(kind);
    if (!file) {
      const target = workspace.file(`weather-${kind}.png`);
      file = sharp(Buffer.from(weatherLayerSvg(kind, width, height, createRandom(seed))))
        .png({ compressionLevel: 1 })
        .toFile(target)
        .then(() => target);
      weatherFiles.set(kind, file);
    }
    return file;
  };

  const movingFile = (subject: NonNullable<PlannedScene['moving']>[number]) => {
    const pixels = Math.max(16, Math.round((subject.size * shortSide) / 4) * 4);
    const key = `moving-${subject.icon}-${subject.tint?.color.replace('#', '') ?? 'plain'}-${subject.flip}-${pixels}`;
    let file = spriteFiles.get(key);
    if (!file) {
      const target = workspace.file(`${key}.png`);
      file = sharp(Buffer.from(movingFigureSvg(subject.icon, pixels, subject.tint, subject.flip)))
        .png()
        .toFile(target)
        .then(() => target);
      spriteFiles.set(key, file);
    }
    return file;
  };

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
      if (source.kind === 'art' && scene.scenery) {
        const random = createRandom(scene.artSeed);
        const underlay =
          scene.scenery.setting === 'abstract'
            ? sceneSvg({
                width,
                height,
                palette: scene.palette,
                motifs: source.motifs,
                random: random.fork('motifs'),
              })
                .replace(/^<svg[^>]*>/, '')
                .replace(/<\/svg>$/, '')
            : undefined;
        const svg = scenerySvg({
          width,
          height,
          scenery: scene.scenery,
          figures: scene.figures ?? [],
          random,
          ...(underlay ? { underlay } : {}),
        });
        await sharp(Buffer.from(svg)).removeAlpha().png({ compressionLevel: 1 }).toFile(imagePath);
      } else if (source.kind === 'art' || source.kind === 'subject') {
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
      const seconds = scene.frames / plan.fps;
      const moving: Sprite[] = await Promise.all(
        (scene.moving ?? []).map(async (subject) => ({
          imagePath: await movingFile(subject),
          fromX: subject.fromX,
          fromY: subject.fromY,
          toX: subject.toX,
          toY: subject.toY,
          swayPixels: 0,
          swayPeriodSeconds: 1,
          swayPhase: 0,
          arc: subject.arc,
          bobPixels: subject.bob * shortSide,
          bobPeriodSeconds: subject.bobPeriodSeconds,
          easing: subject.easing,
        })),
      );
      const weather = scene.scenery?.weather;
      const falling = weather === 'snow' ? 'snow' : weather === 'rain' || weather === 'storm' ? 'rain' : null;
      const layers: Sprite[] = falling
        ? [
            {
              imagePath: await weatherFile(falling, scene.artSeed),
              fromX: 0.5,
              fromY: 0.5,
              toX: 0.5,
              toY: 0.5,
              swayPixels: falling === 'snow' ? shortSide * 0.01 : 0,
              swayPeriodSeconds: 3,
              swayPhase: 0,
              scrollPeriodSeconds: falling === 'snow' ? Math.max(seconds, 5) : 0.9,
            },
          ]
        : [];
      const overlays = await captionOverlays(scene);
      return {
        imagePath,
        frames: scene.frames,
        motion: scene.motion,
        captions: [],
        sprites: [...sprites, ...moving, ...layers],
        overlays,
        transitionIn: scene.transitionIn,
      };
    }),
  );
}
