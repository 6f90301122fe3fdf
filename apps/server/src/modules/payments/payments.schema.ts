import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { PlanId } from '@reelcraft/contract';
import { users } from '../users/users.schema';
import { columnIn } from '../../platform/db/column-in';

export const ORDER_PROVIDERS = ['paypal', 'test'] as const;
export type OrderProviderName = (typeof ORDER_PROVIDERS)[number];

export const PAYMENT_ORDER_STATES = ['created', 'captured', 'activated', 'failed'] as const;
export type PaymentOrderState = (typeof PAYMENT_ORDER_STATES)[number];

/**
 * Our side of every checkout order: which user ordered which plan, at the price the server set.
 * Activation only trusts a payment id found here for the caller, then re-checks it with the provider.
 */
export const paymentOrders = pgTable(
  'payment_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: text('plan_id').$type<PlanId>().notNull(),
    provider: text('provider').$type<OrderProviderName>().notNull(),
    /** The provider's order id; set once the provider created the order. */
    providerOrderId: text('provider_order_id'),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    state: text('state').$type<PaymentOrderState>().notNull().default('created'),
    approveUrl: text('approve_url'),
    captureId: text('capture_id'),
    /** Why the order failed (amount mismatch, declined...), for the operator. */
    failure: text('failure'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    capturedAt: timestamp('captured_at', { withTimezone: true }),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('payment_orders_provider_order_unique')
      .on(table.provider, table.providerOrderId)
      .where(sql`${table.providerOrderId} is not null`),
    index('payment_orders_user_created_idx').on(table.userId, table.createdAt.desc()),
    check('payment_orders_provider_check', columnIn('provider', ORDER_PROVIDERS)),
    check('payment_orders_state_check', columnIn('state', PAYMENT_ORDER_STATES)),
  ],
);

export const TEST_CHECKOUT_STATES = ['CREATED', 'APPROVED', 'COMPLETED', 'VOIDED'] as const;
export type TestCheckoutState = (typeof TEST_CHECKOUT_STATES)[number];

/**
 * The built-in test-mode provider's own books, kept apart from `payment_orders` as a real
 * provider's would be: the checks that activation makes run against this, not against our order.
 */
export const testCheckoutOrders = pgTable(
  'test_checkout_orders',
  {
    id: text('id').primaryKey(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    description: text('description').notNull(),
    /** Our order's id, as PayPal's `custom_id` carries it. */
    customId: text('custom_id').notNull(),
    state: text('state').$type<TestCheckoutState>().notNull().default('CREATED'),
    captureId: text('capture_id'),
    returnUrl: text('return_url').notNull(),
    cancelUrl: text('cancel_url').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    capturedAt: timestamp('captured_at', { withTimezone: true }),
  },
  () => [check('test_checkout_orders_state_check', columnIn('state', TEST_CHECKOUT_STATES))],
);

/** Stripe event ids already handled: a redelivered event is acknowledged and ignored. */
export const stripeWebhookEvents = pgTable('stripe_webhook_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  outcome: text('outcome').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

export type PaymentOrderRow = typeof paymentOrders.$inferSelect;
export type TestCheckoutOrderRow = typeof testCheckoutOrders.$inferSelect;
