import { sharp } from './sharp';

/** Where a face is in an image, as fractions of its width and height. */
export interface FaceRegion {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The mask is computed on a small copy: faces are large in portraits, and this keeps it fast. */
const ANALYSIS_SIDE = 160;
/** A face smaller than this share of the image is more likely a hand or a wooden table. */
const MIN_AREA_SHARE = 0.012;

/**
 * Skin by colour (the YCbCr ranges of Chai and Ngan, 1999), with a floor on brightness so dark hair
 * and shadows do not count. No model is needed: a face is the largest skin area in the upper part.
 */
function isSkin(r: number, g: number, b: number): boolean {
  const y = 0.299 * r + 0.587 * g + 0.114 * b;
  const cb = 128 - 0.168736 * r - 0.331264 * g + 0.5 * b;
  const cr = 128 + 0.5 * r - 0.418688 * g - 0.081312 * b;
  return y > 50 && cb >= 77 && cb <= 127 && cr >= 133 && cr <= 173;
}

/**
 * The face of a portrait or a person photo, found offline without a vision model: the largest
 * connected area of skin colour whose centre is in the upper three quarters of the image, cut to a
 * face's proportions (a neck or shoulders joined to it below are left out). Null when nothing
 * skin-coloured is large enough, so callers frame the image without a face.
 */
export async function findFaceRegion(image: Buffer): Promise<FaceRegion | null> {
  const { data, info } = await sharp(image)
    .resize(ANALYSIS_SIDE, ANALYSIS_SIDE, { fit: 'inside' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const skin = new Uint8Array(width * height);
  for (let pixel = 0; pixel < width * height; pixel += 1) {
    skin[pixel] = isSkin(data[pixel * 3]!, data[pixel * 3 + 1]!, data[pixel * 3 + 2]!) ? 1 : 0;
  }

  let best: { minX: number; minY: number; maxX: number; maxY: number; area: number } | null = null;
  const seen = new Uint8Array(width * height);
  const stack: number[] = [];
  for (let start = 0; start < skin.length; start += 1) {
    if (!skin[start] || seen[start]) continue;
    const box = { minX: width, minY: height, maxX: 0, maxY: 0, area: 0 };
    stack.push(start);
    seen[start] = 1;
    while (stack.length > 0) {
      const pixel = stack.pop()!;
      const x = pixel % width;
      const y = (pixel - x) / width;
      box.area += 1;
      box.minX = Math.min(box.minX, x);
      box.maxX = Math.max(box.maxX, x);
      box.minY = Math.min(box.minY, y);
      box.maxY = Math.max(box.maxY, y);
      for (const next of [pixel - 1, pixel + 1, pixel - width, pixel + width]) {
        if (next < 0 || next >= skin.length || seen[next] || !skin[next]) continue;
        if (Math.abs((next % width) - x) > 1) continue;
        seen[next] = 1;
        stack.push(next);
      }
    }
    const centreY = (box.minY + box.maxY) / 2 / height;
    if (centreY > 0.75 || box.area < MIN_AREA_SHARE * width * height) continue;
    // A face is roughly an upright oval inside the picture; a skin-coloured wall or wooden panel
    // runs along the picture's edges or has a face's proportions nowhere.
    const touching =
      Number(box.minX === 0) +
      Number(box.minY === 0) +
      Number(box.maxX === width - 1) +
      Number(box.maxY === height - 1);
    const proportion = (box.maxY - box.minY + 1) / (box.maxX - box.minX + 1);
    if (touching >= 2 || proportion < 0.6 || proportion > 2.6) continue;
    if (!best || box.area > best.area) best = box;
  }
  if (!best) return null;
  const faceWidth = best.maxX - best.minX + 1;
  // A face is about 1.3 times as tall as wide; skin below that is neck, chest or arms.
  const faceHeight = Math.min(best.maxY - best.minY + 1, Math.round(faceWidth * 1.35));
  return {
    x: best.minX / width,
    y: best.minY / height,
    width: faceWidth / width,
    height: faceHeight / height,
  };
}
