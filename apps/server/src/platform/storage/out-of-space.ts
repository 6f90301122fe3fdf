/** errno codes of a write refused for want of space: the disk is full, or the user's quota on it is. */
const OUT_OF_SPACE_CODES = new Set([
  'ENOSPC',
  'EDQUOT',
  // PostgreSQL's disk_full (53100): the embedded database or a PostgreSQL server ran out of disk.
  '53100',
]);

// How a tool's own message says it (ffmpeg's stderr in a media error's details, a wrapped SQL error).
const OUT_OF_SPACE_TEXT = /\b(ENOSPC|EDQUOT)\b|no space left on device|disk quota exceeded/i;

// A cause chain longer than this is a cycle or a mistake; nothing real nests that deep.
const MAX_DEPTH = 8;

/**
 * Whether an error, or any error it wraps (`cause`, an AggregateError's `errors`), is a write that
 * failed because a disk is full: a file system's ENOSPC or EDQUOT, PostgreSQL's disk_full, or a
 * media tool saying "No space left on device". Such a failure is the server's state, not the
 * request's: it answers 507 and a job fails with a clear text instead of "Internal server error".
 */
export function isOutOfSpaceError(error: unknown, depth = 0): boolean {
  if (depth > MAX_DEPTH || typeof error !== 'object' || error === null) return false;
  const { code, message, details, cause, errors } = error as {
    code?: unknown;
    message?: unknown;
    details?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === 'string' && OUT_OF_SPACE_CODES.has(code)) return true;
  if (typeof message === 'string' && OUT_OF_SPACE_TEXT.test(message)) return true;
  if (typeof details === 'string' && OUT_OF_SPACE_TEXT.test(details)) return true;
  if (Array.isArray(errors) && errors.some((inner) => isOutOfSpaceError(inner, depth + 1))) return true;
  return cause !== undefined && isOutOfSpaceError(cause, depth + 1);
}
