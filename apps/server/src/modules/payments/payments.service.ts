import {
  paymentMessages,
  serverDetailMessages,
  type ActivateSubscriptionBody,
  type PaymentConfig,
  type PaymentOrder,
  type PlanId,
  type SubscriptionActivation,
} from '@reelcraft/contract';
import type { BillingConfig } from '../../config';
import { badRequest, HttpError, notFound } from '../../platform/http/http-error';
import { centsToAmount, type SubscriptionsService } from '../subscriptions';
import {
  PaymentProviderError,
  type OrderProvider,
  type ProviderCapture,
  type ProviderOrder,
} from './order-provider';
import type { PaymentOrdersRepository } from './payment-orders.repository';
import type { PaymentOrderRow } from './payments.schema';

// Ours: the spec's catalogue has only the three payment texts; these name what went wrong.
export const paymentDetails = {
  notFound: 'Payment not found',
  mismatch: 'Payment does not match the order',
  notConfigured: 'Payments are not configured',
  providerUnavailable: 'The payment provider could not be reached. Please try again.',
  otherProvider: 'This order was made with another payment provider',
} as const;

interface PaymentsLogger {
  warn(obj: object, msg: string): void;
}

export type CapturedCheck =
  | { ok: true; capture: ProviderCapture }
  | { ok: false; reason: 'not_completed' | 'mismatch'; detail: string };

/**
 * Whether the provider's order is our order, paid in full: the same id, our reference, captured,
 * for the amount and currency we set. Pure, so every way to it is tested alike.
 */
export function checkCapturedOrder(order: PaymentOrderRow, remote: ProviderOrder): CapturedCheck {
  if (remote.id !== order.providerOrderId)
    return { ok: false, reason: 'mismatch', detail: 'another order id' };
  if (remote.customId !== order.id)
    return { ok: false, reason: 'mismatch', detail: 'another order reference' };
  const capture = remote.capture;
  if (remote.status !== 'COMPLETED' || !capture || capture.status !== 'COMPLETED') {
    return {
      ok: false,
      reason: 'not_completed',
      detail: `order ${remote.status}, capture ${capture?.status ?? 'none'}`,
    };
  }
  if (!capture.amount || capture.amount.currency !== order.currency.toUpperCase()) {
    return {
      ok: false,
      reason: 'mismatch',
      detail: `captured in ${capture.amount?.currency ?? 'no currency'}`,
    };
  }
  if (capture.amount.cents !== order.amountCents) {
    return {
      ok: false,
      reason: 'mismatch',
      detail: `captured ${capture.amount.cents} of ${order.amountCents}`,
    };
  }
  return { ok: true, capture };
}

function toPaymentOrder(row: PaymentOrderRow, testMode: boolean): PaymentOrder {
  return {
    order_id: row.providerOrderId ?? row.id,
    provider: row.provider,
    plan_id: row.planId,
    amount: centsToAmount(row.amountCents),
    currency: row.currency,
    description: paymentMessages.orderDescription(row.planId),
    approve_url: row.approveUrl,
    test_mode: testMode,
    status: row.state,
  };
}

/**
 * The order-based checkout (spec 000 sections 2.8 and 4): the server prices and creates the order,
 * the buyer approves it at the provider, the server captures it and activates the plan only after
 * the provider confirmed this user's order was paid in full. Nothing the browser says about the
 * amount or the payment is believed.
 */
export class PaymentsService {
  constructor(
    private readonly orders: PaymentOrdersRepository,
    private readonly provider: OrderProvider | undefined,
    private readonly subscriptions: SubscriptionsService,
    private readonly settings: { publicUrl: string; billing: BillingConfig },
    private readonly logger: PaymentsLogger,
  ) {}

  getConfig(): PaymentConfig {
    const { billing } = this.settings;
    const table = billing.stripe.pricingTable;
    return {
      order_provider: this.provider?.name ?? null,
      test_mode: this.provider?.testMode ?? false,
      paypal_client_id: billing.paypal?.clientId ?? null,
      stripe: table
        ? { publishable_key: table.publishableKey, pricing_table_id: table.pricingTableId }
        : null,
    };
  }

  /** Creates an order for the plan at the plan's own price. */
  async createOrder(userId: string, planId: PlanId): Promise<PaymentOrder> {
    const provider = this.requireProvider();
    const plan = await this.subscriptions.findPlan(planId);
    if (!plan || plan.priceCents <= 0) throw notFound(serverDetailMessages.subscriptionPlanNotFound);
    const order = await this.orders.insert({
      userId,
      planId,
      provider: provider.name,
      amountCents: plan.priceCents,
      currency: plan.currency,
    });
    // The page the provider sends the browser back to; PayPal appends token (the order id) and PayerID.
    const page = new URL('/payment', this.settings.publicUrl);
    page.searchParams.set('plan', planId);
    page.searchParams.set('amount', String(centsToAmount(plan.priceCents)));
    const cancelPage = new URL(page);
    cancelPage.searchParams.set('cancelled', 'true');
    try {
      const remote = await provider.createOrder({
        reference: order.id,
        amount: { cents: plan.priceCents, currency: plan.currency },
        description: paymentMessages.orderDescription(planId),
        returnUrl: page.toString(),
        cancelUrl: cancelPage.toString(),
      });
      return toPaymentOrder(
        await this.orders.setProviderOrder(order.id, remote.id, remote.approveUrl),
        provider.testMode,
      );
    } catch (error) {
      await this.orders.markFailed(order.id, (error as Error).message);
      throw this.providerFailure(error, 'create');
    }
  }

