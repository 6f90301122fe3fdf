import { previewVoice } from '@reelcraft/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** POST /elevenlabs/voices/{id}/preview: the voice saying `text`, as a playable audio URL. */
export function postVoicePreview({ voiceId, text }: { voiceId: string; text: string }) {
  return callApi(previewVoice, { params: { id: voiceId }, body: { text } });
}

export function usePreviewVoice() {
  return useMutation({ mutationFn: postVoicePreview });
}
