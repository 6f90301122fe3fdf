import type { StoryboardScene } from '@reelcraft/contract';
import { frameSize, type AspectRatio } from '../../media/frame-size';

import { composeStill, intakeImage, DEFAULT_MAX_IMAGE_PIXELS } from '../../media/image-intake';
import { sharp } from '../../media/sharp';
import { createRandom } from '../../media/seeded-random';
import { scenerySvg, type StillFigure } from './scenery-art';
import { sceneLayout, sceneSeed } from './storyboard-scenes';

/** A preview's long side in pixels: enough for a scene card, quick to draw. */
const PREVIEW_LONG_SIDE = 480;

export interface ScenePreviewRequest {
  scene: StoryboardScene;
  seed: number;
  aspect: AspectRatio;
  /** The bytes of the scene's first image subject, when it has one. */
  image?: Buffer;
}

/**
 * A still of a scene as its clip starts (without captions or camera move): the setting, light and
 * weather with its subjects placed as the renderer places them, or the user's image framed.
 */
export async function renderScenePreview(request: ScenePreviewRequest): Promise<Buffer> {
  const full = frameSize(request.aspect, 'standard');
  const scale = PREVIEW_LONG_SIDE / Math.max(full.width, full.height);
  const width = Math.round((full.width * scale) / 2) * 2;
  const height = Math.round((full.height * scale) / 2) * 2;
  if (request.image) {
    const vetted = await intakeImage(
      request.image,
      { maxBytes: 64 * 1024 * 1024, maxPixels: DEFAULT_MAX_IMAGE_PIXELS },
      { maxLongSide: PREVIEW_LONG_SIDE },
    );
    return sharp(await composeStill(vetted, width, height))
      .png()
      .toBuffer();
  }
  const { scene } = request;
  const layout = sceneLayout(scene, request.seed);
  // Subjects that move are shown half-way along their path.
  const moving: StillFigure[] = layout.moving.map((subject) => ({
    icon: subject.icon,
    tint: subject.tint,
    flip: subject.flip,
    size: subject.size,
    x: Math.min(0.9, Math.max(0.1, (subject.fromX + subject.toX) / 2)),
    y: Math.min(0.9, Math.max(0.1, (subject.fromY + subject.toY) / 2)),
    shadow: false,
  }));
  const svg = scenerySvg({
    width,
    height,
    scenery: {
      setting: scene.visual.setting,
      time: scene.visual.time,
      weather: scene.visual.weather,
      surface: null,
    },
    figures: [...layout.still, ...moving],
    random: createRandom(sceneSeed(request.seed, scene.id)),
  });
  return sharp(Buffer.from(svg)).removeAlpha().png({ compressionLevel: 6 }).toBuffer();
}
