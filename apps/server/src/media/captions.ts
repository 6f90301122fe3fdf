import { expr, filter, formatNumber } from './filter-graph';
import type { CaptionLine } from './render-plan';

/** Average advance of a glyph relative to the font size for the bold sans captions (DejaVu). */
const AVERAGE_GLYPH_WIDTH = 0.6;

/**
 * Splits a caption into at most `maxLines` lines that fit `maxWidth` pixels at `fontSize`, breaking
 * at spaces; words beyond the last line are dropped with an ellipsis. Pure.
 */
export function wrapCaption(text: string, fontSize: number, maxWidth: number, maxLines = 2): string[] {
  const perLine = Math.max(4, Math.floor(maxWidth / (fontSize * AVERAGE_GLYPH_WIDTH)));
  const words = text.split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let current = '';
  for (const word of words) {
    const piece = word.length > perLine ? `${word.slice(0, perLine - 1)}…` : word;
    if (!current) current = piece;
    else if (current.length + 1 + piece.length <= perLine) current += ` ${piece}`;
    else {
      lines.push(current);
      current = piece;
    }
  }
  if (current) lines.push(current);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  const lastLine = kept[maxLines - 1] ?? '';
  // Room for the ellipsis: drop the last word rather than cut one in half.
  const shortened =
    lastLine.length + 1 <= perLine || !lastLine.includes(' ')
      ? lastLine
      : lastLine.slice(0, lastLine.lastIndexOf(' '));
  kept[maxLines - 1] = `${shortened}…`;
  return kept;
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
