import { requestPasswordReset } from '@reelcraft/contract';
import { callApi } from '../../../lib/api-client';

/** Asks for a reset link by mail; the server answers the same for any address. */
export function sendPasswordResetEmail(email: string) {
  return callApi(requestPasswordReset, { body: { email: email.trim() } });
}
