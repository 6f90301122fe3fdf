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
  // Walked with a stack of its own, not by recursion: a body nested 10,000 deep would overflow the
  // call stack (issue 37). Each entry knows its parent, so a path is only built for the text found.
  interface Entry {
    value: unknown;
    /** An object's key (checked as text too) or an array's index; null for the top. */
    key: string | number | null;
    parent: Entry | null;
  }
  const pathTo = (entry: Entry): (string | number)[] => {
    const keys: (string | number)[] = [];
    for (let at: Entry | null = entry; at && at.key !== null; at = at.parent) keys.push(at.key);
    return [...path, ...keys.reverse()];
  };
  const stack: Entry[] = [{ value, key: null, parent: null }];
  while (stack.length > 0) {
    const entry = stack.pop()!;
    if (typeof entry.key === 'string' && isForbiddenText(entry.key)) return pathTo(entry);
    const current = entry.value;
    if (typeof current === 'string') {
      if (isForbiddenText(current)) return pathTo(entry);
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    const children: Entry[] = [];
    if (Array.isArray(current)) {
      for (const [index, item] of current.entries())
        children.push({ value: item, key: index, parent: entry });
    } else {
      for (const [key, item] of Object.entries(current)) children.push({ value: item, key, parent: entry });
    }
    // Pushed last to first, so the first child is looked at first: the path named is the first in
    // the document, as before.
    for (let index = children.length - 1; index >= 0; index -= 1) stack.push(children[index]!);
  }
  return null;
}
