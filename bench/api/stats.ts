/** The value below which `fraction` of the samples fall (nearest rank); NaN for no samples. */
export function percentile(samples: readonly number[], fraction: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1));
  return sorted[rank] as number;
}

export const median = (samples: readonly number[]) => percentile(samples, 0.5);

/** Rounded for the results file: milliseconds to 0.01, ratios to 0.001. */
export const round = (value: number, digits = 2) => Number(value.toFixed(digits));
