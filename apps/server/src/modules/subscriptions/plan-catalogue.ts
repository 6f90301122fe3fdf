import {
  FREE_PLAN_ID,
  PLAN_IDS,
  PRO_PLAN_ASSUMED_PERIOD_DAYS,
  PRO_PLAN_ASSUMED_VIDEOS,
  type Plan,
  type SubscriptionPlanId,
} from '@reelcraft/contract';
import type { PlanOverrides } from '../../config';
import type { PlanRow } from './subscriptions.schema';

export type NewPlanRow = Omit<PlanRow, 'updatedAt'>;

const DEFAULT_CURRENCY = 'USD';

/**
 * The built-in plans. Professional matches what the payment-success screen assumes (spec 000
 * section 2.8); the others sit around it. PLANS_JSON / PLANS_FILE change any field but the id.
 * Storage allowances (free 500 MB, then 5, 20 and 50 GB) are docs/decisions/033's.
 */
const DEFAULT_PLANS: readonly NewPlanRow[] = [
  {
    id: FREE_PLAN_ID,
    name: 'Free',
    description: 'Try every creation tool.',
    priceCents: 0,
    currency: DEFAULT_CURRENCY,
    periodDays: 30,
    maxVideos: 3,
    features: ['3 videos every 30 days', 'Text and image to video', 'AI Studio (beta)'],
    stripePriceId: null,
    storageMb: 500,
    sortOrder: 0,
  },
  {
    id: 'starter',
    name: 'Starter',
    description: 'For creators publishing every week.',
    priceCents: 1900,
    currency: DEFAULT_CURRENCY,
    periodDays: 30,
    maxVideos: 25,
    features: ['25 videos every 30 days', 'Every creation tool', 'Voiceover and voice cloning'],
    stripePriceId: null,
    storageMb: 5 * 1024,
    sortOrder: 1,
  },
  {
    id: 'business',
    name: 'Business',
    description: 'For teams with a steady content calendar.',
    priceCents: 4900,
    currency: DEFAULT_CURRENCY,
    periodDays: 30,
    maxVideos: 80,
    features: [
      '80 videos every 30 days',
      'Every creation tool',
      'Lip-sync and avatars',
      'Priority rendering',
    ],
    stripePriceId: null,
    storageMb: 20 * 1024,
    sortOrder: 2,
  },
  {
    id: 'professional',
    name: 'Professional',
    description: 'For agencies and high-volume production.',
    priceCents: 9900,
    currency: DEFAULT_CURRENCY,
    periodDays: PRO_PLAN_ASSUMED_PERIOD_DAYS,
    maxVideos: PRO_PLAN_ASSUMED_VIDEOS,
    features: [
      `${PRO_PLAN_ASSUMED_VIDEOS} videos every ${PRO_PLAN_ASSUMED_PERIOD_DAYS} days`,
      'Every creation tool',
      'Lip-sync and avatars',
      'Priority rendering',
      'Priority support',
    ],
    stripePriceId: null,
    storageMb: 50 * 1024,
    sortOrder: 3,
  },
];

/** The plans as configured: the defaults with the overrides applied. */
export function buildPlanCatalogue(overrides: PlanOverrides): NewPlanRow[] {
  return DEFAULT_PLANS.map((plan) => {
    const override = overrides[plan.id];
    if (!override) return plan;
    return {
      ...plan,
      name: override.name ?? plan.name,
      description: override.description ?? plan.description,
      priceCents: override.price !== undefined ? Math.round(override.price * 100) : plan.priceCents,
      currency: override.currency ?? plan.currency,
      periodDays: override.period_days ?? plan.periodDays,
      maxVideos: override.max_videos ?? plan.maxVideos,
      features: override.features ?? plan.features,
      stripePriceId: override.stripe_price_id !== undefined ? override.stripe_price_id : plan.stripePriceId,
      storageMb: override.storage_mb ?? plan.storageMb,
    };
  });
}

export function isPaidPlanId(id: string): id is (typeof PLAN_IDS)[number] {
  return (PLAN_IDS as readonly string[]).includes(id);
}

export function isPlanId(id: string): id is SubscriptionPlanId {
  return id === FREE_PLAN_ID || isPaidPlanId(id);
}

/** Minor units to the major-unit number the contract shows (4900 -> 49). */
export function centsToAmount(cents: number): number {
  return cents / 100;
}

export function toPlanAnswer(row: PlanRow): Plan {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    price: centsToAmount(row.priceCents),
    currency: row.currency,
    period_days: row.periodDays,
    max_videos: row.maxVideos,
    features: row.features,
    stripe_price_id: row.stripePriceId,
    storage_mb: row.storageMb,
  };
}
