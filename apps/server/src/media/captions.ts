import { expr, filter, formatNumber } from './filter-graph';
import type { CaptionLine } from './render-plan';

/**
 * Advances of printable ASCII (space to `~`) in thousandths of an em. Each is the widest of the four
 * DejaVu faces captions use (Sans, Sans Bold, Serif Bold, Sans Mono Bold), read from their hmtx tables:
 * the wrapper is not told the face and must not underestimate any of them. Capitals run to 1.12 em
 * (W), so a flat average of 0.6 em let uppercase captions run off the frame.
 */
const ASCII_ADVANCES: readonly number[] = [
  [603, 603, 603, 838, 696, 1002, 903, 603, 603, 603, 603, 838, 603, 603, 603, 603], // space to /
  [696, 696, 696, 696, 696, 696, 696, 696, 696, 696, 603, 603, 838, 838, 838, 603], // 0 to ?
  [1000, 776, 846, 796, 868, 763, 710, 855, 945, 603, 603, 870, 704, 1107, 915, 872], // @ to O
  [752, 872, 832, 723, 745, 873, 776, 1124, 776, 725, 730, 603, 603, 603, 838, 603], // P to _
  [603, 675, 716, 609, 716, 679, 603, 716, 728, 603, 603, 693, 603, 1059, 728, 688], // ` to o
  [716, 716, 603, 603, 603, 728, 652, 924, 646, 652, 603, 712, 603, 712, 838], // p to ~
].flat();
/**
 * Any other character: a full em. Typographic quotes, dashes, the ellipsis and nearly all Latin, Greek
 * and Cyrillic letters are at most that; the few that are wider are listed, rounded up in groups.
 */
const OTHER_ADVANCE = 1000;
const WIDER_THAN_EM = new Map(
  (
    [
      ['‰', 1440],
      ['Щ', 1326],
      ['ЖШЮ', 1313],
      ['ЉЊЫ', 1262],
      ['Œ', 1181],
      ['МΜщ', 1107],
      ['Ææœшю¼½¾', 1095],
      ['жњы', 1015],
    ] as const
  ).flatMap(([characters, advance]) => Array.from(characters, (char) => [char, advance] as const)),
);

/** Width in pixels of `text` at `fontSize`, never less than any caption face draws it. Pure. */
export function captionWidth(text: string, fontSize: number): number {
  let thousandths = 0;
  // An accented letter is as wide as its base letter; the accents split off here take no room.
  for (const char of text.normalize('NFD')) {
    const code = char.codePointAt(0) ?? 0;
    if (code >= 0x300 && code <= 0x36f) continue;
    thousandths += ASCII_ADVANCES[code - 0x20] ?? WIDER_THAN_EM.get(char) ?? OTHER_ADVANCE;
  }
  return (thousandths / 1000) * fontSize;
}

type Fits = (line: string) => boolean;

const fitsWithin =
  (fontSize: number, maxWidth: number): Fits =>
  (line) =>
    captionWidth(line, fontSize) <= maxWidth;

/** All the lines of a caption, and whether a word wider than a line had to be cut. */
function layoutCaption(text: string, fits: Fits): { lines: string[]; cutWord: boolean } {
  const lines: string[] = [];
  let current = '';
  let cutWord = false;
  for (const word of text.normalize('NFC').split(/\s+/).filter(Boolean)) {
    if (current && fits(`${current} ${word}`)) {
      current += ` ${word}`;
      continue;
    }
    if (current) lines.push(current);
    current = '';
    // Character by character, so a word wider than a line is cut where the line is full.
    for (const char of word) {
      if (current && !fits(current + char)) {
        lines.push(current);
        current = '';
        cutWord = true;
      }
      current += char;
    }
  }
  if (current) lines.push(current);
  return { lines, cutWord };
}

/** The line shortened until an ellipsis fits after it: whole words first, then characters. */
function withEllipsis(line: string, fits: Fits): string {
  let kept = line;
  while (!fits(`${kept}…`) && kept.includes(' ')) kept = kept.slice(0, kept.lastIndexOf(' '));
  while (!fits(`${kept}…`) && Array.from(kept).length > 1) kept = Array.from(kept).slice(0, -1).join('');
  return `${kept}…`;
}

/**
 * Splits a caption into at most `maxLines` lines, each at most `maxWidth` pixels wide at `fontSize`
 * (as far as one character per line allows). Breaks at spaces, and inside a word only when the word
 * alone is wider than a line; text beyond the last line is dropped with an ellipsis. Pure.
 */
export function wrapCaption(text: string, fontSize: number, maxWidth: number, maxLines = 2): string[] {
  const fits = fitsWithin(fontSize, maxWidth);
  const { lines } = layoutCaption(text, fits);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = withEllipsis(kept[maxLines - 1] ?? '', fits);
  return kept;
}

