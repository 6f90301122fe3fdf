import { describe, expect, it } from 'vitest';
import { narrationFromSlideText } from './slide-narration';

describe('a narration written from a slide', () => {
  it('reads the title, then the points as one sentence, lower-casing the words that start them', () => {
    expect(narrationFromSlideText('Next steps\n• Hire ten engineers\n• Launch in Spain')).toBe(
      'Next steps. Hire ten engineers, and launch in Spain.',
    );
    expect(narrationFromSlideText('Plan\n1. Build\n2. Measure\n3. Learn\nPage 3 of 9')).toBe(
      'Plan. Build, measure, and learn.',
    );
  });

  it('keeps month and day names, "I" and names capitalised (issue 36 item 9)', () => {
    expect(
      narrationFromSlideText('Timeline\nSeptember: beta\nOctober: launch in Spain\nMonday: press day'),
    ).toBe('Timeline. September: beta, October: launch in Spain, and Monday: press day.');
    expect(narrationFromSlideText('Roadmap\nHire engineers\nOctober: open the Lisbon office')).toBe(
      'Roadmap. Hire engineers, and October: open the Lisbon office.',
    );
    expect(narrationFromSlideText('Lessons\nWe shipped late\nI would plan more')).toBe(
      'Lessons. We shipped late, and I would plan more.',
    );
    // A name: written with a capital inside another line, or followed by another capitalised word.
    expect(
      narrationFromSlideText('Markets\nOpen stores in Spain\nSpain first\nNew York next\nThen the rest'),
    ).toBe('Markets. Open stores in Spain, Spain first, New York next, and then the rest.');
  });
});
