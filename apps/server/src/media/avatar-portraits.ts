import { sharp } from './sharp';
import { findFaceRegion, type FaceRegion } from './face-region';
import { imageColors, keyOutPlainBackground, sharpFromVetted, type VettedImage } from './image-intake';
import { createRandom } from './seeded-random';

/** Portraits are square, large enough for a 1080p presenter video's head-and-shoulders shot. */
export const PORTRAIT_SIDE = 768;

export interface PortraitRequest {
  /** The user's photo of the person (vetted). */
  reference: VettedImage;
  /** An optional image whose colours set the fourth portrait's backdrop. */
  style?: VettedImage;
  /** The user's words: colour and mood words ("warm", "blue", "dark") tint the backdrops. */
  prompt: string;
  seed: number;
}

export interface RenderedPortrait {
  /** What the candidate shows the user, e.g. "Studio light". */
  style: string;
  png: Buffer;
}

interface Look {
  style: string;
  /** Backdrop: inner and outer colours of its radial gradient. */
  inner: string;
  outer: string;
  /** Light on the subject: brightness, saturation and a tint laid over it. */
  brightness: number;
  saturation: number;
  tint: string | null;
  bokeh: boolean;
}

const COLOUR_WORDS: Record<string, number> = {
  red: 0,
  orange: 28,
  gold: 45,
  yellow: 52,
  green: 125,
  teal: 175,
  cyan: 185,
  blue: 215,
  navy: 225,
  purple: 275,
  violet: 270,
  pink: 330,
  magenta: 310,
};

/** The hue named in the prompt, if any. */
function promptHue(prompt: string): number | null {
  for (const word of prompt.toLowerCase().split(/[^a-z]+/)) {
    const hue = COLOUR_WORDS[word];
    if (hue !== undefined) return hue;
  }
  return null;
}

const hsl = (hue: number, saturation: number, lightness: number) =>
  `hsl(${Math.round(((hue % 360) + 360) % 360)},${saturation}%,${lightness}%)`;

/** The four looks: a neutral studio, warm window light, cool evening, and the user's own colour. */
function looksFor(prompt: string, styleColour: string | null, random: () => number): Look[] {
  const words = prompt.toLowerCase();
  const dark = /\b(dark|night|moody|dramatic|black)\b/.test(words);
  const hue = promptHue(prompt);
  const ownHue = hue ?? Math.round(random() * 360);
  return [
    {
      style: 'Studio light',
      inner: dark ? hsl(220, 6, 34) : hsl(220, 8, 88),
      outer: dark ? hsl(220, 10, 12) : hsl(220, 8, 62),
      brightness: 1.04,
      saturation: 1,
      tint: null,
      bokeh: false,
    },
    {
      style: 'Warm window',
      inner: hsl(36, 70, dark ? 42 : 78),
      outer: hsl(20, 45, dark ? 14 : 38),
      brightness: 1.06,
      saturation: 1.08,
      tint: 'rgba(255,170,90,0.10)',
      bokeh: true,
    },
    {
      style: 'Cool evening',
      inner: hsl(205, 45, dark ? 30 : 48),
      outer: hsl(228, 55, dark ? 8 : 16),
      brightness: 0.98,
      saturation: 0.92,
      tint: 'rgba(90,150,255,0.10)',
      bokeh: true,
    },
    {
      style: hue !== null ? 'Your colour' : styleColour ? 'Style reference' : 'Colour pop',
      inner: styleColour && hue === null ? styleColour : hsl(ownHue, 75, dark ? 38 : 62),
      outer: hsl(ownHue + 20, 60, dark ? 10 : 26),
      brightness: 1.03,
      saturation: 1.1,
      tint: null,
      bokeh: false,
    },
  ];
}

