import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  FREE_SUBSCRIPTION_STATUS,
  generationGateMessages,
  getVideoCount,
  SUBSCRIPTION_EVENT_TYPES,
  videoCountAnswerSchema,
  type User,
  type VideoCountAnswer,
} from '@reelcraft/contract';
import { callApi } from './api-client';
import { useRealtimeEvent, useRealtimeReady } from './realtime';

// The signed-in user's video credits (spec 000 section 3 "Video count"): read by the shell's plan box
// and the dashboard, so it lives here rather than in one feature. GET /user/video-count, parsed with
// the lenient schema that accepts 'true'/'t' booleans, kept live by the `subscription.updated` event.

/** GET /user/video-count, read with the contract's client-side schema (booleans may be 't' or 'true'). */
const getVideoCountLenient = { ...getVideoCount, response: videoCountAnswerSchema };

export const videoCountQueryKey = ['video-count'] as const;

export function fetchVideoCount(signal?: AbortSignal): Promise<VideoCountAnswer> {
  return callApi(getVideoCountLenient, { signal });
}

export function videoCountQueryOptions() {
  return queryOptions({
    queryKey: videoCountQueryKey,
    queryFn: ({ signal }) => fetchVideoCount(signal),
  });
}

export function useVideoCount() {
  return useQuery(videoCountQueryOptions());
}

/** The generation gate (spec 000 section 4, spec 001 section 2): can_generate and videos left. */
export function isGenerationAllowed(count: VideoCountAnswer): boolean {
  return count.can_generate && count.remaining_videos > 0;
}

/** Why generation is blocked, in the catalogue's words; null when it is allowed. */
export function generationBlockedMessage(count: VideoCountAnswer): string | null {
  if (count.remaining_videos <= 0) return generationGateMessages.noVideosRemaining;
  if (!count.can_generate) return generationGateMessages.generationDisabled;
  return null;
}

/**
 * The name of the user's plan: the one our server gives (Business); from a server that names none, the
 * spec's label (spec 000 section 2.5: Premium with a subscription, else Free).
 */
export function planName(count: VideoCountAnswer): string {
  return count.plan?.name ?? (count.has_subscription ? 'Premium' : 'Free');
}

/**
 * Whether the user has a paid plan: the video count's has_subscription once it is known, else the
 * user's subscription_status (spec 000 section 3: anything but "free" counts as subscribed).
 */
export function isSubscribed(
  count: VideoCountAnswer | undefined,
  user: Pick<User, 'subscription_status'>,
): boolean {
  if (count) return count.has_subscription;
  return user.subscription_status !== FREE_SUBSCRIPTION_STATUS;
}

/**
 * Keeps the cached video count in step with the server: a `subscription.updated` event carries the
 * new count (a payment, a renewal, a video reserved or given back); after a reconnect it is reloaded.
 */
export function useVideoCountLiveUpdates(): void {
  const queryClient = useQueryClient();
  useRealtimeEvent(SUBSCRIPTION_EVENT_TYPES.updated, (message) => {
    const count = videoCountAnswerSchema.safeParse(message.data);
    if (count.success) queryClient.setQueryData(videoCountQueryKey, count.data);
    else void queryClient.invalidateQueries({ queryKey: videoCountQueryKey });
  });
  useRealtimeReady(({ resumed }) => {
    if (resumed) void queryClient.invalidateQueries({ queryKey: videoCountQueryKey });
  });
}
