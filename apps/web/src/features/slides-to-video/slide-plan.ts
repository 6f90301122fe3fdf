import type { ASPECT_RATIOS } from '@reelcraft/contract';
import {
  DECK_MAX_BYTES,
  DECK_MIME_TYPES,
  VOICE_PREVIEW_MAX_CHARS,
  type CreateSlidesVideoBody,
  type DeckSlide,
  type SlidesCapabilities,
} from '@reelcraft/contract';

// The screen's rules that need no React: which files may be sent, how a length is written, and the
// start call's body from what the user chose (the server says how long it will be: POST
// /ppt-to-video/estimate).

export type DeckFormat = 'pdf' | 'pptx';

/** One slide as the form holds it: the deck's slide, its narration as edited, and whether it is kept. */
export interface SlideDraft {
  index: number;
  narration: string;
  kept: boolean;
}

export interface SlidesFormValues {
  slides: SlideDraft[];
  voice_id: string;
  aspect_ratio: (typeof ASPECT_RATIOS)[number];
  music: boolean;
}

const [PDF_MIME, PPTX_MIME] = DECK_MIME_TYPES;
const MEGABYTE = 1024 * 1024;

/** The formats this server imports: both unless the capabilities say a tool is missing. */
export function importableFormats(capabilities: SlidesCapabilities | undefined): DeckFormat[] {
  if (!capabilities) return ['pdf', 'pptx'];
  return (['pdf', 'pptx'] as const).filter((format) => capabilities[format]);
}

/** The file input's `accept` for these formats (the extension too: some systems give no type). */
export function acceptFor(formats: readonly DeckFormat[]): string {
  return formats
    .flatMap((format) => (format === 'pdf' ? ['.pdf', PDF_MIME] : ['.pptx', PPTX_MIME]))
    .join(',');
}

/** "PDF or PowerPoint (.pptx)", "PDF". */
export function formatsText(formats: readonly DeckFormat[]): string {
  const names = formats.map((format) => (format === 'pdf' ? 'PDF' : 'PowerPoint (.pptx)'));
  return names.length === 2 ? `${names[0]} or ${names[1]}` : (names[0] ?? 'no');
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** The deck format a picked file claims by its type or its name; the server checks the content. */
export function claimedFormat(file: Pick<File, 'name' | 'type'>): DeckFormat | null {
  const extension = extensionOf(file.name);
  if (file.type === PDF_MIME || extension === 'pdf') return 'pdf';
  if (file.type === PPTX_MIME || extension === 'pptx') return 'pptx';
  return null;
}

export function formatMegabytes(bytes: number): string {
  const megabytes = bytes / MEGABYTE;
  return `${megabytes < 10 ? megabytes.toFixed(1) : Math.round(megabytes)} MB`;
}

/**
 * Why a picked file cannot be sent, in words that say what to do instead; null when it may go. Checked
 * before the upload, so a 60 MB file or a Word document is refused at once, not after a long send.
 */
export function deckFileProblem(
  file: Pick<File, 'name' | 'type' | 'size'>,
  formats: readonly DeckFormat[],
  capabilitiesMessage: string | null = null,
): string | null {
  const name = `“${file.name}”`;
  const format = claimedFormat(file);
  const extension = extensionOf(file.name);
  if (format === null) {
    if (extension === 'ppt' || extension === 'pps') {
      return `${name} is an older PowerPoint file. Save it as .pptx (File › Save As) or export it as PDF, then choose it here.`;
    }
    if (extension === 'key') {
      return `${name} is a Keynote file. Export it from Keynote as PDF or PowerPoint (.pptx), then choose it here.`;
    }
    if (extension === 'odp') {
      return `${name} is an OpenDocument presentation. Save it as .pptx or export it as PDF, then choose it here.`;
    }
    return `${name} is not a presentation. Choose a ${formatsText(formats)} file.`;
  }
  if (!formats.includes(format)) {
    return capabilitiesMessage ?? `This server cannot import ${format.toUpperCase()} files.`;
  }
  if (file.size === 0) return `${name} is empty. Choose the deck again.`;
  if (file.size > DECK_MAX_BYTES) {
    return `${name} is ${formatMegabytes(file.size)}. Decks can be at most ${formatMegabytes(DECK_MAX_BYTES)}: compress its pictures or split it in two.`;
  }
  return null;
}

/** "42 s", "1 min 05 s", "12 min". */
export function formatLength(seconds: number): string {
  const rounded = Math.max(0, Math.round(seconds));
  if (rounded < 60) return `${rounded} s`;
  const minutes = Math.floor(rounded / 60);
  const rest = rounded % 60;
  return rest === 0 ? `${minutes} min` : `${minutes} min ${String(rest).padStart(2, '0')} s`;
}

/** The form's slides for a freshly imported deck: all kept, each with its proposed narration. */
export function draftsFor(slides: readonly DeckSlide[]): SlideDraft[] {
  return slides.map((slide) => ({ index: slide.index, narration: slide.narration, kept: true }));
}

/** The start call's body: the kept slides in the order the user chose, with their narrations. */
export function slidesVideoBody(deckId: string, values: SlidesFormValues): CreateSlidesVideoBody {
  return {
    deck_id: deckId,
    slides: values.slides
      .filter((slide) => slide.kept)
      .map((slide) => ({ index: slide.index, narration: slide.narration.trim() })),
    voice_id: values.voice_id,
    aspect_ratio: values.aspect_ratio,
    music: values.music,
  };
}

/**
 * A narration cut to what a voice preview may say (VOICE_PREVIEW_MAX_CHARS), at a sentence or a word
 * end, so the sample ends on a whole word.
 */
export function previewText(narration: string): string {
  const text = narration.trim().replace(/\s+/g, ' ');
  if (text.length <= VOICE_PREVIEW_MAX_CHARS) return text;
  const cut = text.slice(0, VOICE_PREVIEW_MAX_CHARS);
  const sentenceEnd = Math.max(cut.lastIndexOf('. '), cut.lastIndexOf('! '), cut.lastIndexOf('? '));
  if (sentenceEnd > VOICE_PREVIEW_MAX_CHARS / 3) return cut.slice(0, sentenceEnd + 1);
  const wordEnd = cut.lastIndexOf(' ');
  return wordEnd > 0 ? cut.slice(0, wordEnd) : cut;
}
