import { describe, expect, it } from 'vitest';
import { nextWholeSecond } from './clock';

describe('nextWholeSecond', () => {
  it('moves to the start of the next second, also from a whole second', () => {
    expect(nextWholeSecond(new Date('2026-01-01T00:00:10.300Z')).toISOString()).toBe(
      '2026-01-01T00:00:11.000Z',
    );
    expect(nextWholeSecond(new Date('2026-01-01T00:00:10.000Z')).toISOString()).toBe(
      '2026-01-01T00:00:11.000Z',
    );
  });
});
