import { queryOptions, useQuery } from '@tanstack/react-query';
import { listPlans, type Plan } from '@reelcraft/contract';
import { callApi } from '../../../lib/api-client';

/** GET /subscriptions/plans: every plan, the implicit free plan included. */
export function fetchPlans(signal?: AbortSignal): Promise<Plan[]> {
  return callApi(listPlans, { signal });
}

export function plansQueryOptions() {
  return queryOptions({
    queryKey: ['subscriptions', 'plans'],
    queryFn: ({ signal }) => fetchPlans(signal),
    staleTime: 5 * 60_000,
  });
}

export function usePlans() {
  return useQuery(plansQueryOptions());
}
