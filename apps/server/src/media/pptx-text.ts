/**
 * What the import reads of a PowerPoint file itself: that it is one, and each slide's text and
 * speaker notes. A deck is hostile input (issue 37: 94 KB that inflate to 38 MB of text runs, or
 * unreferenced parts that inflate to 760 MB), so only the parts the presentation refers to are
 * read, streamed (zip-entries.ts, xml-stream.ts), within the limits below, whatever sizes the file
 * declares. It runs in the deck worker (deck-worker.ts), never on the server's event loop, except
 * `isPresentation`, which reads one small part.
 */
import path from 'node:path';
import { DeckImportError, deckErrors } from './deck-errors';
import { XmlFormatError, XmlStream, type XmlEvents } from './xml-stream';
import {
  inflateEntry,
  readZipDirectory,
  ZipFormatError,
  ZipLimitError,
  type InflateBudget,
  type ZipDirectory,
} from './zip-entries';

const MB = 1024 * 1024;

/** What a deck may hold; a real one is far below each. */
export const PPTX_LIMITS = {
  /** Entries in the zip. */
  entries: 20_000,
  /** The unpacked size the zip declares for all its entries (media included): refused above. */
  declaredBytes: 256 * MB,
  /** Inflated XML across every part read. */
  xmlBytes: 64 * MB,
  /** Inflated XML of one part. */
  partBytes: 20 * MB,
  /** Characters of text of one slide, and of its notes. */
  slideTextChars: 20_000,
  /** Relationships of one part (a presentation has one a slide, and a few more). */
  relations: 10_000,
} as const;

/** Slide numbers, dates and footers are not what a slide says. */
const SKIPPED_PLACEHOLDERS = new Set(['sldNum', 'dt', 'ftr', 'sldImg']);

/** A slide's text and speaker notes, as the PowerPoint file has them. */
export interface PptxSlideText {
  text: string;
  notes: string;
}

/** Runs `read` on a deck, turning what the zip and XML readers refuse into the user's reason. */
async function asDeckError<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof ZipLimitError) throw new DeckImportError(deckErrors.tooLarge);
    if (error instanceof ZipFormatError || error instanceof XmlFormatError) {
      throw new DeckImportError(deckErrors.unreadable);
    }
    throw error;
  }
}

class PptxParts {
  readonly budget: InflateBudget = { remaining: PPTX_LIMITS.xmlBytes };

  constructor(
    private readonly data: Uint8Array,
    private readonly directory: ZipDirectory,
  ) {}

  static open(data: Uint8Array): PptxParts {
    const directory = readZipDirectory(data, PPTX_LIMITS.entries);
    if (directory.declaredTotal > PPTX_LIMITS.declaredBytes) throw new ZipLimitError('Declared size');
    return new PptxParts(data, directory);
  }

  has(name: string): boolean {
    return this.directory.entries.has(name);
  }

  /** Streams a part through `events`; false when the file has no such part. */
  async read(name: string, events: XmlEvents): Promise<boolean> {
    const entry = this.directory.entries.get(name);
    if (!entry) return false;
    const xml = new XmlStream(events);
    await inflateEntry(this.data, entry, { maxBytes: PPTX_LIMITS.partBytes, budget: this.budget }, (chunk) =>
      xml.writeBytes(chunk),
    );
    xml.end();
    return true;
  }

  /** The relationships of a part: where each points, resolved against the part. */
  async relations(part: string): Promise<{ id: string; type: string; target: string }[]> {
    const relations: { id: string; type: string; target: string }[] = [];
    const rels = path.posix.join(path.posix.dirname(part), '_rels', `${path.posix.basename(part)}.rels`);
    await this.read(rels, {
      open: (name, attributes) => {
        if (name !== 'Relationship') return;
        const { Id: id = '', Type: type = '', Target: target = '', TargetMode: mode } = attributes();
        if (mode !== 'External') relations.push({ id, type, target: resolvePart(part, target) });
        if (relations.length > PPTX_LIMITS.relations) throw new ZipLimitError('Relationships');
      },
    });
    return relations;
  }
}

