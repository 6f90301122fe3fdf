import { z } from 'zod';
import { PLAN_IDS, type PlanId } from '@reelcraft/contract';
import { badRequest, HttpError } from '../../platform/http/http-error';
import { isPaidPlanId, type PlanRow, type SubscriptionsService } from '../subscriptions';
import type { StripeEventsRepository } from './stripe-events.repository';

export const stripeWebhookDetails = {
  notConfigured: 'Card payment webhooks are not configured',
  badSignature: 'Invalid webhook signature',
  badPayload: 'Invalid webhook payload',
} as const;

interface WebhookLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

// An id field may arrive as the id or as the expanded object.
const stripeRef = z
  .union([z.string(), z.looseObject({ id: z.string() })])
  .nullish()
  .transform((value) => (typeof value === 'string' ? value : (value?.id ?? null)));

const eventSchema = z.looseObject({
  id: z.string(),
  type: z.string(),
  data: z.looseObject({ object: z.looseObject({}) }),
});

const checkoutSessionSchema = z.looseObject({
  id: z.string(),
  mode: z.string().nullish(),
  payment_status: z.string().nullish(),
  client_reference_id: z.string().nullish(),
  customer: stripeRef,
  subscription: stripeRef,
  amount_total: z.number().int().nullish(),
  amount_subtotal: z.number().int().nullish(),
  currency: z.string().nullish(),
  metadata: z.record(z.string(), z.string()).nullish(),
});

const invoiceLineSchema = z.looseObject({
  price: z.looseObject({ id: z.string() }).nullish(),
  // API versions from 2025 name the price here instead.
  pricing: z.looseObject({ price_details: z.looseObject({ price: stripeRef }).nullish() }).nullish(),
  period: z.looseObject({ start: z.number(), end: z.number() }).nullish(),
});

const invoiceSchema = z.looseObject({
  id: z.string(),
  customer: stripeRef,
  subscription: stripeRef,
  parent: z
    .looseObject({ subscription_details: z.looseObject({ subscription: stripeRef }).nullish() })
    .nullish(),
  billing_reason: z.string().nullish(),
  amount_paid: z.number().int(),
  currency: z.string(),
  lines: z.looseObject({ data: z.array(invoiceLineSchema) }).nullish(),
});

const subscriptionSchema = z.looseObject({
  id: z.string(),
  customer: stripeRef,
  status: z.string(),
  cancel_at_period_end: z.boolean().nullish(),
});

// A subscription in one of these no longer gives access.
const ENDED_STATUSES = new Set(['canceled', 'unpaid', 'incomplete_expired']);

export interface WebhookDelivery {
  /** The event exactly as Stripe signed it. */
  payload: string;
  /** The Stripe-Signature header. */
  signature: string | undefined;
}

/**
 * Stripe's webhooks (the embedded pricing table's checkouts and the subscriptions behind them):
 * the signature is checked over the raw payload before anything is read, each event id is handled
 * once, and every activation or renewal goes through the same once-per-payment ledger as the
 * order-based checkout. Events about users or prices we do not know are acknowledged and logged.
 */
export class StripeWebhooksService {
  constructor(
    private readonly secrets: readonly string[],
    private readonly events: StripeEventsRepository,
    private readonly subscriptions: SubscriptionsService,
    private readonly logger: WebhookLogger,
  ) {}

  async receive(delivery: WebhookDelivery): Promise<{ received: true }> {
    if (this.secrets.length === 0) throw new HttpError(503, stripeWebhookDetails.notConfigured);
    const event = await this.verify(delivery);
    if (await this.events.seen(event.id)) return { received: true };
    const outcome = await this.handle(event);
    this.logger.info({ event: event.id, type: event.type, outcome }, 'Stripe webhook handled');
    // Recorded after handling: if handling failed, Stripe's retry must find the event new.
    await this.events.record(event.id, event.type, outcome);
    return { received: true };
  }

  private async verify(delivery: WebhookDelivery): Promise<z.infer<typeof eventSchema>> {
    if (!delivery.signature) throw badRequest(stripeWebhookDetails.badSignature);
    // Loaded on the first webhook, not at start: about 4 MB of heap that a server without card
    // payments never uses (issue 20).
    const { default: Stripe } = await import('stripe');
    let verified: unknown;
    for (const secret of this.secrets) {
      try {
        verified = Stripe.webhooks.constructEvent(delivery.payload, delivery.signature, secret);
        break;
      } catch {
        // Try the next endpoint's secret.
      }
    }
    if (!verified) throw badRequest(stripeWebhookDetails.badSignature);
    const parsed = eventSchema.safeParse(verified);
    if (!parsed.success) throw badRequest(stripeWebhookDetails.badPayload);
    return parsed.data;
  }

