import type { SubscriptionPlanId, VideoCountAnswer } from '@reelcraft/contract';
import { planName } from '../../lib/video-count';
import { useOrderedPlans } from './use-ordered-plans';

/**
 * Which plan the user is on, as the video count names it; null until the count is known, or when
 * the server names no plan (the spec's answer has no plan id).
 */
export function currentPlanId(count: VideoCountAnswer | undefined): SubscriptionPlanId | null {
  return count?.plan?.id ?? null;
}

/** What the shell's plan box says about the user's plan. */
export interface PlanBoxPlan {
  /** The plan's own name (Business, Free), as the video count gives it. */
  name: string;
  /** On the dearest plan: there is nothing to upgrade to. */
  isTopPlan: boolean;
}

/**
 * The user's plan by name, from the video count. Which plan is the dearest is read from the plan
 * list (prices are configurable), fetched only for a subscriber: a free user always can upgrade.
 */
export function usePlanBoxPlan(count: VideoCountAnswer | undefined): PlanBoxPlan {
  const subscribed = count?.has_subscription === true;
  const plans = useOrderedPlans({ enabled: subscribed });
  if (!count) return { name: '', isTopPlan: false };
  const name = planName(count);
  const planId = currentPlanId(count);
  const topPlanId = plans.data?.at(-1)?.id;
  return { name, isTopPlan: subscribed && planId !== null && planId === topPlanId };
}
