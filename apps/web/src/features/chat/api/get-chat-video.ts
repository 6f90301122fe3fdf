import {
  getTextToVideoSession,
  STATUS_POLL_INTERVAL_MS,
  VIDEO_EVENT_TYPES,
  videoProgressEventDataSchema,
  type TextToVideoSession,
} from '@reelcraft/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { useRealtimeEvent } from '../../../lib/realtime';
import { chatKeys } from './chat-keys';

/** GET /text-to-video/sessions/{id}: the assistant's videos are text videos, followed the same way. */
export function fetchChatVideo(videoSessionId: string, signal?: AbortSignal): Promise<TextToVideoSession> {
  return callApi(getTextToVideoSession, { params: { id: videoSessionId }, signal });
}

/**
 * A video the assistant started, until it ends: the `/ws` progress events move it between polls
 * (every STATUS_POLL_INTERVAL_MS, as the creation screens do); a completed event carries its URL.
 */
export function useChatVideo(videoSessionId: string) {
  const queryClient = useQueryClient();
  const key = chatKeys.video(videoSessionId);
  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => fetchChatVideo(videoSessionId, signal),
    retry: false,
    refetchInterval: (current) =>
      current.state.status !== 'error' && current.state.data?.status === 'processing'
        ? STATUS_POLL_INTERVAL_MS
        : false,
  });
  useRealtimeEvent(VIDEO_EVENT_TYPES.progress, (message) => {
    const event = videoProgressEventDataSchema.safeParse(message.data);
    if (!event.success || event.data.session_id !== videoSessionId) return;
    if (event.data.status === 'completed' && !event.data.video_url) {
      void queryClient.invalidateQueries({ queryKey: key });
      return;
    }
    queryClient.setQueryData<TextToVideoSession>(key, (current) => {
      // An ended video stays ended; progress never goes back.
      if (current && current.status !== 'processing') return current;
      return {
        session_id: videoSessionId,
        status: event.data.status,
        progress: Math.max(current?.progress ?? 0, event.data.progress),
        final_video_url: event.data.video_url,
        error: event.data.error,
        retrying: event.data.retrying,
      };
    });
  });
  return query;
}
