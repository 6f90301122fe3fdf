import fs from 'node:fs';
import { createRequire } from 'node:module';
import { shiftHue } from './palette';

/**
 * The illustration set: Fluent Emoji Flat (Microsoft, MIT) as Iconify JSON, matched to words through
 * the Emojibase English data (MIT): labels, tags and shortcodes. Both ship inside npm packages and
 * are read from node_modules once, on first use; nothing is downloaded (decision 020).
 */

interface IconifyIcon {
  body: string;
  width?: number;
  height?: number;
  left?: number;
  top?: number;
  hFlip?: boolean;
}
interface IconifySet {
  icons: Record<string, IconifyIcon>;
  aliases?: Record<string, { parent: string; hFlip?: boolean }>;
  width?: number;
  height?: number;
}
interface EmojibaseEntry {
  label: string;
  hexcode: string;
  tags?: string[];
  group?: number;
  subgroup?: number;
}

/** An illustration found for a word: the icon's name and how sure the match is (0..1). */
export interface IllustrationMatch {
  icon: string;
  /** The emoji's own name ("hot beverage" for "coffee"). */
  label: string;
  score: number;
  tags: readonly string[];
}

interface IndexedEmoji {
  icon: string;
  label: string;
  group: number;
  labelWords: string[];
  tags: Set<string>;
  shortcodes: string[];
}

interface Library {
  set: IconifySet;
  emojis: IndexedEmoji[];
  byWord: Map<string, IndexedEmoji[]>;
}

const require = createRequire(import.meta.url);
const readJson = <T>(specifier: string): T =>
  JSON.parse(fs.readFileSync(require.resolve(specifier), 'utf8')) as T;

// Emojibase groups: 0 smileys, 1 people, 2 skin tones, 3 animals and nature, 4 food, 5 travel and
// places, 6 activities, 7 objects, 8 symbols, 9 flags. Things a scene can show rank first.
const GROUP_BONUS: Record<number, number> = { 3: 6, 4: 6, 5: 5, 6: 4, 7: 4, 1: 3, 0: -6, 8: -14 };
const LEFT_OUT_GROUPS = new Set([2, 9]);
/** Symbols and signs stand for a word but do not show it ("no bicycles", "P button"). */
const SIGN_LABEL = /\b(button|sign|symbol|mark|arrow|prohibited|no|regional|keycap|flag|face)\b/;

let library: Library | null = null;

/** Whether this thread has loaded the emoji set (about 26 MB): render threads do, the server's should not. */
export const illustrationsLoaded = () => library !== null;

function load(): Library {
  if (library) return library;
  const set = readJson<IconifySet>('@iconify-json/fluent-emoji-flat/icons.json');
  const chars = readJson<Record<string, string>>('@iconify-json/fluent-emoji-flat/chars.json');
  const data = readJson<EmojibaseEntry[]>('emojibase-data/en/data.json');
  const shortcodes = readJson<Record<string, string | string[]>>(
    'emojibase-data/en/shortcodes/emojibase.json',
  );
  const emojis: IndexedEmoji[] = [];
  const byWord = new Map<string, IndexedEmoji[]>();
  for (const entry of data) {
    const group = entry.group ?? -1;
    if (LEFT_OUT_GROUPS.has(group) || group < 0) continue;
    const hex = entry.hexcode.toLowerCase();
    const icon = chars[hex] ?? chars[hex.replace(/-fe0f/g, '')];
    if (!icon || !(set.icons[icon] || set.aliases?.[icon])) continue;
    const codes = shortcodes[entry.hexcode];
    const indexed: IndexedEmoji = {
      icon,
      label: entry.label.toLowerCase(),
      group,
      labelWords: entry.label
        .toLowerCase()
        .split(/[^a-z0-9]+/)
        .filter(Boolean),
      tags: new Set((entry.tags ?? []).map((tag) => tag.toLowerCase())),
      shortcodes: (Array.isArray(codes) ? codes : codes ? [codes] : []).map((code) => code.toLowerCase()),
    };
    emojis.push(indexed);
    const words = new Set([
      ...indexed.labelWords,
      ...indexed.tags,
      ...indexed.shortcodes.flatMap((code) => [code, ...code.split('_')]),
    ]);
    for (const word of words) {
      const list = byWord.get(word) ?? [];
      list.push(indexed);
      byWord.set(word, list);
    }
  }
  library = { set, emojis, byWord };
  return library;
}