  /** Captures the caller's approved order; capturing again answers the order as it is. */
  async captureOrder(userId: string, orderId: string): Promise<PaymentOrder> {
    const provider = this.requireProvider();
    const order = await this.findOrder(userId, orderId, provider);
    if (order.state === 'captured' || order.state === 'activated')
      return toPaymentOrder(order, provider.testMode);
    if (order.state === 'failed') throw badRequest(paymentMessages.notCompleted);
    const captured = await this.capture(order, provider);
    return toPaymentOrder(captured, provider.testMode);
  }

  /**
   * POST /subscriptions/payment-success and /subscription/activate: activates the plan once the
   * provider confirms the caller's order for that plan was paid in full. An approved order not yet
   * captured is captured here. Replaying a payment id answers the subscription as it is.
   */
  async confirmPayment(userId: string, body: ActivateSubscriptionBody): Promise<SubscriptionActivation> {
    const paymentId = body.payment_data.payment_id;
    if (body.payment_data.provider === 'stripe') return this.confirmCardPayment(userId, paymentId);

    const provider = this.requireProvider();
    const order = await this.findOrder(userId, paymentId, provider);
    if (order.planId !== body.plan_id) throw badRequest(paymentDetails.mismatch);
    if (order.state === 'failed') throw badRequest(paymentMessages.notCompleted);
    if (order.state === 'activated') return this.subscriptions.currentActivation(userId);

    let remote = await this.ask(() => provider.getOrder(paymentId));
    if (!remote) throw badRequest(paymentMessages.notCompleted);
    if (remote.status === 'APPROVED') {
      await this.capture(order, provider);
      remote = await this.ask(() => provider.getOrder(paymentId));
      if (!remote) throw badRequest(paymentMessages.notCompleted);
    }
    const check = checkCapturedOrder(order, remote);
    if (!check.ok) return this.refuse(order, check);
    if (order.state === 'created') await this.orders.markCaptured(order.id, check.capture.id);

    const outcome = await this.subscriptions.startPaidPeriod({
      userId,
      planId: order.planId,
      provider: order.provider,
      paymentId,
      amountCents: check.capture.amount?.cents ?? order.amountCents,
      currency: check.capture.amount?.currency ?? order.currency,
      // A one-off order cannot renew by itself; what the buyer asked for is kept for the record.
      autoRenew: false,
      actor: 'user',
      detail: {
        order: order.id,
        capture: check.capture.id,
        requested_auto_renew: body.payment_data.auto_renew,
      },
    });
    if (outcome.outcome === 'replayed' && !outcome.ownedByUser) throw notFound(paymentDetails.notFound);
    await this.orders.markActivated(order.id);
    return outcome.activation;
  }

  /** A card payment activates through its signed webhook; here the caller only learns whether it did. */
  private async confirmCardPayment(userId: string, paymentId: string): Promise<SubscriptionActivation> {
    if (!(await this.subscriptions.hasPayment(userId, 'stripe', paymentId)))
      throw notFound(paymentDetails.notFound);
    return this.subscriptions.currentActivation(userId);
  }

  private async capture(order: PaymentOrderRow, provider: OrderProvider): Promise<PaymentOrderRow> {
    const providerOrderId = order.providerOrderId;
    if (!providerOrderId) throw badRequest(paymentMessages.notCompleted);
    let remote: ProviderOrder;
    try {
      remote = await provider.captureOrder(providerOrderId, `capture-${order.id}`);
    } catch (error) {
      if (error instanceof PaymentProviderError && error.kind === 'rejected') {
        this.logger.warn({ err: error, order: order.id }, 'The provider refused to capture an order');
        throw badRequest(paymentMessages.notCompleted);
      }
      throw this.providerFailure(error, 'capture');
    }
    const check = checkCapturedOrder(order, remote);
    if (!check.ok) return this.refuse(order, check);
    return this.orders.markCaptured(order.id, check.capture.id);
  }

  /** A mismatch marks the order failed (someone tampered with it); an unfinished payment does not. */
  private async refuse(order: PaymentOrderRow, check: Extract<CapturedCheck, { ok: false }>): Promise<never> {
    if (check.reason === 'mismatch') {
      this.logger.warn({ order: order.id, detail: check.detail }, 'A payment did not match its order');
      await this.orders.markFailed(order.id, check.detail);
      throw badRequest(paymentDetails.mismatch);
    }
    throw badRequest(paymentMessages.notCompleted);
  }

  private async findOrder(
    userId: string,
    orderId: string,
    provider: OrderProvider,
  ): Promise<PaymentOrderRow> {
    const order = await this.orders.findForUser(userId, orderId);
    if (!order) throw notFound(paymentDetails.notFound);
    if (order.provider !== provider.name) throw new HttpError(409, paymentDetails.otherProvider);
    return order;
  }

  private requireProvider(): OrderProvider {
    if (!this.provider) throw new HttpError(503, paymentDetails.notConfigured);
    return this.provider;
  }

  private async ask<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      throw this.providerFailure(error, 'read');
    }
  }

  private providerFailure(error: unknown, step: string): HttpError {
    if (error instanceof HttpError) return error;
    this.logger.warn({ err: error, step }, 'A payment provider call failed');
    if (error instanceof PaymentProviderError && error.kind === 'rejected') {
      return badRequest(paymentMessages.notCompleted);
    }
    return new HttpError(502, paymentDetails.providerUnavailable);
  }
}
