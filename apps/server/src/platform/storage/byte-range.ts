export type RangeResolution =
  { kind: 'full' } | { kind: 'partial'; start: number; end: number } | { kind: 'unsatisfiable' };

/**
 * Resolves an HTTP `Range` header against an object size (RFC 9110 section 14). Only one range is
 * served: a multi-range or malformed header is ignored and the whole object is sent, which the RFC
 * allows; a well-formed range that starts past the end is unsatisfiable (416).
 */
export function resolveRangeHeader(header: string | undefined, size: number): RangeResolution {
  if (header === undefined) return { kind: 'full' };
  const match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!match) return { kind: 'full' };
  const [, first = '', last = ''] = match;

  if (first === '') {
    if (last === '') return { kind: 'full' };
    // Suffix range: the last N bytes.
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', start: Math.max(0, size - suffix), end: size - 1 };
  }

  const start = Number(first);
  if (last !== '' && Number(last) < start) return { kind: 'full' };
  if (start >= size) return { kind: 'unsatisfiable' };
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  return { kind: 'partial', start, end };
}
