import { useQuery } from '@tanstack/react-query';
import type { Plan } from '@reelcraft/contract';
import { plansQueryOptions } from './api/list-plans';

const byPrice = (a: Plan, b: Plan) => a.price - b.price || a.max_videos - b.max_videos;

/** The plans, cheapest first (free leads). */
export function useOrderedPlans() {
  return useQuery({ ...plansQueryOptions(), select: (plans) => [...plans].sort(byPrice) });
}
