import { DECK_MAX_BYTES, VOICE_PREVIEW_MAX_CHARS } from '@reelcraft/contract';
import { describe, expect, it } from 'vitest';
import { acceptFor, deckFileProblem, formatLength, previewText, slidesVideoBody } from './slide-plan';

const file = (name: string, type = '', size = 1_000) => ({ name, type, size });

describe('slide plan', () => {
  it('writes lengths as seconds, then minutes and seconds', () => {
    expect(formatLength(8.2)).toBe('8 s');
    expect(formatLength(65)).toBe('1 min 05 s');
    expect(formatLength(720)).toBe('12 min');
  });

  it('takes PDF and PPTX by type or by name, and explains everything else', () => {
    expect(deckFileProblem(file('a.pdf'), ['pdf', 'pptx'])).toBeNull();
    expect(deckFileProblem(file('no-extension', 'application/pdf'), ['pdf', 'pptx'])).toBeNull();
    expect(deckFileProblem(file('A.PPTX'), ['pdf', 'pptx'])).toBeNull();
    expect(deckFileProblem(file('slides.odp'), ['pdf', 'pptx'])).toMatch(/OpenDocument presentation/);
    expect(deckFileProblem(file('photo.png', 'image/png'), ['pdf'])).toBe(
      '“photo.png” is not a presentation. Choose a PDF file.',
    );
    expect(deckFileProblem(file('a.pptx'), ['pdf'], 'Install LibreOffice.')).toBe('Install LibreOffice.');
    expect(deckFileProblem(file('a.pdf', '', 0), ['pdf'])).toBe('“a.pdf” is empty. Choose the deck again.');
    expect(deckFileProblem(file('a.pdf', '', DECK_MAX_BYTES), ['pdf'])).toBeNull();
    expect(deckFileProblem(file('a.pdf', '', DECK_MAX_BYTES + 1), ['pdf'])).toMatch(/at most 50 MB/);
    expect(acceptFor(['pdf'])).toBe('.pdf,application/pdf');
  });

  it('sends the kept slides in order, their narrations trimmed', () => {
    expect(
      slidesVideoBody('deck-1', {
        slides: [
          { index: 2, narration: '  Second first.  ', kept: true },
          { index: 1, narration: 'Dropped', kept: false },
          { index: 3, narration: '', kept: true },
        ],
        voice_id: 'rachel',
        aspect_ratio: '1:1',
        music: true,
      }),
    ).toEqual({
      deck_id: 'deck-1',
      slides: [
        { index: 2, narration: 'Second first.' },
        { index: 3, narration: '' },
      ],
      voice_id: 'rachel',
      aspect_ratio: '1:1',
      music: true,
    });
  });

  it('cuts a long narration for a preview at a sentence end, within the preview limit', () => {
    const sentence = 'This sentence has exactly forty-four chars. ';
    const text = previewText(sentence.repeat(20));
    expect(text.length).toBeLessThanOrEqual(VOICE_PREVIEW_MAX_CHARS);
    expect(text.endsWith('chars.')).toBe(true);
    expect(previewText('  short   text ')).toBe('short text');
    const words = previewText('word '.repeat(100));
    expect(words.length).toBeLessThanOrEqual(VOICE_PREVIEW_MAX_CHARS);
    expect(words.endsWith('word')).toBe(true);
  });
});
