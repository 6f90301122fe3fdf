import fs from 'node:fs/promises';
import path from 'node:path';
import { DECK_MAX_SLIDES } from '@reelcraft/contract';
import {
  convertPptxToPdf,
  DeckImportError,
  deckErrors,
  inspectPdf,
  pdfPageTexts,
  readPptxSlides,
  renderPdfPages,
  type DeckTools,
  type PptxSlideText,
} from '../../media/deck-import';
import { withTempWorkspace } from '../../media/temp-workspace';
import { readObject, type ObjectStorage } from '../../platform/storage';
import type { SlideNarrator } from './slide-narration';
import type { SlidesRepository } from './slides.repository';
import type { StoredSlide } from './slides.schema';

/** Slides are rendered this wide: crisp in a 1080p video. */
export const SLIDE_IMAGE_WIDTH = 1920;
export const IMPORT_FAILED = 'This presentation could not be imported. Please try again.';

export interface DeckImporterDeps {
  repository: SlidesRepository;
  storage: Pick<ObjectStorage, 'get' | 'put'>;
  tools: () => Promise<DeckTools>;
  narrate: SlideNarrator;
  workDir: string | undefined;
  logger: { warn(obj: object, msg: string): void };
}

/** Where a deck's slide images are kept. */
export const slideImageKey = (userId: string, deckId: string, index: number) =>
  `slide-decks/${userId}/${deckId}/slide-${index}.png`;

/**
 * The import job of a deck: PowerPoint to PDF (LibreOffice), pages to images (pdftoppm), each
 * slide's text (the PowerPoint's own, or pdftotext's) and notes, and a proposed narration. A deck
 * that cannot be read ends `failed` with the reason; anything else is retried by the queue.
 */
export class DeckImporter {
  constructor(private readonly deps: DeckImporterDeps) {}

  async run(deckId: string, signal: AbortSignal): Promise<void> {
    const deck = await this.deps.repository.findById(deckId);
    if (!deck || deck.status !== 'processing') return;
    const tools = await this.deps.tools();
    try {
      const slides = await withTempWorkspace(this.deps.workDir, async (workspace) => {
        const source = workspace.file(`deck.${deck.format}`);
        await fs.writeFile(source, await readObject(this.deps.storage, deck.sourceKey));
        const progress = (value: number) => this.deps.repository.update(deckId, { progress: value });
        let own: PptxSlideText[] | null = null;
        let pdf = source;
        if (deck.format === 'pptx') {
          // In the deck worker, within limits: a hostile deck is refused there (issue 37).
          own = await readPptxSlides(source, { maxSlides: DECK_MAX_SLIDES, signal });
          await progress(10);
          pdf = await convertPptxToPdf(tools, source, workspace.dir, { signal });
        }
        const { pageCount } = await inspectPdf(tools, pdf, signal);
        if (pageCount > DECK_MAX_SLIDES) throw new DeckImportError(deckErrors.tooManySlides(DECK_MAX_SLIDES));
        await progress(35);
        const pages = path.join(workspace.dir, 'pages');
        await fs.mkdir(pages);
        const [images, pageTexts] = await Promise.all([
          renderPdfPages(tools, pdf, pageCount, pages, { width: SLIDE_IMAGE_WIDTH, signal }),
          pdfPageTexts(tools, pdf, pageCount, signal),
        ]);
        await progress(70);
        // The PowerPoint's own text when its slides are the pages (hidden slides are not exported).
        const texts = own && own.length === images.length ? own : null;
        const stored: StoredSlide[] = [];
        for (const [offset, image] of images.entries()) {
          const index = offset + 1;
          const imageKey = slideImageKey(deck.userId, deck.id, index);
          await this.deps.storage.put(imageKey, await fs.readFile(image), { contentType: 'image/png' });
          const text = texts?.[offset]?.text ?? pageTexts[offset] ?? '';
          const notes = texts?.[offset]?.notes ?? '';
          stored.push({
            index,
            imageKey,
            text,
            notes,
            narration: notes.trim() || (await this.deps.narrate(text)),
          });
        }
        return stored;
      });
      if (slides.length === 0) throw new DeckImportError(deckErrors.noPages);
      await this.deps.repository.update(deckId, { status: 'ready', progress: 100, slides, error: null });
    } catch (error) {
      if (!(error instanceof DeckImportError)) throw error;
      await this.deps.repository.update(deckId, { status: 'failed', error: error.message });
    }
  }

  /** The queue gave up (the import kept crashing or its process died): the user sees a failure. */
  async gaveUp(deckId: string): Promise<void> {
    const deck = await this.deps.repository.findById(deckId);
    if (deck?.status !== 'processing') return;
    this.deps.logger.warn({ deckId }, 'A deck import was given up');
    await this.deps.repository.update(deckId, { status: 'failed', error: IMPORT_FAILED });
  }
}
