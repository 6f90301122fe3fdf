import { useMutation } from '@tanstack/react-query';
import { resetPassword, type ResetPasswordBody } from '@reelcraft/contract';
import { callApi } from '../../../lib/api-client';

/** Sets a new password with the token from the mailed link. */
export function setNewPassword(body: ResetPasswordBody) {
  return callApi(resetPassword, { body: { token: body.token.trim(), new_password: body.new_password } });
}

export function useResetPassword() {
  return useMutation({ mutationFn: setNewPassword });
}
