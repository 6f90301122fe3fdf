import { AVATAR_INITIALS_MAX_LETTERS } from '@reelcraft/contract';

/**
 * Initials for an avatar: the first letter of the first and the last word, upper-cased, at most
 * AVATAR_INITIALS_MAX_LETTERS (2). An email stands in for a missing name; `?` when there is nothing.
 */
export function initialsOf(name: string): string {
  const words = name
    .replace(/@.*$/, '')
    .split(/[\s._-]+/)
    .filter((word) => /\p{L}|\p{N}/u.test(word));
  const picked = words.length > 1 ? [words[0], words[words.length - 1]] : words.slice(0, 1);
  const letters = picked
    .map((word) => Array.from(word ?? '').find((char) => /\p{L}|\p{N}/u.test(char)) ?? '')
    .join('')
    .toLocaleUpperCase();
  return Array.from(letters).slice(0, AVATAR_INITIALS_MAX_LETTERS).join('') || '?';
}
