import { describe, expect, it } from 'vitest';
import { createProgressParser, outputSecondsFromBlock } from './ffmpeg-progress';

const feed = (parser: (line: string) => void, text: string) => text.split('\n').forEach(parser);

describe('ffmpeg progress parsing', () => {
  it('reads the output time from the current and the older keys', () => {
    expect(outputSecondsFromBlock(new Map([['out_time_us', '1500000']]))).toBe(1.5);
    // Older ffmpeg names it out_time_ms, but the unit is microseconds all the same.
    expect(outputSecondsFromBlock(new Map([['out_time_ms', '2250000']]))).toBe(2.25);
    expect(outputSecondsFromBlock(new Map([['out_time', '00:01:02.500000']]))).toBe(62.5);
    expect(outputSecondsFromBlock(new Map([['out_time_us', 'N/A']]))).toBeNull();
    expect(outputSecondsFromBlock(new Map([['out_time', '-577014:32:22.775808']]))).toBe(0);
  });

  it('reports fractions per block, never backwards, and 1 at the end', () => {
    const seen: number[] = [];
    const parser = createProgressParser(10, (fraction) => seen.push(fraction));
    feed(parser, 'frame=10\nout_time_us=2000000\nprogress=continue');
    feed(parser, 'out_time_us=1000000\nprogress=continue');
    feed(parser, 'out_time_us=5000000\nprogress=continue');
    feed(parser, 'out_time_us=10000000\nprogress=continue');
    feed(parser, 'out_time_us=10000000\nprogress=end');
    expect(seen).toEqual([0.2, 0.5, 0.99, 1]);
  });

  it('ignores noise and blocks without a time', () => {
    const seen: number[] = [];
    const parser = createProgressParser(4, (fraction) => seen.push(fraction));
    feed(parser, 'garbage\n=\nbitrate=N/A\nprogress=continue\nout_time=00:00:01.000000\nprogress=continue');
    expect(seen).toEqual([0.25]);
  });
});