function score(emoji: IndexedEmoji, word: string): number {
  let points = 0;
  const { labelWords } = emoji;
  if (emoji.label === word) points = 100;
  else if (emoji.shortcodes.includes(word)) points = 88;
  else if (labelWords.at(-1) === word) points = 72;
  else if (labelWords[0] === word) points = 62;
  else if (labelWords.includes(word)) points = 52;
  else if (emoji.tags.has(word)) points = 44;
  else if (emoji.shortcodes.some((code) => code.split('_').includes(word))) points = 40;
  else return 0;
  if (SIGN_LABEL.test(emoji.label) && emoji.label !== word) points -= 24;
  // Shorter names are the plain thing ("dog" before "guide dog").
  return points + (GROUP_BONUS[emoji.group] ?? 0) - labelWords.length * 2;
}

/**
 * The best illustration for one word (a singular noun or a name): null when the set has nothing that
 * shows it. `context` words (the verb, "man" for "man biking") prefer an emoji naming them too.
 */
export function findIllustration(word: string, context: readonly string[] = []): IllustrationMatch | null {
  const { byWord } = load();
  const key = word.toLowerCase();
  const candidates = byWord.get(key);
  if (!candidates) return null;
  let best: IllustrationMatch | null = null;
  for (const emoji of candidates) {
    let points = score(emoji, key);
    if (points <= 0) continue;
    for (const extra of context) if (extra !== key && emoji.labelWords.includes(extra)) points += 30;
    if (!best || points > best.score)
      best = { icon: emoji.icon, label: emoji.label, score: points, tags: [...emoji.tags] };
  }
  // A tag alone ("luxury" on the speedboat) is too loose to stand for the word.
  if (!best || best.score < 50) return null;
  return { ...best, score: Math.min(1, best.score / 100) };
}

/** Whether the set has an icon of this exact name (for the planner's fixed props: "evergreen-tree"). */
export function hasIllustration(icon: string): boolean {
  const { set } = load();
  return Boolean(set.icons[icon] ?? set.aliases?.[icon]);
}

/** How an illustration is recoloured: its colourful fills turned to a hue, or greyed to a metal. */
export interface IllustrationTint {
  color: string;
  /** Grey metals and black or white keep no hue. */
  neutral: boolean;
}

const HEX = /#([0-9a-f]{6}|[0-9a-f]{3})\b/gi;

function expand(hex: string): string {
  const value = hex.slice(1);
  return value.length === 3
    ? `#${[...value].map((digit) => digit + digit).join('')}`.toLowerCase()
    : `#${value}`.toLowerCase();
}

function hsl(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  const [r, g, b] = [(value >> 16) & 255, (value >> 8) & 255, value & 255].map((c) => c / 255) as [
    number,
    number,
    number,
  ];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h = max === r ? (g - b) / d + (g < b ? 6 : 0) : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return [h * 60, s, l];
}

function grey(lightness: number): string {
  const v = Math.round(Math.min(1, Math.max(0, lightness)) * 255)
    .toString(16)
    .padStart(2, '0');
  return `#${v}${v}${v}`;
}

/**
 * Recolours an icon's body: the main colourful fills take the tint's hue (their lightness kept, so
 * shading stays), or turn grey for a neutral tint; near-black and near-white details stay.
 */