function backdropSvg(look: Look, random: () => number): string {
  const side = PORTRAIT_SIDE;
  const cx = 45 + random() * 15;
  const cy = 30 + random() * 15;
  const circles = look.bokeh
    ? Array.from({ length: 14 }, () => {
        const r = 12 + random() * 46;
        return `<circle cx="${(random() * side).toFixed(0)}" cy="${(random() * side * 0.7).toFixed(0)}" r="${r.toFixed(0)}" fill="white" fill-opacity="${(0.05 + random() * 0.12).toFixed(2)}"/>`;
      }).join('')
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${side}" height="${side}">
    <defs><radialGradient id="g" cx="${cx}%" cy="${cy}%" r="80%">
      <stop offset="0" stop-color="${look.inner}"/><stop offset="1" stop-color="${look.outer}"/>
    </radialGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>${circles}</svg>`;
}

/** Light from above the camera and a darker rim, over the whole portrait. */
function lightSvg(look: Look): string {
  const side = PORTRAIT_SIDE;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${side}" height="${side}">
    <defs>
      <radialGradient id="key" cx="42%" cy="28%" r="55%">
        <stop offset="0" stop-color="white" stop-opacity="0.16"/><stop offset="1" stop-color="white" stop-opacity="0"/>
      </radialGradient>
      <radialGradient id="vignette" cx="50%" cy="45%" r="75%">
        <stop offset="0.55" stop-color="black" stop-opacity="0"/><stop offset="1" stop-color="black" stop-opacity="0.45"/>
      </radialGradient>
    </defs>
    <rect width="100%" height="100%" fill="url(#key)"/>
    ${look.tint ? `<rect width="100%" height="100%" fill="${look.tint}"/>` : ''}
    <rect width="100%" height="100%" fill="url(#vignette)"/></svg>`;
}

/**
 * The square to cut from the photo: head and shoulders around the face (the face's centre at 42%
 * of the height, the face a third of the width), or the top of the photo when no face was found.
 */
function portraitCrop(width: number, height: number, face: FaceRegion | null) {
  let side = face ? face.width * width * 2.8 : Math.min(width, height);
  side = Math.round(Math.min(side, width, height));
  const centreX = face ? (face.x + face.width / 2) * width : width / 2;
  const centreY = face ? (face.y + face.height / 2) * height : side * 0.42;
  const left = Math.round(Math.min(width - side, Math.max(0, centreX - side / 2)));
  const top = Math.round(Math.min(height - side, Math.max(0, centreY - side * 0.42)));
  return { left, top, width: side, height: side };
}

/**
 * Four stylised portrait candidates of the person in a photo, made offline (the studio's avatar
 * mode): cut to head and shoulders around the face, set on generated backdrops (the person cut out
 * when the photo has a plain background, softly framed otherwise), lit per look. The same request
 * and seed give the same portraits.
 */
export async function renderAvatarPortraits(request: PortraitRequest): Promise<RenderedPortrait[]> {
  const generator = createRandom(request.seed);
  const random = () => generator.next();
  const photo = await sharpFromVetted(request.reference).png().toBuffer();
  const face = await findFaceRegion(photo);
  const crop = portraitCrop(request.reference.width, request.reference.height, face);
  const { data, info } = await sharp(photo)
    .extract(crop)
    .resize(PORTRAIT_SIDE, PORTRAIT_SIDE)
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const cutOut = keyOutPlainBackground(data, info.width, info.height, { ignoreBottom: true });
  if (!cutOut) featherEdges(data, info.width, info.height);
  const subject = sharp(data, { raw: { width: info.width, height: info.height, channels: 4 } });
  const styleColour = request.style ? (await imageColors(request.style)).dominant : null;

  return Promise.all(
    looksFor(request.prompt, styleColour, random).map(async (look) => {
      const lit = await subject
        .clone()
        .modulate({ brightness: look.brightness, saturation: look.saturation })
        .png()
        .toBuffer();
      const png = await sharp(Buffer.from(backdropSvg(look, random)))
        .composite([{ input: lit }, { input: Buffer.from(lightSvg(look)) }])
        .removeAlpha()
        .png()
        .toBuffer();
      return { style: look.style, png };
    }),
  );
}

/** A photo with its own background fades into the backdrop towards its edges (an oval vignette). */
function featherEdges(rgba: Buffer, width: number, height: number): void {
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const dx = (x - width / 2) / (width * 0.5);
      const dy = (y - height * 0.52) / (height * 0.56);
      const distance = Math.sqrt(dx * dx + dy * dy);
      const alpha = Math.max(0, Math.min(1, (1 - distance) / 0.22));
      const index = (y * width + x) * 4 + 3;
      rgba[index] = Math.round((rgba[index] ?? 255) * alpha);
    }
  }
}
