import crypto from 'node:crypto';

const TOKEN_BYTES = 32;
// 32 random bytes in base64url, without padding, are always 43 characters of this alphabet.
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** A new random token for a mailed link (256 bits, URL-safe). */
export function newSecretToken(): string {
  return crypto.randomBytes(TOKEN_BYTES).toString('base64url');
}

/** Whether a text has the shape of a token we issue; anything else is refused before any lookup. */
export function isWellFormedToken(token: string): boolean {
  return TOKEN_PATTERN.test(token);
}

/** What is stored instead of the token: a random 256-bit secret needs no slow hash, only a one-way one. */
export function hashSecretToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}
