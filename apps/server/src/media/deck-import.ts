/**
 * Importing a slide deck with the real tools (docs/decisions/021): poppler renders a PDF's pages and
 * reads their text, LibreOffice turns a PowerPoint into a PDF, and the PowerPoint's own XML gives
 * each slide's text and speaker notes, read in the deck worker within limits (pptx-text.ts, issue 37).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { Piscina } from 'piscina';
import { DeckImportError, deckErrors } from './deck-errors';
import type { DeckReading, DeckTask } from './deck-worker';
import { findExecutable, isExecutable } from './executables';
import { isMediaError, MediaError } from './media-error';
import { isPresentation, PPTX_LIMITS, type PptxSlideText } from './pptx-text';
import { runProcess } from './process-runner';

export { DeckImportError, deckErrors } from './deck-errors';
export type { PptxSlideText } from './pptx-text';

export type DeckFormat = 'pdf' | 'pptx';

/** The system programs an import runs; null where one is not installed. */
export interface DeckTools {
  pdfinfo: string | null;
  pdftoppm: string | null;
  pdftotext: string | null;
  soffice: string | null;
}

/** The Debian packages that provide the tools, for the screen's explanation. */
export const DECK_TOOL_PACKAGES = { poppler: 'poppler-utils', libreoffice: 'libreoffice-impress' } as const;

/**
 * Finds the import tools: LibreOffice at `sofficePath`, poppler's programs in `popplerBinDir`, each
 * on the PATH when not given. A tool that is not there is null.
 */
export async function findDeckTools(
  options: { sofficePath?: string; popplerBinDir?: string } = {},
): Promise<DeckTools> {
  const [pdfinfo, pdftoppm, pdftotext, soffice] = await Promise.all([
    findExecutable('pdfinfo', options.popplerBinDir),
    findExecutable('pdftoppm', options.popplerBinDir),
    findExecutable('pdftotext', options.popplerBinDir),
    options.sofficePath
      ? isExecutable(options.sofficePath).then((found) => (found ? options.sofficePath! : null))
      : findExecutable('soffice'),
  ]);
  return { pdfinfo, pdftoppm, pdftotext, soffice };
}

/** Which formats the tools can import, and the packages missing for the others. */
export function deckCapabilities(tools: DeckTools): { pdf: boolean; pptx: boolean; missing: string[] } {
  const pdf = Boolean(tools.pdfinfo && tools.pdftoppm && tools.pdftotext);
  const missing = [
    ...(pdf ? [] : [DECK_TOOL_PACKAGES.poppler]),
    ...(tools.soffice ? [] : [DECK_TOOL_PACKAGES.libreoffice]),
  ];
  return { pdf, pptx: pdf && Boolean(tools.soffice), missing };
}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/**
 * The format of a deck from its bytes; throws DeckImportError for anything else. Cheap enough for
 * the upload call: of a zip it reads the directory and at most 1 MB of `[Content_Types].xml`.
 */
export async function detectDeckFormat(data: Buffer): Promise<DeckFormat> {
  if (data.subarray(0, 1024).includes('%PDF-')) return 'pdf';
  if (data.subarray(0, 8).equals(OLE_MAGIC)) throw new DeckImportError(deckErrors.oldPowerPoint);
  if (!data.subarray(0, 4).equals(ZIP_MAGIC)) throw new DeckImportError(deckErrors.notPresentation);
  if (!(await isPresentation(data))) throw new DeckImportError(deckErrors.notPresentation);
  return 'pptx';
}

/*
 * From the sources (tsx, vitest) a small ES module loads the TypeScript worker through tsx; the
 * build bundles it to dist/deck-worker.js, next to main.js (as media/audio-work.ts does).
 */
const DECK_WORKER_URL = import.meta.url.endsWith('.ts')
  ? new URL('./deck-worker-from-source.mjs', import.meta.url)
  : new URL('./deck-worker.js', import.meta.url);

/**
 * The deck worker's heap cap. What it reads is capped by the limits of pptx-text.ts (the inflated
 * bytes are streamed, the text is counted): this is the backstop if something else grows.
 */
export const DECK_WORKER_LIMITS = { maxOldGenerationSizeMb: 128, maxYoungGenerationSizeMb: 16 } as const;

let deckPool: Piscina | undefined;
/** One thread (one import at a time per process), started on first use, gone when idle. */
const deckThreads = () =>
  (deckPool ??= new Piscina({
    filename: DECK_WORKER_URL.href,
    minThreads: 0,
    maxThreads: 1,
    idleTimeout: 20_000,
    resourceLimits: DECK_WORKER_LIMITS,
  }));

/**
 * Each slide's text and notes of a PowerPoint file, in the presentation's order, read in the deck
 * worker (never on the event loop); refuses a deck beyond the limits of pptx-text.ts or with more
 * than `maxSlides` slides.
 */
export async function readPptxSlides(
  file: string,
  options: { maxSlides: number; signal?: AbortSignal },
): Promise<PptxSlideText[]> {
  const task: DeckTask = { file, maxSlides: options.maxSlides };
  let reading: DeckReading;
  try {
    reading = (await deckThreads().run(
      task,
      options.signal ? { signal: options.signal } : {},
    )) as DeckReading;
  } catch (error) {
    // The thread passed its heap cap: the deck is the reason, not the server.
    if ((error as { code?: unknown }).code === 'ERR_WORKER_OUT_OF_MEMORY') {
      throw new DeckImportError(deckErrors.tooLarge);
    }
    throw error;
  }
  if ('refused' in reading) throw new DeckImportError(reading.refused);
  return reading.slides;
}

export interface PdfPages {
  pageCount: number;
}

