import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { captionWidth, fitCaption, wrapCaption } from './captions';
import { findCaptionFonts } from './font-files';
import { frameSize } from './frame-size';

/** Advances (em) of DejaVu Sans Bold, from its hmtx table: the widths drawtext really draws. */
const SANS_BOLD: Readonly<Record<string, number>> = {
  ' ': 0.348,
  '…': 1,
  A: 0.774,
  B: 0.762,
  C: 0.734,
  D: 0.83,
  E: 0.683,
  F: 0.683,
  G: 0.821,
  H: 0.837,
  I: 0.372,
  K: 0.775,
  L: 0.637,
  M: 0.995,
  N: 0.837,
  O: 0.85,
  R: 0.77,
  S: 0.72,
  T: 0.682,
  U: 0.812,
  V: 0.774,
  W: 1.103,
};
const sansBoldWidth = (line: string, fontSize: number) =>
  Array.from(line).reduce((sum, char) => sum + (SANS_BOLD[char] ?? Number.NaN) * fontSize, 0);

/** Advance (em) of a character in a TrueType font, read from its cmap (format 4) and hmtx tables. */
function fontAdvances(file: string): (char: string) => number {
  const font = fs.readFileSync(file);
  const tables = new Map<string, number>();
  for (let index = 0; index < font.readUInt16BE(4); index += 1) {
    const record = 12 + index * 16;
    tables.set(font.toString('ascii', record, record + 4), font.readUInt32BE(record + 8));
  }
  const table = (tag: string) => tables.get(tag) ?? Number.NaN;
  const unitsPerEm = font.readUInt16BE(table('head') + 18);
  const metrics = font.readUInt16BE(table('hhea') + 34);
  const cmap = table('cmap');
  let map = Number.NaN;
  for (let index = 0; index < font.readUInt16BE(cmap + 2); index += 1) {
    const record = cmap + 4 + index * 8;
    // Windows Unicode BMP, the subtable every DejaVu face has.
    if (font.readUInt16BE(record) === 3 && font.readUInt16BE(record + 2) === 1)
      map = cmap + font.readUInt32BE(record + 4);
  }
  const segments = font.readUInt16BE(map + 6) / 2;
  // Four arrays of `segments` words: end codes, then (after a padding word) starts, deltas, offsets.
  const ends = map + 14;
  const starts = ends + segments * 2 + 2;
  const deltas = starts + segments * 2;
  const offsets = deltas + segments * 2;
  const glyphOf = (code: number) => {
    for (let at = 0; at < segments * 2; at += 2) {
      if (code > font.readUInt16BE(ends + at)) continue;
      const start = font.readUInt16BE(starts + at);
      if (code < start) return 0;
      const delta = font.readInt16BE(deltas + at);
      const offset = font.readUInt16BE(offsets + at);
      if (offset === 0) return (code + delta) & 0xffff;
      const glyph = font.readUInt16BE(offsets + at + offset + (code - start) * 2);
      return glyph === 0 ? 0 : (glyph + delta) & 0xffff;
    }
    return 0;
  };
  return (char) => {
    const glyph = Math.min(glyphOf(char.codePointAt(0) ?? 0), metrics - 1);
    return font.readUInt16BE(table('hmtx') + glyph * 4) / unitsPerEm;
  };
}

describe('caption wrapping', () => {
  it('keeps every line of a long uppercase caption inside a 9:16 frame', () => {
    // The dynamic look on a 720x1280 frame: 0.078 of the short side, left-aligned in 80% of the width.
    const lines = wrapCaption('MASSIVE WATERFALL WHOOSHING DOWN WONDERFUL MOUNTAINS', 56, 576);
    expect(lines.length).toBeLessThanOrEqual(2);
    for (const line of lines) expect(sansBoldWidth(line, 56)).toBeLessThanOrEqual(576);
  });

  it('cuts a word wider than a line instead of letting it run off', () => {
    const word = 'ANTIDISESTABLISHMENTARIANISM';
    const lines = wrapCaption(`${word} RULES`, 56, 576, 4);
    expect(lines.join('')).toBe(`${word} RULES`);
    expect(lines.at(-1)).toBe('ISM RULES');
    for (const line of lines) expect(sansBoldWidth(line, 56)).toBeLessThanOrEqual(576);
    // Still at least one character a line when not even that fits.
    expect(wrapCaption('WOW', 56, 10, 3)).toEqual(['W', 'O', 'W']);
  });

  it('fits 5% side margins at every aspect and size', () => {
    const sizes = [
      ...(['16:9', '9:16', '1:1'] as const).flatMap((aspect) =>
        (['standard', 'hd', '4k'] as const).map((quality) => frameSize(aspect, quality)),
      ),
      { width: 180, height: 320 },
    ];
    for (const { width, height } of sizes) {
      const fontSize = Math.max(14, Math.round(0.085 * Math.min(width, height)));
      for (const line of wrapCaption(
        'MASSIVE WATERFALLS WHOOSHING DOWN WONDERFUL MOUNTAINS',
        fontSize,
        width * 0.9,
      ))
        expect(sansBoldWidth(line, fontSize), `${width}x${height}: ${line}`).toBeLessThanOrEqual(width * 0.9);
    }
  });

  const fonts = findCaptionFonts();
  it.skipIf(!fonts)('never measures narrower than a caption face draws', () => {
    const characters = [
      ...Array.from({ length: 95 }, (_, index) => String.fromCharCode(0x20 + index)),
      ...'ÉÀÖÜØÆæŒœßçñ…–—‘’“”€½‰',
      ...'АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯабвгдеёжзийклмнопрстуфхцчшщъыьэюяЉЊљњ',
      ...'ΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦΧΨΩαβγδεζηθικλμνξοπρστυφχψω',
    ];
    for (const file of new Set(Object.values(fonts ?? {}))) {
      const advance = fontAdvances(file);
      for (const char of characters)
        expect(captionWidth(char, 1000), `${file} ${char}`).toBeGreaterThanOrEqual(advance(char) * 1000);
    }
  });

  it('shrinks the font to keep the whole caption, down to a floor', () => {
    expect(fitCaption('SUMMER TRIP', 56, 576)).toEqual({ lines: ['SUMMER TRIP'], fontSize: 56 });
    const fitted = fitCaption('SUMMER ROAD TRIP ALONG THE COAST', 56, 576);
    expect(fitted.fontSize).toBeLessThan(56);
    expect(fitted.lines.join(' ')).toBe('SUMMER ROAD TRIP ALONG THE COAST');
    // Too long even at the floor: cut with an ellipsis at the floor.
    const floor = fitCaption('WONDERFUL MOUNTAIN WATERFALLS WHOOSHING DOWN MASSIVE', 56, 576);
    expect(floor.fontSize).toBe(40);
    expect(floor.lines.at(-1)).toMatch(/…$/);
  });
});