/**
 * A caption at the largest whole font size from `fontSize` down to `minFontSize` at which it fits
 * `maxLines` lines of `maxWidth` pixels without cutting a word or dropping text; below that it is
 * wrapped at `minFontSize` as wrapCaption does. Pure.
 */
export function fitCaption(
  text: string,
  fontSize: number,
  maxWidth: number,
  maxLines = 2,
  minFontSize = Math.ceil(fontSize * 0.7),
): { lines: string[]; fontSize: number } {
  const smallest = Math.min(Math.round(fontSize), Math.round(minFontSize));
  for (let size = Math.round(fontSize); size > smallest; size -= 1) {
    const { lines, cutWord } = layoutCaption(text, fitsWithin(size, maxWidth));
    if (lines.length <= maxLines && !cutWord) return { lines, fontSize: size };
  }
  return { lines: wrapCaption(text, smallest, maxWidth, maxLines), fontSize: smallest };
}

/** Word prefixes revealed one after another by the typewriter animation. */
export function typewriterSteps(line: string): string[] {
  const words = line.split(' ').filter(Boolean);
  return words.map((_, index) => words.slice(0, index + 1).join(' '));
}

const FADE_IN_SECONDS: Record<CaptionLine['animation'], number> = {
  rise: 0.5,
  'slide-in': 0.45,
  fade: 0.7,
  typewriter: 0.15,
  pop: 0.22,
};
const FADE_OUT_SECONDS = 0.35;

/**
 * drawtext filters for one caption line with its animation (opacity and position over shot-local
 * time `t`). Several filters for the typewriter, each enabled for its own moment, so only one draws
 * per frame. Pure.
 */
export function captionFilters(line: CaptionLine, fps: number): string[] {
  const start = line.startFrame / fps;
  const end = line.endFrame / fps;
  const fadeIn = Math.min(FADE_IN_SECONDS[line.animation], (end - start) / 3);
  const fadeOut = Math.min(FADE_OUT_SECONDS, (end - start) / 3);
  const pIn = expr.progress('t', start, fadeIn);
  const eased = expr.easeOut(pIn);
  const alpha = `min(${pIn},clip((${formatNumber(end)}-t)/${formatNumber(fadeOut)},0,1))`;
  const baseX = line.align === 'center' ? '(w-text_w)/2' : `w*${formatNumber(line.marginX)}`;
  const baseY = `h*${formatNumber(line.y)}`;
  let x = baseX;
  let y = baseY;
  switch (line.animation) {
    case 'rise':
      y = `${baseY}+h*0.045*(1-${eased})`;
      break;
    case 'slide-in':
      x = `${baseX}-w*0.09*(1-${eased})`;
      break;
    case 'pop':
      y = `${baseY}-h*0.025*(1-${eased})`;
      break;
    case 'fade':
    case 'typewriter':
      break;
  }
  const common = {
    fontfile: line.fontFile,
    expansion: 'none',
    fontsize: Math.round(line.fontSize),
    fontcolor: line.color,
    borderw: line.borderWidth,
    bordercolor: line.borderColor,
    shadowx: Math.max(1, Math.round(line.fontSize / 24)),
    shadowy: Math.max(1, Math.round(line.fontSize / 24)),
    shadowcolor: 'black@0.45',
    ...(line.boxColor
      ? { box: true, boxcolor: line.boxColor, boxborderw: line.boxPadding ?? Math.round(line.fontSize / 3) }
      : {}),
    x,
    y,
  };
  if (line.animation !== 'typewriter' || line.textFiles.length <= 1) {
    const textfile = line.textFiles[line.textFiles.length - 1];
    if (textfile === undefined) return [];
    return [
      filter('drawtext', {
        ...common,
        textfile,
        alpha,
        enable: `between(t,${formatNumber(start)},${formatNumber(end)})`,
      }),
    ];
  }
  // Reveal word by word over at most half the line's time, then hold the whole line.
  const steps = line.textFiles.length;
  const stepSeconds = Math.min(0.22, ((end - start) * 0.5) / steps);
  const fadeOutAlpha = `clip((${formatNumber(end)}-t)/${formatNumber(fadeOut)},0,1)`;
  return line.textFiles.map((textfile, index) => {
    const from = start + index * stepSeconds;
    const to = index === steps - 1 ? end : start + (index + 1) * stepSeconds;
    return filter('drawtext', {
      ...common,
      textfile,
      alpha: index === steps - 1 ? fadeOutAlpha : '1',
      // between() is inclusive at both ends: stop a hair early so two prefixes never overlap.
      enable: `between(t,${formatNumber(from)},${formatNumber(to - (index === steps - 1 ? 0 : 0.0005))})`,
    });
  });
}
