import { FREE_PLAN_ID, type Plan, type VideoCount } from '@reelcraft/contract';

/**
 * Which listed plan the user is on, from the video count: free without a subscription; with one, the
 * only paid plan whose allowance matches. Null when it cannot be told (videos carried over from an
 * earlier purchase raise max_videos; the API names no plan id here).
 */
export function currentPlanId(plans: readonly Plan[], count: VideoCount | undefined): string | null {
  if (!count) return null;
  if (!count.has_subscription) return FREE_PLAN_ID;
  const matches = plans.filter((plan) => plan.id !== FREE_PLAN_ID && plan.max_videos === count.max_videos);
  return matches.length === 1 ? (matches[0]?.id ?? null) : null;
}
