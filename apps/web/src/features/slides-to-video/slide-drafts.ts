import { SLIDE_NARRATION_MAX_CHARS, type DeckSlide } from '@reelcraft/contract';
import { z } from 'zod';
import type { SlideDraft } from './slide-plan';

// The user's edits of a deck (narrations, order, kept slides) for this tab's session: a reload or a
// trip to another screen and back does not throw the work away. Only this tab's sessionStorage: the
// deck itself is on the server, and another tab starts from its proposals.

const KEY_PREFIX = 'reelcraft.slides-drafts.';

const draftsSchema = z.array(
  z.object({
    index: z.number().int().min(1),
    narration: z.string().max(SLIDE_NARRATION_MAX_CHARS),
    kept: z.boolean(),
  }),
);

/** The saved drafts of this deck, if they still fit its slides (each slide once). */
export function readDrafts(deckId: string, slides: readonly DeckSlide[]): SlideDraft[] | null {
  try {
    const raw = window.sessionStorage.getItem(KEY_PREFIX + deckId);
    if (!raw) return null;
    const drafts = draftsSchema.safeParse(JSON.parse(raw));
    if (!drafts.success) return null;
    const saved = drafts.data.map((draft) => draft.index).sort((a, b) => a - b);
    const deck = slides.map((slide) => slide.index).sort((a, b) => a - b);
    return saved.length === deck.length && saved.every((index, at) => index === deck[at])
      ? drafts.data
      : null;
  } catch {
    return null;
  }
}

/** Saves the drafts of this deck as the form holds them (a partial row is left out). */
export function saveDrafts(deckId: string, drafts: readonly (Partial<SlideDraft> | undefined)[]): void {
  const complete = drafts.filter(
    (draft): draft is SlideDraft =>
      typeof draft?.index === 'number' &&
      typeof draft.narration === 'string' &&
      typeof draft.kept === 'boolean',
  );
  try {
    window.sessionStorage.setItem(KEY_PREFIX + deckId, JSON.stringify(complete));
  } catch {
    // A full or disabled storage only costs the edits a reload.
  }
}
