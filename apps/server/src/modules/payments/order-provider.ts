/**
 * The order-based checkout provider as the payments service sees it: PayPal's Orders v2 API, or
 * the built-in test-mode checkout that plays its part offline. Amounts are in minor units.
 */

export interface Money {
  cents: number;
  /** ISO 4217, upper case. */
  currency: string;
}

export interface ProviderCapture {
  id: string;
  /** COMPLETED, PENDING, DECLINED... as the provider says. */
  status: string;
  amount: Money | null;
}

/** An order as the provider reports it. */
export interface ProviderOrder {
  id: string;
  /** CREATED, APPROVED, COMPLETED, VOIDED, PAYER_ACTION_REQUIRED... */
  status: string;
  /** Our order id, which we gave the provider when creating the order. */
  customId: string | null;
  amount: Money | null;
  capture: ProviderCapture | null;
  /** Where the buyer approves the order, when the provider gives one. */
  approveUrl: string | null;
}

export interface CreateProviderOrderInput {
  /** Our order id: the provider keeps it with the order, and it makes a retried create idempotent. */
  reference: string;
  amount: Money;
  description: string;
  /** Where the provider sends the browser back after approval, and after cancelling. */
  returnUrl: string;
  cancelUrl: string;
}

export type OrderProviderName = 'paypal' | 'test';

export interface OrderProvider {
  readonly name: OrderProviderName;
  /** True when no money moves. */
  readonly testMode: boolean;
  createOrder(input: CreateProviderOrderInput): Promise<ProviderOrder>;
  /** Captures an approved order; capturing a completed order again answers it as it is. */
  captureOrder(orderId: string, requestId: string): Promise<ProviderOrder>;
  /** Undefined when the provider does not know the order. */
  getOrder(orderId: string): Promise<ProviderOrder | undefined>;
}

export type ProviderErrorKind = 'unavailable' | 'rejected';

/**
 * A provider call that failed: `unavailable` (network, timeout, 5xx: worth retrying later) or
 * `rejected` (the provider refused the request, e.g. an order not approved yet).
 */
export class PaymentProviderError extends Error {
  override name = 'PaymentProviderError';

  constructor(
    message: string,
    readonly kind: ProviderErrorKind,
    readonly status?: number,
    /** The provider's own reason, e.g. PayPal's ORDER_NOT_APPROVED. */
    readonly issue?: string,
  ) {
    super(message);
  }
}

// Provider order ids travel in URL paths: letters, digits and dashes only.
const ORDER_ID_PATTERN = /^[A-Za-z0-9-]{1,64}$/;
export const isProviderOrderId = (value: string) => ORDER_ID_PATTERN.test(value);

/** "49.00" -> 4900; undefined for anything that is not a plain two-decimal amount. */
export function parseAmount(value: string): number | undefined {
  const match = /^(\d{1,10})(?:\.(\d{1,2}))?$/.exec(value);
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** 4900 -> "49.00". */
export function formatAmount(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}
