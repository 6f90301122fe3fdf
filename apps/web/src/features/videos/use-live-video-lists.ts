import { VIDEO_EVENT_TYPES, videoProgressEventDataSchema } from '@reelcraft/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeEvent } from '../../lib/realtime';
import { videoKeys } from './api/video-keys';

/**
 * Keeps the video lists of the calling screen current: when a job ends (a `video.progress` event with
 * status completed or failed, also for a job sent to the background), every videos query is read
 * again, so a card does not keep saying "Processing" until a manual refresh.
 */
export function useLiveVideoLists(): void {
  const queryClient = useQueryClient();
  useRealtimeEvent(VIDEO_EVENT_TYPES.progress, (message) => {
    const event = videoProgressEventDataSchema.safeParse(message.data);
    if (!event.success || event.data.status === 'processing') return;
    void queryClient.invalidateQueries({ queryKey: videoKeys.all });
  });
}
