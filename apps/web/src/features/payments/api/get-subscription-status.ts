import { queryOptions, useQuery } from '@tanstack/react-query';
import { getSubscriptionStatus, type SubscriptionStatus } from '@reelcraft/contract';
import { ApiError, callApi } from '../../../lib/api-client';

/** How often, and how many times, a card checkout's session is asked for before its webhook arrived. */
export const STATUS_POLL_INTERVAL_MS = 2_000;
export const STATUS_POLL_ATTEMPTS = 8;

/** GET /subscriptions/status/{id}: the subscription a payment (order, checkout session) activated. */
export function fetchSubscriptionStatus(id: string, signal?: AbortSignal): Promise<SubscriptionStatus> {
  return callApi(getSubscriptionStatus, { params: { id }, signal });
}

/**
 * The card provider's webhook may land after the buyer is back: the status answers 404 until then,
 * so a 404 is asked again a few times before it counts.
 */
export function subscriptionStatusQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['subscriptions', 'status', id],
    queryFn: ({ signal }) => fetchSubscriptionStatus(id, signal),
    retry: (failures, error) =>
      error instanceof ApiError && error.status === 404 ? failures < STATUS_POLL_ATTEMPTS : failures < 2,
    retryDelay: STATUS_POLL_INTERVAL_MS,
  });
}

export function useSubscriptionStatus(id: string | null) {
  return useQuery({ ...subscriptionStatusQueryOptions(id ?? ''), enabled: id !== null });
}
