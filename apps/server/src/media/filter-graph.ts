/**
 * Small pure helpers to write ffmpeg filter graphs without hand-escaping. A value passes two parsers:
 * the filter's option parser (`:` separates options) and the graph parser (`,` `;` `[` `]` separate
 * filters and labels); both honour backslash escapes.
 */

export type FilterOptionValue = string | number | boolean;

/** Escapes one option value (a path, an expression, a colour) for use inside -filter_complex. */
export function escapeFilterValue(value: string): string {
  const optionLevel = value.replace(/[\\':]/g, (character) => `\\${character}`);
  return optionLevel.replace(/[\\'[\],;]/g, (character) => `\\${character}`);
}

/** Decimal text without exponent, at most 6 decimals: expressions must not read "1e-7". */
export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`Not a finite number: ${value}`);
  const rounded = Number(value.toFixed(6));
  return Object.is(rounded, -0) ? '0' : String(rounded);
}

function formatValue(value: FilterOptionValue): string {
  if (typeof value === 'number') return formatNumber(value);
  if (typeof value === 'boolean') return value ? '1' : '0';
  return escapeFilterValue(value);
}

/** `name=key=value:key=value`; undefined options are left out. */
export function filter(name: string, options: Record<string, FilterOptionValue | undefined> = {}): string {
  const parts = Object.entries(options)
    .filter((entry): entry is [string, FilterOptionValue] => entry[1] !== undefined)
    .map(([key, value]) => `${key}=${formatValue(value)}`);
  return parts.length > 0 ? `${name}=${parts.join(':')}` : name;
}

const pad = (labels: readonly string[]) => labels.map((name) => `[${name}]`).join('');

/** One chain: `[in1][in2]filter1,filter2[out]`. */
export function chain(
  inputs: readonly string[],
  filters: readonly string[],
  outputs: readonly string[],
): string {
  if (filters.length === 0) throw new Error('A filter chain needs at least one filter');
  return `${pad(inputs)}${filters.join(',')}${pad(outputs)}`;
}

/** Expression helpers (ffmpeg's expression language), kept here so every builder eases alike. */
export const expr = {
  /** 0..1 progress of `variable` from `start` over `length`, clipped. */
  progress: (variable: string, start: number, length: number) =>
    `clip((${variable}-${formatNumber(start)})/${formatNumber(Math.max(length, 1e-6))},0,1)`,
  /** Smooth start and end (smoothstep) of a 0..1 progress expression. */
  smooth: (p: string) => `(${p})*(${p})*(3-2*(${p}))`,
  /** Fast start, gentle stop (cubic ease-out). */
  easeOut: (p: string) => `(1-pow(1-(${p}),3))`,
};