/** pdfinfo's view of a PDF: its page count; refuses encrypted and unreadable files. */
export async function inspectPdf(tools: DeckTools, pdfPath: string, signal?: AbortSignal): Promise<PdfPages> {
  if (!tools.pdfinfo) throw new MediaError('missing_binary', 'pdfinfo is not installed.');
  let stdout: string;
  try {
    ({ stdout } = await runProcess(tools.pdfinfo, [pdfPath], {
      collectStdout: true,
      timeoutMs: 30_000,
      ...(signal ? { signal } : {}),
      label: 'pdfinfo',
    }));
  } catch (error) {
    if (isMediaError(error) && (error.code === 'cancelled' || error.code === 'timed_out')) throw error;
    // pdfinfo says "Incorrect password" on stderr for a PDF that needs one to open.
    if (isMediaError(error) && /password/i.test(error.details ?? '')) {
      throw new DeckImportError(deckErrors.encrypted);
    }
    throw new DeckImportError(deckErrors.unreadable);
  }
  const pages = Number(/^Pages:\s+(\d+)/m.exec(stdout)?.[1] ?? Number.NaN);
  if (!Number.isFinite(pages)) throw new DeckImportError(deckErrors.unreadable);
  if (pages === 0) throw new DeckImportError(deckErrors.noPages);
  return { pageCount: pages };
}

/** The text of each page of a PDF (pdftotext separates pages with form feeds). */
export async function pdfPageTexts(
  tools: DeckTools,
  pdfPath: string,
  pages: number,
  signal?: AbortSignal,
): Promise<string[]> {
  if (!tools.pdftotext) throw new MediaError('missing_binary', 'pdftotext is not installed.');
  const { stdout } = await runProcess(
    tools.pdftotext,
    ['-enc', 'UTF-8', '-layout', '-l', String(pages), pdfPath, '-'],
    {
      collectStdout: true,
      maxStdoutBytes: 20 * 1024 * 1024,
      timeoutMs: 120_000,
      ...(signal ? { signal } : {}),
      label: 'pdftotext',
    },
  );
  const texts = stdout.split('\f').map((page) =>
    page
      .split('\n')
      .map((line) => line.replace(/\s+/g, ' ').trim())
      .filter(Boolean)
      .join('\n'),
  );
  // A page holds no more text than a PowerPoint slide may (pptx-text.ts).
  const crowded = texts.findIndex((text, index) => index < pages && text.length > PPTX_LIMITS.slideTextChars);
  if (crowded >= 0) {
    throw new DeckImportError(deckErrors.tooMuchText(crowded + 1, PPTX_LIMITS.slideTextChars));
  }
  return Array.from({ length: pages }, (_, index) => texts[index] ?? '');
}

/** Renders every page of a PDF as a PNG `width` pixels wide; answers the files in page order. */
export async function renderPdfPages(
  tools: DeckTools,
  pdfPath: string,
  pages: number,
  outputDir: string,
  options: { width: number; signal?: AbortSignal; timeoutMs?: number },
): Promise<string[]> {
  if (!tools.pdftoppm) throw new MediaError('missing_binary', 'pdftoppm is not installed.');
  const prefix = path.join(outputDir, 'page');
  await runProcess(
    tools.pdftoppm,
    [
      '-png',
      '-scale-to-x',
      String(options.width),
      '-scale-to-y',
      '-1',
      '-f',
      '1',
      '-l',
      String(pages),
      pdfPath,
      prefix,
    ],
    {
      timeoutMs: options.timeoutMs ?? 5 * 60_000,
      ...(options.signal ? { signal: options.signal } : {}),
      label: 'pdftoppm',
    },
  );
  // pdftoppm pads the page number to the width of the last one: page-01.png ... page-12.png.
  const files = (await fs.readdir(outputDir)).filter((name) => /^page-\d+\.png$/.test(name));
  files.sort((a, b) => Number(/\d+/.exec(a)?.[0]) - Number(/\d+/.exec(b)?.[0]));
  if (files.length === 0) throw new DeckImportError(deckErrors.unreadable);
  return files.map((name) => path.join(outputDir, name));
}

/**
 * Converts a PowerPoint file to PDF with LibreOffice, headless, with a profile of its own (two
 * conversions at once would otherwise fight over the user's profile).
 */
export async function convertPptxToPdf(
  tools: DeckTools,
  pptxPath: string,
  outputDir: string,
  options: { signal?: AbortSignal; timeoutMs?: number } = {},
): Promise<string> {
  if (!tools.soffice) throw new MediaError('missing_binary', 'LibreOffice (soffice) is not installed.');
  const profile = path.join(outputDir, 'lo-profile');
  try {
    await runProcess(
      tools.soffice,
      [
        `-env:UserInstallation=file://${profile}`,
        '--headless',
        '--norestore',
        '--nolockcheck',
        '--convert-to',
        'pdf',
        '--outdir',
        outputDir,
        pptxPath,
      ],
      {
        timeoutMs: options.timeoutMs ?? 3 * 60_000,
        ...(options.signal ? { signal: options.signal } : {}),
        label: 'soffice',
        // soffice starts oosplash, which starts soffice.bin: the group goes whole, at the limit too.
        processGroup: true,
      },
    );
  } catch (error) {
    // Another try would take as long: the deck fails with the reason instead of being retried.
    if (isMediaError(error) && error.code === 'timed_out') throw new DeckImportError(deckErrors.tooSlow);
    throw error;
  } finally {
    await fs.rm(profile, { recursive: true, force: true });
  }
  const pdfPath = path.join(outputDir, `${path.basename(pptxPath, path.extname(pptxPath))}.pdf`);
  try {
    await fs.access(pdfPath);
  } catch {
    throw new DeckImportError(deckErrors.unreadable);
  }
  return pdfPath;
}
