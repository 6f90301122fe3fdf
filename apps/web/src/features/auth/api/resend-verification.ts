import { resendVerification } from '@reelcraft/contract';
import { callApi } from '../../../lib/api-client';

/** Asks for a new verification link by mail; the server answers the same for any address. */
export function sendVerificationEmail(email: string) {
  return callApi(resendVerification, { body: { email: email.trim() } });
}
