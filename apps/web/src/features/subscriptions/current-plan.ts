import { FREE_PLAN_ID, type Plan, type VideoCount } from '@reelcraft/contract';
import { useOrderedPlans } from './use-ordered-plans';

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

/** What the shell's plan box says about the user's plan. */
export interface PlanBoxPlan {
  /** The plan's own name; Free without a subscription; Premium (spec 000 section 2.5) when it cannot be told. */
  name: string;
  /** On the dearest plan: there is nothing to upgrade to. */
  isTopPlan: boolean;
}

/** The user's plan by name, from the video count and (for a subscriber) the plan list. */
export function usePlanBoxPlan(count: VideoCount | undefined): PlanBoxPlan {
  const subscribed = count?.has_subscription === true;
  const plans = useOrderedPlans({ enabled: subscribed });
  if (!subscribed) return { name: 'Free', isTopPlan: false };
  const ordered = plans.data ?? [];
  const planId = currentPlanId(ordered, count);
  const plan = ordered.find((candidate) => candidate.id === planId);
  if (!plan) return { name: 'Premium', isTopPlan: false };
  return { name: plan.name, isTopPlan: plan.id === ordered.at(-1)?.id };
}