export function tintBody(body: string, tint: IllustrationTint): string {
  const colours = [...body.matchAll(HEX)].map((match) => expand(match[0]));
  const colourful = colours.filter((colour) => hsl(colour)[1] > 0.25);
  if (colourful.length === 0 && !tint.neutral) return body;
  const counts = new Map<number, number>();
  for (const colour of colourful) {
    const bucket = Math.round(hsl(colour)[0] / 30) % 12;
    counts.set(bucket, (counts.get(bucket) ?? 0) + 1);
  }
  const mainBucket = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 0;
  const [targetHue, targetSat, targetLight] = hsl(expand(tint.color));
  const targetBucket = Math.round(targetHue / 30) % 12;
  // A red fox is drawn orange already: a hue that close is left as the artist drew it.
  if (
    !tint.neutral &&
    Math.min(Math.abs(targetBucket - mainBucket), 12 - Math.abs(targetBucket - mainBucket)) <= 1
  )
    return body;
  return body.replace(HEX, (match) => {
    const colour = expand(match);
    const [h, s, l] = hsl(colour);
    if (tint.neutral) {
      if (s < 0.12 && (l < 0.12 || l > 0.92)) return match;
      // Metals: the shading kept as greys around the tint's lightness.
      return grey(targetLight * 0.55 + l * 0.45);
    }
    if (s <= 0.25) return match;
    const bucket = Math.round(h / 30) % 12;
    const distance = Math.min(Math.abs(bucket - mainBucket), 12 - Math.abs(bucket - mainBucket));
    if (distance > 1) return match;
    const turned = shiftHue(colour, targetHue - h);
    const [, , turnedLight] = hsl(turned);
    // Strongly coloured tints (red, blue) also take their saturation.
    return targetSat > 0.5 ? turned : grey(turnedLight);
  });
}

/**
 * The icon as a standalone SVG of `size` pixels (square), optionally tinted and mirrored. Pure apart
 * from reading the set once.
 */
export function illustrationSvg(
  icon: string,
  size: number,
  options: { tint?: IllustrationTint; flip?: boolean } = {},
): string {
  const { set } = load();
  const alias = set.aliases?.[icon];
  const data = set.icons[alias ? alias.parent : icon];
  if (!data) throw new RangeError(`No illustration named ${icon}`);
  const width = data.width ?? set.width ?? 32;
  const height = data.height ?? set.height ?? 32;
  const left = data.left ?? 0;
  const top = data.top ?? 0;
  const flip = Boolean(alias?.hFlip) !== Boolean(options.flip);
  let body = options.tint ? tintBody(data.body, options.tint) : data.body;
  if (flip) body = `<g transform="translate(${2 * left + width} 0) scale(-1 1)">${body}</g>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="${left} ${top} ${width} ${height}">${body}</svg>`;
}

/** An illustration offered by the subject picker. */
export interface IllustrationEntry {
  id: string;
  label: string;
}

/** Groups a scene can show (animals and nature, food, places, activities, objects, people). */
const PICKER_GROUPS = new Set([3, 4, 5, 6, 7, 1]);

/**
 * Illustrations whose name, tags or shortcodes hold every word of `query`, best matches first (the
 * name itself, then a name starting with it, then tags); an empty query answers a first page of
 * things a scene can show.
 */
export function searchIllustrationSet(query: string, limit = 40): IllustrationEntry[] {
  const { emojis } = load();
  const words = query
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  const seen = new Set<string>();
  const ranked: { entry: IllustrationEntry; rank: number }[] = [];
  for (const emoji of emojis) {
    if (!PICKER_GROUPS.has(emoji.group) || SIGN_LABEL.test(emoji.label) || seen.has(emoji.icon)) continue;
    let rank = 0;
    for (const word of words) {
      const inLabel = emoji.labelWords.some((labelWord) => labelWord.startsWith(word));
      const inTags =
        [...emoji.tags].some((tag) => tag.startsWith(word)) ||
        emoji.shortcodes.some((code) => code.includes(word));
      if (!inLabel && !inTags) {
        rank = -1;
        break;
      }
      rank += emoji.label === word ? 100 : emoji.labelWords.includes(word) ? 60 : inLabel ? 40 : 10;
    }
    if (rank < 0) continue;
    seen.add(emoji.icon);
    ranked.push({ entry: { id: emoji.icon, label: emoji.label }, rank: rank - emoji.labelWords.length });
  }
  return ranked
    .sort((a, b) => b.rank - a.rank)
    .slice(0, limit)
    .map((item) => item.entry);
}
