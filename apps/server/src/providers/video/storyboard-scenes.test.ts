import { describe, expect, it } from 'vitest';
import { narrationChunks } from './storyboard-scenes';

describe('narrationChunks', () => {
  it('keeps a short narration whole and an empty one as one silent piece', () => {
    expect(narrationChunks('One slide, one line.')).toEqual(['One slide, one line.']);
    expect(narrationChunks('   ')).toEqual(['']);
  });

  it('splits long notes at sentence ends into pieces a scene holds, losing no word', () => {
    const sentence = 'Revenue grew in every region this quarter, led by two new markets. ';
    const notes = sentence.repeat(30);
    const pieces = narrationChunks(notes, 600);
    expect(pieces.length).toBeGreaterThan(3);
    for (const piece of pieces) {
      expect(piece.length).toBeLessThanOrEqual(600);
      expect(piece).toMatch(/\.$/);
    }
    expect(pieces.join(' ').split(/\s+/)).toEqual(notes.trim().split(/\s+/));
  });

  it('cuts a sentence longer than a scene at spaces', () => {
    const long = `${'word '.repeat(300)}end.`;
    const pieces = narrationChunks(long, 100);
    for (const piece of pieces) expect(piece.length).toBeLessThanOrEqual(100);
    expect(pieces.join(' ').split(/\s+/)).toEqual(long.trim().split(/\s+/));
  });
});