/** A relationship's target, from the part that has it, as a zip entry name. */
function resolvePart(base: string, target: string): string {
  return target.startsWith('/')
    ? path.posix.normalize(target.slice(1))
    : path.posix.normalize(path.posix.join(path.posix.dirname(base), target));
}

/**
 * Whether a zip is a PowerPoint presentation: its `[Content_Types].xml` names the main part. Reads
 * that part only, at most 1 MB of it: cheap enough for the upload call.
 */
export function isPresentation(data: Uint8Array): Promise<boolean> {
  return asDeckError(async () => {
    const parts = PptxParts.open(data);
    parts.budget.remaining = MB;
    let types = '';
    const found = await parts.read('[Content_Types].xml', {
      open: (name, attributes) => {
        if (name === 'Override' || name === 'Default') types += `${attributes().ContentType ?? ''}\n`;
      },
    });
    return found && types.includes('presentationml.presentation.main');
  });
}

/**
 * The text of a slide or notes part, a line per paragraph of each shape, slide-number and date
 * placeholders left out. Refuses more than `slideTextChars` of text, counted as it streams.
 */
async function partText(parts: PptxParts, name: string, slide: number): Promise<string> {
  const lines: string[] = [];
  let shape: { skip: boolean; placeholder: boolean; lines: string[] } | null = null;
  let paragraph: string | null = null;
  let inRun = 0;
  let chars = 0;
  await parts.read(name, {
    open: (tag, attributes) => {
      if (tag === 'p:sp') {
        shape = { skip: false, placeholder: false, lines: [] };
      } else if (tag === 'p:ph' && shape && !shape.placeholder) {
        shape.placeholder = true;
        shape.skip = SKIPPED_PLACEHOLDERS.has(attributes().type ?? '');
      } else if (tag === 'a:p' && shape) {
        paragraph = '';
      } else if (tag === 'a:t') {
        inRun += 1;
      }
    },
    close: (tag) => {
      if (tag === 'a:t') {
        inRun = Math.max(0, inRun - 1);
      } else if (tag === 'a:p' && shape && paragraph !== null) {
        const line = paragraph.replace(/\s+/g, ' ').trim();
        if (line) shape.lines.push(line);
        paragraph = null;
      } else if (tag === 'p:sp' && shape) {
        if (!shape.skip) lines.push(...shape.lines);
        shape = null;
        paragraph = null;
      }
    },
    text: (text) => {
      if (!inRun) return;
      chars += text.length;
      if (chars > PPTX_LIMITS.slideTextChars) {
        throw new DeckImportError(deckErrors.tooMuchText(slide, PPTX_LIMITS.slideTextChars));
      }
      if (paragraph !== null) paragraph += text;
    },
  });
  return lines.join('\n');
}

/**
 * Each slide's text and notes, in the presentation's order (the order of `p:sldIdLst`, which is what
 * LibreOffice renders, not the file names). Refuses more than `maxSlides` slides before reading any.
 */
export function readPptxSlides(data: Uint8Array, maxSlides: number): Promise<PptxSlideText[]> {
  return asDeckError(async () => {
    const parts = PptxParts.open(data);
    const presentation = 'ppt/presentation.xml';
    const order: string[] = [];
    const found = await parts.read(presentation, {
      open: (name, attributes) => {
        if (name !== 'p:sldId') return;
        order.push(attributes()['r:id'] ?? '');
        if (order.length > maxSlides) throw new DeckImportError(deckErrors.tooManySlides(maxSlides));
      },
    });
    if (!found) throw new DeckImportError(deckErrors.notPresentation);
    const relations = await parts.relations(presentation);
    const targets = new Map(relations.map((relation) => [relation.id, relation.target]));
    const slides: PptxSlideText[] = [];
    for (const relationId of order) {
      const slidePath = relationId ? targets.get(relationId) : undefined;
      if (!slidePath || !parts.has(slidePath)) continue;
      const number = slides.length + 1;
      const text = await partText(parts, slidePath, number);
      const notesPath = (await parts.relations(slidePath)).find((relation) =>
        relation.type.endsWith('/notesSlide'),
      )?.target;
      const notes = notesPath && parts.has(notesPath) ? await partText(parts, notesPath, number) : '';
      slides.push({ text, notes });
    }
    return slides;
  });
}
