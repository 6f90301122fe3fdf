/**
 * Importing a slide deck with the real tools (docs/decisions/021): poppler renders a PDF's pages and
 * reads their text, LibreOffice turns a PowerPoint into a PDF, and the PowerPoint's own XML gives
 * each slide's text and speaker notes (read with fflate and fast-xml-parser, not by hand).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { unzipSync } from 'fflate';
import { findExecutable, isExecutable } from './executables';
import { isMediaError, MediaError } from './media-error';
import { runProcess } from './process-runner';

export type DeckFormat = 'pdf' | 'pptx';

/** The system programs an import runs; null where one is not installed. */
export interface DeckTools {
  pdfinfo: string | null;
  pdftoppm: string | null;
  pdftotext: string | null;
  soffice: string | null;
}

/** Why a deck cannot be imported; the message is for the user. */
export class DeckImportError extends Error {
  override readonly name = 'DeckImportError';
}

export const deckErrors = {
  notPresentation: 'This file is not a presentation. Please upload a PDF or a PowerPoint (.pptx) file.',
  encrypted: 'This presentation is protected by a password. Please remove the password and upload it again.',
  oldPowerPoint:
    'This is an old PowerPoint (.ppt) file or a password-protected one. Please save it as .pptx or PDF and upload it again.',
  tooManySlides: (max: number) =>
    `This presentation has more than ${max} slides. Please split it and upload the parts.`,
  noPages: 'This presentation has no slides.',
  unreadable: 'This presentation could not be read. It may be damaged; please export it again and upload it.',
} as const;

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
/** No part of a real deck's XML is near this; a larger one is a zip bomb. */
const MAX_XML_PART_BYTES = 20 * 1024 * 1024;

/** The format of a deck from its bytes; throws DeckImportError for anything else. */
export function detectDeckFormat(data: Buffer): DeckFormat {
  if (data.subarray(0, 1024).includes('%PDF-')) return 'pdf';
  if (data.subarray(0, 8).equals(OLE_MAGIC)) throw new DeckImportError(deckErrors.oldPowerPoint);
  if (!data.subarray(0, 4).equals(ZIP_MAGIC)) throw new DeckImportError(deckErrors.notPresentation);
  const types = readZipParts(data, (name) => name === '[Content_Types].xml').get('[Content_Types].xml');
  if (!types || !types.includes('presentationml.presentation.main')) {
    throw new DeckImportError(deckErrors.notPresentation);
  }
  return 'pptx';
}

/** The named XML parts of a zip, as text; refuses parts that inflate beyond reason. */
function readZipParts(data: Buffer, wanted: (name: string) => boolean): Map<string, string> {
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(new Uint8Array(data.buffer, data.byteOffset, data.byteLength), {
      filter: (file) => {
        if (!wanted(file.name)) return false;
        if (file.originalSize > MAX_XML_PART_BYTES) throw new DeckImportError(deckErrors.unreadable);
        return true;
      },
    });
  } catch (error) {
    if (error instanceof DeckImportError) throw error;
    throw new DeckImportError(deckErrors.unreadable);
  }
  const decoder = new TextDecoder();
  return new Map(Object.entries(files).map(([name, bytes]) => [name, decoder.decode(bytes)]));
}

/** A slide's text and speaker notes, as the PowerPoint file has them. */
export interface PptxSlideText {
  text: string;
  notes: string;
}

type XmlNode = Record<string, unknown>;
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  preserveOrder: true,
  trimValues: false,
});

/** Every `tag` element of a preserve-order tree, depth first, in document order. */
function* elements(nodes: unknown, tag: string): Generator<XmlNode> {
  if (!Array.isArray(nodes)) return;
  for (const node of nodes as XmlNode[]) {
    for (const [key, value] of Object.entries(node)) {
      if (key === ':@' || key === '#text') continue;
      if (key === tag) yield node;
      yield* elements(value, tag);
    }
  }
}

const attributes = (node: XmlNode) => (node[':@'] ?? {}) as Record<string, string>;

/** The text of a shape tree, a line per paragraph; slide-number and date placeholders left out. */
function shapeText(tree: unknown): string {
  const lines: string[] = [];
  for (const shape of elements(tree, 'p:sp')) {
    const placeholder = [...elements(shape['p:sp'], 'p:ph')][0];
    const kind = placeholder ? attributes(placeholder)['@type'] : undefined;
    if (kind === 'sldNum' || kind === 'dt' || kind === 'ftr' || kind === 'sldImg') continue;
    for (const paragraph of elements(shape['p:sp'], 'a:p')) {
      const runs = [...elements(paragraph['a:p'], 'a:t')].map((run) =>
        ((run['a:t'] as XmlNode[] | undefined) ?? []).map((part) => String(part['#text'] ?? '')).join(''),
      );
      const line = runs.join('').replace(/\s+/g, ' ').trim();
      if (line) lines.push(line);
    }
  }
  return lines.join('\n');
}

/** Where a relationship points, resolved against the part that has it. */
function relationTargets(rels: string | undefined, base: string): { type: string; target: string }[] {
  if (!rels) return [];
  return [...elements(parser.parse(rels), 'Relationship')].map((node) => {
    const { '@Type': type = '', '@Target': target = '' } = attributes(node);
    return { type, target: path.posix.normalize(path.posix.join(path.posix.dirname(base), target)) };
  });
}

/**
 * Each slide's text and notes, in the presentation's order (the order of `p:sldIdLst`, which is what
 * LibreOffice renders, not the file names).
 */
export function readPptxSlides(data: Buffer): PptxSlideText[] {
  const parts = readZipParts(
    data,
    (name) =>
      name === 'ppt/presentation.xml' ||
      /^ppt\/(slides|notesSlides|_rels|slides\/_rels)\/[^/]+\.(xml|rels)$/.test(name),
  );
  const presentation = parts.get('ppt/presentation.xml');
  if (!presentation) throw new DeckImportError(deckErrors.notPresentation);
  const relations = new Map(
    [...elements(parser.parse(parts.get('ppt/_rels/presentation.xml.rels') ?? '<x/>'), 'Relationship')].map(
      (node) => [attributes(node)['@Id'], attributes(node)['@Target'] ?? ''],
    ),
  );
  const order = [...elements(parser.parse(presentation), 'p:sldId')].map((node) => attributes(node)['@r:id']);
  return order.flatMap((relationId) => {
    const target = relationId ? relations.get(relationId) : undefined;
    if (!target) return [];
    const slidePath = path.posix.normalize(path.posix.join('ppt', target));
    const slide = parts.get(slidePath);
    if (!slide) return [];
    const relsPath = path.posix.join(
      path.posix.dirname(slidePath),
      '_rels',
      `${path.posix.basename(slidePath)}.rels`,
    );
    const notesPath = relationTargets(parts.get(relsPath), slidePath).find((relation) =>
      relation.type.endsWith('/notesSlide'),
    )?.target;
    const notes = notesPath ? parts.get(notesPath) : undefined;
    return [{ text: shapeText(parser.parse(slide)), notes: notes ? shapeText(parser.parse(notes)) : '' }];
  });
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
      },
    );
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
