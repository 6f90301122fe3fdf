import { sharp } from './sharp';

/** The one caption style of every video: white bold type on a dark rounded plate, the word said in yellow. */
export const CAPTION_CARD_STYLE = {
  text: '#ffffff',
  highlight: '#ffd23f',
  plate: 'rgba(10,12,20,0.62)',
  /** Font size as a fraction of the frame's short side. */
  size: 0.058,
  /** Widest line as a fraction of the frame's width. */
  maxWidth: 0.84,
} as const;

export interface CaptionCard {
  /** PNG with alpha. */
  png: Buffer;
  /** Top-left corner in the frame, pixels. */
  x: number;
  y: number;
  width: number;
  height: number;
}

const escapeMarkup = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Where the caption block's bottom sits: above the UI of phone players in 9:16, low in 16:9. */
function bottomFraction(width: number, height: number): number {
  const aspect = width / height;
  return aspect < 0.8 ? 0.8 : aspect < 1.2 ? 0.88 : 0.9;
}

/**
 * One caption as a card: the phrase set by Pango (through sharp) in DejaVu Sans Bold, wrapped to at
 * most the style's width, centred low in the frame on a rounded plate; word `highlight` (0-based) in
 * the highlight colour, or none. Every card of a phrase has the same size and place, so swapping
 * them as the words are said does not move the text.
 */
export async function renderCaptionCard(request: {
  text: string;
  highlight: number | null;
  frameWidth: number;
  frameHeight: number;
  fontFile: string;
}): Promise<CaptionCard> {
  const { frameWidth, frameHeight } = request;
  const fontSize = Math.max(16, Math.round(Math.min(frameWidth, frameHeight) * CAPTION_CARD_STYLE.size));
  const words = request.text.split(/\s+/).filter(Boolean);
  const markup = words
    .map((word, index) =>
      index === request.highlight
        ? `<span foreground="${CAPTION_CARD_STYLE.highlight}">${escapeMarkup(word)}</span>`
        : escapeMarkup(word),
    )
    .join(' ');
  const padX = Math.round(fontSize * 0.55);
  const padY = Math.round(fontSize * 0.32);
  const maxText = Math.round(frameWidth * CAPTION_CARD_STYLE.maxWidth) - padX * 2;
  const { data: textPng, info } = await sharp({
    text: {
      text: `<span foreground="${CAPTION_CARD_STYLE.text}">${markup}</span>`,
      font: `DejaVu Sans Bold ${fontSize}`,
      fontfile: request.fontFile,
      width: maxText,
      align: 'centre',
      // A word longer than a line (a link, a long name) breaks inside rather than running off.
      wrap: 'word-char',
      rgba: true,
      dpi: 72,
      spacing: Math.round(fontSize * 0.18),
    },
  })
    .png()
    .toBuffer({ resolveWithObject: true });
  const width = info.width + padX * 2;
  const height = info.height + padY * 2;
  const radius = Math.round(fontSize * 0.4);
  const plate = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" rx="${radius}" fill="${CAPTION_CARD_STYLE.plate}"/></svg>`,
  );
  const png = await sharp(plate)
    .composite([{ input: textPng, left: padX, top: padY }])
    .png({ compressionLevel: 2 })
    .toBuffer();
  const x = Math.round((frameWidth - width) / 2);
  const y = Math.round(
    Math.min(frameHeight * bottomFraction(frameWidth, frameHeight) - height, frameHeight - height - 4),
  );
  return { png, x, y, width, height };
}
