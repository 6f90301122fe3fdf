import { queryOptions, useQuery } from '@tanstack/react-query';
import { getSubscriptionDashboard, type SubscriptionDashboard } from '@reelcraft/contract';
import { callApi } from '../../../lib/api-client';

/** GET /subscriptions/dashboard: videos left, and the storage used of the plan's allowance. */
export function fetchSubscriptionDashboard(signal?: AbortSignal): Promise<SubscriptionDashboard> {
  return callApi(getSubscriptionDashboard, { signal });
}

export function subscriptionDashboardQueryOptions() {
  return queryOptions({
    queryKey: ['subscriptions', 'dashboard'],
    queryFn: ({ signal }) => fetchSubscriptionDashboard(signal),
    // Uploads elsewhere change the usage: read afresh each time the account is opened.
    staleTime: 0,
  });
}

export function useSubscriptionDashboard() {
  return useQuery(subscriptionDashboardQueryOptions());
}
