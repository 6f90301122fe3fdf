import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useRisingPercent } from './use-rising-percent';

describe('useRisingPercent', () => {
  it('keeps the highest percentage of a run, and starts again with a new run', () => {
    const { result, rerender } = renderHook(({ percent, run }) => useRisingPercent(percent, run), {
      initialProps: { percent: 31, run: 'lipsync-1' as string | null },
    });
    expect(result.current).toBe(31);
    // The sequence: 31%, then 90%, then 47%: it stays at 90%.
    rerender({ percent: 90, run: 'lipsync-1' });
    expect(result.current).toBe(90);
    rerender({ percent: 47, run: 'lipsync-1' });
    expect(result.current).toBe(90);
    rerender({ percent: 95, run: 'lipsync-1' });
    expect(result.current).toBe(95);
    rerender({ percent: 5, run: 'lipsync-2' });
    expect(result.current).toBe(5);
  });
});
