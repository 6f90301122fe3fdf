import fs from 'node:fs';
import path from 'node:path';

/** The caption faces the renderer uses, by role. */
export interface CaptionFonts {
  sans: string;
  sansBold: string;
  serifBold: string;
  monoBold: string;
}

const FILES: Record<keyof CaptionFonts, string> = {
  sans: 'DejaVuSans.ttf',
  sansBold: 'DejaVuSans-Bold.ttf',
  serifBold: 'DejaVuSerif-Bold.ttf',
  monoBold: 'DejaVuSansMono-Bold.ttf',
};

/** Where distributions install fonts-dejavu-core (Debian/Ubuntu, Fedora, Alpine, Arch, Homebrew). */
export const DEFAULT_FONT_DIRS = [
  '/usr/share/fonts/truetype/dejavu',
  '/usr/share/fonts/dejavu',
  '/usr/share/fonts/TTF',
  '/usr/share/fonts/dejavu-sans-fonts',
  '/usr/share/fonts/dejavu-serif-fonts',
  '/usr/share/fonts/dejavu-sans-mono-fonts',
  '/opt/homebrew/share/fonts',
  '/usr/local/share/fonts',
];

/**
 * Finds the DejaVu caption fonts: in `fontDir` when configured (CAPTION_FONT_DIR), else in the usual
 * places. A missing face falls back to DejaVu Sans Bold; null when not even that exists (the
 * renderer then leaves captions out and says so at start-up).
 */
export function findCaptionFonts(fontDir?: string): CaptionFonts | null {
  const dirs = fontDir ? [fontDir] : DEFAULT_FONT_DIRS;
  const locate = (file: string) =>
    dirs.map((dir) => path.join(dir, file)).find((candidate) => fs.existsSync(candidate)) ?? null;
  const sansBold = locate(FILES.sansBold);
  if (!sansBold) return null;
  return {
    sansBold,
    sans: locate(FILES.sans) ?? sansBold,
    serifBold: locate(FILES.serifBold) ?? sansBold,
    monoBold: locate(FILES.monoBold) ?? sansBold,
  };
}
