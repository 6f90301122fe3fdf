import { ApiError } from '../../../lib/api-client';

/**
 * The failures spec 000 section 8 swallows for notifications: a 401, and no answer at all (network,
 * CORS, timeout). Listing then shows an empty list and an update is skipped, with no error shown. The
 * local "Token expired" rejection is not swallowed: the session ends on it.
 */
export function isSwallowedNotificationError(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.kind === 'network' || error.kind === 'timeout') return true;
  return error.kind === 'http' && error.status === 401;
}
