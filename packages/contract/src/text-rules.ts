/**
 * The one rule every text the API takes follows (issue 19): no NUL or other control character but
 * tab and line breaks, and no unpaired surrogate (text that is not valid Unicode). The server checks
 * every field of every call with it before anything else reads the request; the database could not
 * store such text, so without the rule it would fail deep inside a query.
 */

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const FORBIDDEN_TEXT_MESSAGE =
  'Contains characters that are not allowed (control characters or invalid Unicode)';

/** True when a text breaks the rule. */
export function isForbiddenText(text: string): boolean {
  return CONTROL_CHARACTERS.test(text) || LONE_SURROGATE.test(text);
}

/**
 * Where the first text breaking the rule is in a request part (a body, a query, params): its path of
 * keys and indexes, or null when every text is fine. Keys are checked as well as values.
 */
export function findForbiddenText(
  value: unknown,
  path: (string | number)[] = [],
): (string | number)[] | null {
  if (typeof value === 'string') return isForbiddenText(value) ? path : null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findForbiddenText(item, [...path, index]);
      if (found) return found;
    }
    return null;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (isForbiddenText(key)) return [...path, key];
      const found = findForbiddenText(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}
