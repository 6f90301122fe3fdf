import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { SubscriptionPlanId } from '@reelcraft/contract';
import { users } from '../users/users.schema';
import { columnIn } from '../../platform/db/column-in';

/**
 * The plans (free and the three paid ones), synced from the built-in defaults and PLANS_JSON at
 * start-up. Prices are in minor units (cents) so no amount is ever a float.
 */
export const subscriptionPlans = pgTable('subscription_plans', {
  id: text('id').$type<SubscriptionPlanId>().primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  priceCents: integer('price_cents').notNull(),
  currency: text('currency').notNull(),
  periodDays: integer('period_days').notNull(),
  maxVideos: integer('max_videos').notNull(),
  features: jsonb('features').$type<string[]>().notNull().default([]),
  stripePriceId: text('stripe_price_id'),
  /** What its subscribers may keep stored, in MB of 1024 × 1024 bytes (docs/decisions/033). */
  storageMb: integer('storage_mb').notNull().default(500),
  sortOrder: integer('sort_order').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const SUBSCRIPTION_STATES = ['free', 'active'] as const;
export type SubscriptionState = (typeof SUBSCRIPTION_STATES)[number];

/**
 * One row per user: the plan they are on and its current period. `users.subscription_status` and
 * `subscription_expiry` mirror it (written in the same transaction) for the account answers.
 * On the free plan the period rolls forward every `period_days`; a paid period ends at `period_end`,
 * the subscription's expiry.
 */
export const userSubscriptions = pgTable(
  'user_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: text('plan_id')
      .$type<SubscriptionPlanId>()
      .notNull()
      .references(() => subscriptionPlans.id),
    state: text('state').$type<SubscriptionState>().notNull().default('free'),
    /** Who took the last payment: paypal, test, stripe or admin; null on the free plan. */
    provider: text('provider'),
    autoRenew: boolean('auto_renew').notNull().default(false),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    /** When the last paid subscription ended; cleared by the next one (`is_expired`). */
    paidEndedAt: timestamp('paid_ended_at', { withTimezone: true }),
    stripeCustomerId: text('stripe_customer_id'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('user_subscriptions_user_unique').on(table.userId),
    uniqueIndex('user_subscriptions_stripe_subscription_unique')
      .on(table.stripeSubscriptionId)
      .where(sql`${table.stripeSubscriptionId} is not null`),
    index('user_subscriptions_stripe_customer_idx')
      .on(table.stripeCustomerId)
      .where(sql`${table.stripeCustomerId} is not null`),
    check('user_subscriptions_state_check', columnIn('state', SUBSCRIPTION_STATES)),
  ],
);

/**
 * Usage per period: a new period is a new row, so usage resets by construction and the history
 * stays. `allowance` is the plan's quota when the period opened; `bonus` holds videos carried over
 * or added by an administrator. A reservation is one conditional UPDATE of `used`.
 */
export const videoQuotaPeriods = pgTable(
  'video_quota_periods',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    planId: text('plan_id').$type<SubscriptionPlanId>().notNull(),
    allowance: integer('allowance').notNull(),
    bonus: integer('bonus').notNull().default(0),
    used: integer('used').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.periodStart] }),
    check('video_quota_periods_used_check', sql`${table.used} >= 0`),
    check('video_quota_periods_bonus_check', sql`${table.bonus} >= 0`),
  ],
);

export const RESERVATION_STATES = ['reserved', 'released'] as const;
export type ReservationState = (typeof RESERVATION_STATES)[number];

/**
 * One video taken from a period by a creation job; released when the job fails. `reference` (the
 * job's id) is unique per user, so a retried request cannot take two videos for one job.
 */
export const videoReservations = pgTable(
  'video_reservations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reference: text('reference').notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    state: text('state').$type<ReservationState>().notNull().default('reserved'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('video_reservations_user_reference_unique').on(table.userId, table.reference),
    check('video_reservations_state_check', columnIn('state', RESERVATION_STATES)),
  ],
);

export const SUBSCRIPTION_EVENT_KINDS = [
  'activation',
  'renewal',
  'cancellation',
  'auto_renew_off',
  'auto_renew_on',
  'expiry',
  'admin_grant',
  'admin_revoke',
  'admin_videos_added',
] as const;
export type SubscriptionEventKind = (typeof SUBSCRIPTION_EVENT_KINDS)[number];

/**
 * The audit trail: every activation, renewal, cancellation and expiry with who, plan, provider,
 * payment id, amount and when. A payment id activates once: the unique index is the last guard
 * against a replayed payment, whatever path it comes through.
 */
export const subscriptionEvents = pgTable(
  'subscription_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<SubscriptionEventKind>().notNull(),
    planId: text('plan_id').$type<SubscriptionPlanId>().notNull(),
    provider: text('provider'),
    paymentId: text('payment_id'),
    amountCents: integer('amount_cents'),
    currency: text('currency'),
    /** Who caused it: user (a checkout), webhook, admin or system (an expiry). */
    actor: text('actor').notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('subscription_events_payment_unique')
      .on(table.provider, table.paymentId)
      .where(sql`${table.paymentId} is not null`),
    index('subscription_events_user_created_idx').on(table.userId, table.createdAt.desc()),
    check('subscription_events_kind_check', columnIn('kind', SUBSCRIPTION_EVENT_KINDS)),
  ],
);

export type PlanRow = typeof subscriptionPlans.$inferSelect;
export type UserSubscriptionRow = typeof userSubscriptions.$inferSelect;
export type QuotaPeriodRow = typeof videoQuotaPeriods.$inferSelect;
export type ReservationRow = typeof videoReservations.$inferSelect;
export type SubscriptionEventRow = typeof subscriptionEvents.$inferSelect;
