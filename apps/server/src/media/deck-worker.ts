/**
 * The deck worker: reads a PowerPoint file's slide texts (pptx-text.ts) in a thread of its own with
 * a memory cap (deck-import.ts starts it), so that a hostile deck neither blocks the server's event
 * loop nor grows its heap (issue 37). Piscina calls the default export with one task.
 */
import fs from 'node:fs/promises';
import { runThisThreadInBackground } from './background-priority';
import { DeckImportError } from './deck-errors';
import { readPptxSlides, type PptxSlideText } from './pptx-text';

runThisThreadInBackground();

export interface DeckTask {
  /** The PowerPoint file. */
  file: string;
  maxSlides: number;
}

/** The slides, or the user's reason for refusing the deck (an error's class does not cross threads). */
export type DeckReading = { slides: PptxSlideText[] } | { refused: string };

export default async function readDeck(task: DeckTask): Promise<DeckReading> {
  try {
    return { slides: await readPptxSlides(await fs.readFile(task.file), task.maxSlides) };
  } catch (error) {
    if (error instanceof DeckImportError) return { refused: error.message };
    throw error;
  }
}
