import { sendGenerationToBackground, type Notification } from '@reelcraft/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** POST /generations/{session_id}/background: the server notifies the user when the job ends. */
export function postGenerationToBackground(sessionId: string): Promise<Notification> {
  return callApi(sendGenerationToBackground, { params: { session_id: sessionId } });
}

export function useSendGenerationToBackground() {
  return useMutation({ mutationFn: postGenerationToBackground });
}
