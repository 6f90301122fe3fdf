/** A scene's colours: sky gradient, a glow, two accents and a dark "ink" for silhouettes. */
export interface Palette {
  name: string;
  skyTop: string;
  skyBottom: string;
  glow: string;
  accent: string;
  accent2: string;
  ink: string;
}

const hexPattern = /^#([0-9a-f]{6})$/i;

function toRgb(hex: string): [number, number, number] {
  const match = hexPattern.exec(hex);
  if (!match?.[1]) throw new RangeError(`Not a #rrggbb colour: ${hex}`);
  const value = Number.parseInt(match[1], 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

const toHex = (rgb: readonly number[]) =>
  `#${rgb
    .map((channel) =>
      Math.round(Math.min(255, Math.max(0, channel)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

/** Linear blend of two colours, t=0 gives `a`. */
export function mixColors(a: string, b: string, t: number): string {
  const from = toRgb(a);
  const to = toRgb(b);
  return toHex(from.map((channel, index) => channel + ((to[index] ?? 0) - channel) * t));
}

export const lighten = (color: string, amount: number) => mixColors(color, '#ffffff', amount);
export const darken = (color: string, amount: number) => mixColors(color, '#000000', amount);

/** Relative luminance 0..1 (sRGB weights), to choose text that reads on a colour. */
export function luminance(color: string): number {
  const [r, g, b] = toRgb(color);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

/** Rotates the hue of a colour by `degrees`, keeping lightness and saturation. */
export function shiftHue(color: string, degrees: number): string {
  const [r, g, b] = toRgb(color).map((channel) => channel / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const lightness = (max + min) / 2;
  if (max === min) return color;
  const delta = max - min;
  const saturation = lightness > 0.5 ? delta / (2 - max - min) : delta / (max + min);
  let hue =
    max === r ? (g - b) / delta + (g < b ? 6 : 0) : max === g ? (b - r) / delta + 2 : (r - g) / delta + 4;
  hue = (((hue * 60 + degrees) % 360) + 360) % 360;
  const q = lightness < 0.5 ? lightness * (1 + saturation) : lightness + saturation - lightness * saturation;
  const p = 2 * lightness - q;
  const channel = (t: number) => {
    const k = ((t % 1) + 1) % 1;
    if (k < 1 / 6) return p + (q - p) * 6 * k;
    if (k < 1 / 2) return q;
    if (k < 2 / 3) return p + (q - p) * (2 / 3 - k) * 6;
    return p;
  };
  const h = hue / 360;
  return toHex([channel(h + 1 / 3), channel(h), channel(h - 1 / 3)].map((value) => value * 255));
}

export function shiftPalette(palette: Palette, degrees: number): Palette {
  return {
    name: `${palette.name}~${Math.round(degrees)}`,
    skyTop: shiftHue(palette.skyTop, degrees),
    skyBottom: shiftHue(palette.skyBottom, degrees),
    glow: shiftHue(palette.glow, degrees),
    accent: shiftHue(palette.accent, degrees),
    accent2: shiftHue(palette.accent2, degrees),
    ink: shiftHue(palette.ink, degrees),
  };
}

/**
 * A palette built around one colour (a style reference's dominant colour, a colour word): the colour
 * glows low in the frame under a deep sky of its complement, as at golden hour.
 */
export function paletteFromColor(name: string, color: string): Palette {
  const complement = shiftHue(color, 180);
  return {
    name,
    skyTop: darken(mixColors(complement, '#1a1f3a', 0.5), 0.45),
    skyBottom: mixColors(color, '#ffffff', 0.1),
    glow: lighten(color, 0.55),
    accent: color,
    accent2: darken(shiftHue(color, 35), 0.15),
    ink: darken(mixColors(complement, color, 0.3), 0.8),
  };
}
