import { queryOptions, useQuery } from '@tanstack/react-query';
import { getPlan, type Plan } from '@reelcraft/contract';
import { ApiError, callApi } from '../../../lib/api-client';

/** GET /subscriptions/plans/{id}: one plan; an unknown id answers 404 `Subscription plan not found`. */
export function fetchPlan(id: string, signal?: AbortSignal): Promise<Plan> {
  return callApi(getPlan, { params: { id }, signal });
}

export function planQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['subscriptions', 'plans', id],
    queryFn: ({ signal }) => fetchPlan(id, signal),
    staleTime: 5 * 60_000,
  });
}

export function usePlan(id: string) {
  return useQuery(planQueryOptions(id));
}

export function isPlanNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}
