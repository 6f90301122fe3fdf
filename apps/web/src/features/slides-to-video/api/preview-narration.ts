import { previewVoice } from '@reelcraft/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** POST /elevenlabs/voices/{id}/preview: a voice saying a slide's narration, as a playable audio URL. */
export function postNarrationPreview({ voiceId, text }: { voiceId: string; text: string }) {
  return callApi(previewVoice, { params: { id: voiceId }, body: { text } });
}

export function usePreviewNarration() {
  return useMutation({ mutationFn: postNarrationPreview });
}
