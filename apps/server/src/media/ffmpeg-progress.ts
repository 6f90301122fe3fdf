/**
 * Parser of ffmpeg's `-progress pipe:1` output: blocks of `key=value` lines, each ending with
 * `progress=continue` or `progress=end`. Pure, so the arithmetic is tested without ffmpeg.
 */

/** Seconds of output written so far, from one block's keys; null when the block has no time yet. */
export function outputSecondsFromBlock(block: ReadonlyMap<string, string>): number | null {
  // `out_time_us` is recent; `out_time_ms` is the older name and, despite it, also microseconds.
  for (const key of ['out_time_us', 'out_time_ms']) {
    const raw = block.get(key);
    if (raw !== undefined && /^-?\d+$/.test(raw)) {
      const micros = Number(raw);
      return micros > 0 ? micros / 1_000_000 : 0;
    }
  }
  const clock = block.get('out_time');
  const match = clock ? /^(-?)(\d+):(\d{2}):(\d{2}(?:\.\d+)?)$/.exec(clock) : null;
  if (match) {
    const seconds = Number(match[2]) * 3600 + Number(match[3]) * 60 + Number(match[4]);
    return match[1] === '-' ? 0 : seconds;
  }
  return null;
}

/**
 * Returns a line consumer that calls `onFraction` with 0..1 (never going backwards) after each block,
 * and with exactly 1 when ffmpeg reports the end.
 */
export function createProgressParser(
  expectedSeconds: number,
  onFraction: (fraction: number) => void,
): (line: string) => void {
  let block = new Map<string, string>();
  let last = 0;
  const emit = (fraction: number) => {
    const clamped = Math.min(1, Math.max(last, fraction));
    if (clamped !== last || fraction >= 1) {
      last = clamped;
      onFraction(clamped);
    }
  };
  return (line: string) => {
    const separator = line.indexOf('=');
    if (separator <= 0) return;
    const key = line.slice(0, separator).trim();
    const value = line.slice(separator + 1).trim();
    if (key !== 'progress') {
      block.set(key, value);
      return;
    }
    if (value === 'end') {
      emit(1);
    } else {
      const seconds = outputSecondsFromBlock(block);
      // Until the last block says `end`, the muxer may still be writing: stay just below 1.
      if (seconds !== null && expectedSeconds > 0) emit(Math.min(0.99, seconds / expectedSeconds));
    }
    block = new Map();
  };
}
