import crypto from 'node:crypto';
import { API_BASE_PATH } from '@reelcraft/contract';
import {
  isProviderOrderId,
  PaymentProviderError,
  type CreateProviderOrderInput,
  type OrderProvider,
  type ProviderOrder,
} from './order-provider';
import type { TestCheckoutOrderRow } from './payments.schema';
import type { TestCheckoutRepository } from './test-checkout.repository';

export const TEST_CHECKOUT_PATH = `${API_BASE_PATH}/payments/test-checkout`;

/** What PayPal appends to the return URL as the buyer's id; the test buyer is always this one. */
export const TEST_PAYER_ID = 'TESTBUYER';

function toProviderOrder(row: TestCheckoutOrderRow, approveUrl: string): ProviderOrder {
  const amount = { cents: row.amountCents, currency: row.currency };
  return {
    id: row.id,
    status: row.state,
    customId: row.customId,
    amount,
    capture: row.captureId ? { id: row.captureId, status: 'COMPLETED', amount } : null,
    approveUrl: row.state === 'CREATED' ? approveUrl : null,
  };
}

/**
 * The built-in test-mode checkout: plays PayPal's part offline with the same order life
 * (CREATED -> APPROVED -> COMPLETED, or VOIDED), its books in its own table, and an approval page
 * served by this server. No money moves; the page says so.
 */
export class TestCheckoutProvider implements OrderProvider {
  readonly name = 'test' as const;
  readonly testMode = true;

  constructor(
    private readonly orders: TestCheckoutRepository,
    private readonly publicUrl: string,
  ) {}

  approveUrl(orderId: string): string {
    return `${this.publicUrl}${TEST_CHECKOUT_PATH}/${orderId}`;
  }

  async createOrder(input: CreateProviderOrderInput): Promise<ProviderOrder> {
    const row = await this.orders.insert({
      id: `TEST-${crypto.randomBytes(12).toString('hex').toUpperCase()}`,
      amountCents: input.amount.cents,
      currency: input.amount.currency,
      description: input.description,
      customId: input.reference,
      returnUrl: input.returnUrl,
      cancelUrl: input.cancelUrl,
    });
    return toProviderOrder(row, this.approveUrl(row.id));
  }

  async captureOrder(orderId: string): Promise<ProviderOrder> {
    const row = await this.find(orderId);
    if (!row) throw new PaymentProviderError('Unknown test order', 'rejected', 404, 'RESOURCE_NOT_FOUND');
    if (row.state === 'COMPLETED') return toProviderOrder(row, this.approveUrl(row.id));
    if (row.state !== 'APPROVED') {
      // As PayPal answers a capture before the buyer approved (or after they cancelled).
      throw new PaymentProviderError('The test order is not approved', 'rejected', 422, 'ORDER_NOT_APPROVED');
    }
    const captured = await this.orders.transition(orderId, ['APPROVED'], {
      state: 'COMPLETED',
      captureId: `TESTCAPTURE-${crypto.randomBytes(8).toString('hex').toUpperCase()}`,
      capturedAt: new Date(),
    });
    // Lost a race with another capture: the order is completed either way.
    const final = captured ?? (await this.find(orderId));
    if (!final) throw new PaymentProviderError('Unknown test order', 'rejected', 404, 'RESOURCE_NOT_FOUND');
    return toProviderOrder(final, this.approveUrl(final.id));
  }

  async getOrder(orderId: string): Promise<ProviderOrder | undefined> {
    const row = await this.find(orderId);
    return row ? toProviderOrder(row, this.approveUrl(row.id)) : undefined;
  }

  // --- The buyer's side: the approval page ---

  async find(orderId: string): Promise<TestCheckoutOrderRow | undefined> {
    return isProviderOrderId(orderId) ? this.orders.find(orderId) : undefined;
  }

  /** The buyer approves: answers where the browser goes next (PayPal's return URL, with token and PayerID). */
  async approve(orderId: string): Promise<string | undefined> {
    const row =
      (await this.orders.transition(orderId, ['CREATED'], { state: 'APPROVED', approvedAt: new Date() })) ??
      (await this.find(orderId));
    if (!row) return undefined;
    if (row.state === 'VOIDED') return withQuery(row.cancelUrl, { token: row.id });
    return withQuery(row.returnUrl, { token: row.id, PayerID: TEST_PAYER_ID });
  }

  /** The buyer cancels: the order can no longer be captured. */
  async cancel(orderId: string): Promise<string | undefined> {
    const row =
      (await this.orders.transition(orderId, ['CREATED', 'APPROVED'], { state: 'VOIDED' })) ??
      (await this.find(orderId));
    if (!row) return undefined;
    if (row.state === 'COMPLETED') return withQuery(row.returnUrl, { token: row.id, PayerID: TEST_PAYER_ID });
    return withQuery(row.cancelUrl, { token: row.id });
  }
}

function withQuery(url: string, values: Record<string, string>): string {
  const target = new URL(url);
  for (const [name, value] of Object.entries(values)) target.searchParams.set(name, value);
  return target.toString();
}
