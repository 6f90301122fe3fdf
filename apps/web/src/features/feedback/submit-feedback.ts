import { useMutation } from '@tanstack/react-query';
import { submitFeedback, type SubmitFeedbackBody } from '@reelcraft/contract';
import { callApi } from '../../lib/api-client';

/** POST /feedback/submit: `{user_id, answers, timestamp}` from a guest or a signed-in user. */
export function postFeedback(body: SubmitFeedbackBody) {
  return callApi(submitFeedback, { body });
}

export function useSubmitFeedback() {
  return useMutation({ mutationFn: postFeedback });
}
