import { useQuery } from '@tanstack/react-query';
import type { Plan } from '@reelcraft/contract';
import { plansQueryOptions } from './api/list-plans';

const byPrice = (a: Plan, b: Plan) => a.price - b.price || a.max_videos - b.max_videos;

/** The plans, cheapest first (free leads). */
export function useOrderedPlans({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...plansQueryOptions(), enabled, select: (plans) => [...plans].sort(byPrice) });
}