  private async handle(event: z.infer<typeof eventSchema>): Promise<string> {
    const object = event.data.object;
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded':
        return this.checkoutCompleted(checkoutSessionSchema.parse(object));
      case 'invoice.paid':
      case 'invoice.payment_succeeded':
        return this.invoicePaid(invoiceSchema.parse(object));
      case 'customer.subscription.updated':
        return this.subscriptionUpdated(subscriptionSchema.parse(object), false);
      case 'customer.subscription.deleted':
        return this.subscriptionUpdated(subscriptionSchema.parse(object), true);
      default:
        return 'ignored: event type';
    }
  }

  /** The first payment: the pricing table passes our user id as `client_reference_id`. */
  private async checkoutCompleted(session: z.infer<typeof checkoutSessionSchema>): Promise<string> {
    if (session.payment_status !== 'paid') return 'ignored: not paid yet';
    const userId = session.client_reference_id;
    const account = userId ? await this.subscriptions.findAccount(userId) : undefined;
    if (!account || account.id !== userId) return this.skip('unknown user', { session: session.id });

    const amount = session.amount_subtotal ?? session.amount_total;
    const currency = session.currency?.toUpperCase();
    const plan = await this.planForCheckout(session.metadata?.plan_id, amount, currency);
    if (!plan) return this.skip('no plan matches the checkout', { session: session.id, amount, currency });
    if (amount !== plan.priceCents || currency !== plan.currency) {
      return this.skip('amount does not match the plan', {
        session: session.id,
        plan: plan.id,
        amount,
        currency,
      });
    }
    const outcome = await this.subscriptions.startPaidPeriod({
      userId: account.id,
      planId: plan.id,
      provider: 'stripe',
      paymentId: session.id,
      amountCents: session.amount_total ?? amount,
      currency,
      autoRenew: session.mode === 'subscription',
      actor: 'webhook',
      stripe: { customerId: session.customer, subscriptionId: session.subscription },
    });
    return outcome.outcome;
  }

  /** Renewals. The first invoice of a subscription is the checkout's, which activated already. */
  private async invoicePaid(invoice: z.infer<typeof invoiceSchema>): Promise<string> {
    if (invoice.billing_reason === 'subscription_create')
      return 'ignored: first invoice (checkout activates)';
    const subscriptionId = invoice.subscription ?? invoice.parent?.subscription_details?.subscription ?? null;
    if (!subscriptionId) return 'ignored: not a subscription invoice';
    const userId = await this.subscriptions.findStripeSubscriber({
      subscriptionId,
      customerId: invoice.customer,
    });
    if (!userId) return this.skip('unknown subscriber', { invoice: invoice.id, subscriptionId });

    const line = invoice.lines?.data.find((item) => item.price?.id ?? item.pricing?.price_details?.price);
    const priceId = line?.price?.id ?? line?.pricing?.price_details?.price ?? undefined;
    const plan = priceId ? await this.subscriptions.findPlanByStripePrice(priceId) : undefined;
    if (!plan || !isPaidPlanId(plan.id))
      return this.skip('no plan has this price', { invoice: invoice.id, priceId });
    if (invoice.currency.toUpperCase() !== plan.currency) {
      return this.skip('currency does not match the plan', { invoice: invoice.id, plan: plan.id });
    }
    const period =
      line?.period && line.period.end > line.period.start
        ? { start: new Date(line.period.start * 1000), end: new Date(line.period.end * 1000) }
        : undefined;
    const outcome = await this.subscriptions.startPaidPeriod({
      userId,
      planId: plan.id,
      provider: 'stripe',
      paymentId: invoice.id,
      amountCents: invoice.amount_paid,
      currency: invoice.currency.toUpperCase(),
      autoRenew: true,
      actor: 'webhook',
      period,
      stripe: { customerId: invoice.customer, subscriptionId },
    });
    return outcome.outcome;
  }

  /** Cancelled at period end (auto-renew off), resumed, or ended now. */
  private async subscriptionUpdated(
    subscription: z.infer<typeof subscriptionSchema>,
    deleted: boolean,
  ): Promise<string> {
    const userId = await this.subscriptions.findStripeSubscriber({ subscriptionId: subscription.id });
    if (!userId) return this.skip('unknown subscription', { subscription: subscription.id });
    const current = await this.subscriptions.findSubscription(userId);
    // Only the card subscription that pays for the running period may end it.
    if (current?.provider !== 'stripe' || current.stripeSubscriptionId !== subscription.id) {
      return 'ignored: not the running subscription';
    }
    const detail = { stripe_subscription: subscription.id, stripe_status: subscription.status };
    if (deleted || ENDED_STATUSES.has(subscription.status)) {
      const ended = await this.subscriptions.endPaidPeriod({
        userId,
        kind: 'cancellation',
        provider: 'stripe',
        actor: 'webhook',
        detail,
      });
      return ended ? 'ended' : 'ignored: already ended';
    }
    const changed = await this.subscriptions.setAutoRenew(userId, !subscription.cancel_at_period_end, {
      provider: 'stripe',
      actor: 'webhook',
      detail,
    });
    return changed ? (subscription.cancel_at_period_end ? 'auto-renew off' : 'auto-renew on') : 'unchanged';
  }

  /** The plan named in the checkout's metadata, or the only plan at that price. */
  private async planForCheckout(
    named: string | undefined,
    amount: number | null | undefined,
    currency: string | undefined,
  ): Promise<(PlanRow & { id: PlanId }) | undefined> {
    if (named && isPaidPlanId(named)) {
      const plan = await this.subscriptions.findPlan(named);
      return plan ? { ...plan, id: named } : undefined;
    }
    const plans = await Promise.all(PLAN_IDS.map((id) => this.subscriptions.findPlan(id)));
    const matching = plans.filter(
      (plan): plan is PlanRow & { id: PlanId } =>
        plan !== undefined &&
        isPaidPlanId(plan.id) &&
        plan.priceCents === amount &&
        plan.currency === currency,
    );
    return matching.length === 1 ? matching[0] : undefined;
  }

  private skip(reason: string, context: object): string {
    this.logger.warn({ ...context, reason }, 'Stripe webhook event not applied');
    return `ignored: ${reason}`;
  }
}
