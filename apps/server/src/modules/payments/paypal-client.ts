import { z } from 'zod';
import type { PaypalConfig } from '../../config';
import {
  formatAmount,
  isProviderOrderId,
  parseAmount,
  PaymentProviderError,
  type CreateProviderOrderInput,
  type Money,
  type OrderProvider,
  type ProviderOrder,
} from './order-provider';

// A token is renewed this long before PayPal says it expires, so none dies in flight.
const TOKEN_RENEW_MARGIN_MS = 60_000;

const moneySchema = z.looseObject({ currency_code: z.string(), value: z.string() });

const tokenAnswerSchema = z.looseObject({
  access_token: z.string().min(1),
  expires_in: z.number().positive(),
});

/** The parts of an Orders v2 order we read (PayPal sends much more). */
const orderAnswerSchema = z.looseObject({
  id: z.string(),
  status: z.string(),
  purchase_units: z
    .array(
      z.looseObject({
        custom_id: z.string().optional(),
        amount: moneySchema.optional(),
        payments: z
          .looseObject({
            captures: z
              .array(z.looseObject({ id: z.string(), status: z.string(), amount: moneySchema.optional() }))
              .optional(),
          })
          .optional(),
      }),
    )
    .optional(),
  links: z.array(z.looseObject({ href: z.string(), rel: z.string() })).optional(),
});

const errorAnswerSchema = z.looseObject({
  name: z.string().optional(),
  message: z.string().optional(),
  debug_id: z.string().optional(),
  details: z.array(z.looseObject({ issue: z.string().optional() })).optional(),
  // The token endpoint answers OAuth2 errors instead.
  error: z.string().optional(),
});

function toMoney(money: z.infer<typeof moneySchema> | undefined): Money | null {
  if (!money) return null;
  const cents = parseAmount(money.value);
  return cents === undefined ? null : { cents, currency: money.currency_code.toUpperCase() };
}

function toProviderOrder(answer: z.infer<typeof orderAnswerSchema>): ProviderOrder {
  const unit = answer.purchase_units?.[0];
  const capture = unit?.payments?.captures?.[0];
  const approve = answer.links?.find((link) => link.rel === 'approve' || link.rel === 'payer-action');
  return {
    id: answer.id,
    status: answer.status,
    customId: unit?.custom_id ?? null,
    amount: toMoney(unit?.amount),
    capture: capture ? { id: capture.id, status: capture.status, amount: toMoney(capture.amount) } : null,
    approveUrl: approve?.href ?? null,
  };
}

interface RequestOptions {
  body?: unknown;
  /** PayPal-Request-Id: PayPal answers a repeated request with the first one's result. */
  requestId?: string;
}

/**
 * PayPal's Orders v2 REST API (create, capture, get) with OAuth2 client-credentials tokens. Every
 * call has a time limit; PayPal's refusals become `rejected`, network faults and 5xx `unavailable`.
 */
export class PaypalClient implements OrderProvider {
  readonly name = 'paypal' as const;
  readonly testMode = false;
  private token: { value: string; renewAt: number } | undefined;

  constructor(
    private readonly config: PaypalConfig,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  async createOrder(input: CreateProviderOrderInput): Promise<ProviderOrder> {
    const answer = await this.request('POST', '/v2/checkout/orders', {
      requestId: input.reference,
      body: {
        intent: 'CAPTURE',
        purchase_units: [
          {
            reference_id: input.reference,
            custom_id: input.reference,
            description: input.description,
            amount: { currency_code: input.amount.currency, value: formatAmount(input.amount.cents) },
          },
        ],
        payment_source: {
          paypal: {
            experience_context: {
              user_action: 'PAY_NOW',
              shipping_preference: 'NO_SHIPPING',
              return_url: input.returnUrl,
              cancel_url: input.cancelUrl,
            },
          },
        },
      },
    });
    return this.readOrder(answer);
  }

  async captureOrder(orderId: string, requestId: string): Promise<ProviderOrder> {
    this.checkOrderId(orderId);
    try {
      const answer = await this.request('POST', `/v2/checkout/orders/${orderId}/capture`, {
        requestId,
        body: {},
      });
      return this.readOrder(answer);
    } catch (error) {
      // Captured before (by the buyer's browser, or a retry): the order itself says how it went.
      if (error instanceof PaymentProviderError && error.issue === 'ORDER_ALREADY_CAPTURED') {
        const order = await this.getOrder(orderId);
        if (order) return order;
      }
      throw error;
    }
  }

  async getOrder(orderId: string): Promise<ProviderOrder | undefined> {
    this.checkOrderId(orderId);
    try {
      return this.readOrder(await this.request('GET', `/v2/checkout/orders/${orderId}`));
    } catch (error) {
      if (error instanceof PaymentProviderError && error.status === 404) return undefined;
      throw error;
    }
  }

  private checkOrderId(orderId: string): void {
    if (!isProviderOrderId(orderId))
      throw new PaymentProviderError('Invalid PayPal order id', 'rejected', 400);
  }

  private readOrder(answer: unknown): ProviderOrder {
    const parsed = orderAnswerSchema.safeParse(answer);
    if (!parsed.success)
      throw new PaymentProviderError('PayPal answered an order we cannot read', 'unavailable');
    return toProviderOrder(parsed.data);
  }

  private async request(
    method: 'GET' | 'POST',
    path: string,
    options: RequestOptions = {},
  ): Promise<unknown> {
    const send = async (token: string) =>
      this.send(`${this.config.apiBaseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          accept: 'application/json',
          ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(options.requestId ? { 'paypal-request-id': options.requestId } : {}),
          ...(method === 'POST' ? { prefer: 'return=representation' } : {}),
        },
        body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
      });
    let response = await send(await this.accessToken());
    if (response.status === 401) {
      // The token was revoked or expired early: one fresh token, one more try.
      this.token = undefined;
      response = await send(await this.accessToken());
    }
    return this.answer(response, `${method} ${path}`);
  }

  private async accessToken(): Promise<string> {
    if (this.token && Date.now() < this.token.renewAt) return this.token.value;
    const credentials = Buffer.from(`${this.config.clientId}:${this.config.clientSecret}`).toString('base64');
    const response = await this.send(`${this.config.apiBaseUrl}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${credentials}`,
        accept: 'application/json',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    const parsed = tokenAnswerSchema.safeParse(await this.answer(response, 'token'));
    if (!parsed.success) throw new PaymentProviderError('PayPal answered no access token', 'unavailable');
    this.token = {
      value: parsed.data.access_token,
      renewAt: Date.now() + parsed.data.expires_in * 1000 - TOKEN_RENEW_MARGIN_MS,
    };
    return this.token.value;
  }

  private async send(url: string, init: RequestInit): Promise<Response> {
    try {
      return await this.fetchImpl(url, { ...init, signal: AbortSignal.timeout(this.config.timeoutMs) });
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      throw new PaymentProviderError(
        timedOut
          ? 'PayPal did not answer in time'
          : `PayPal could not be reached: ${(error as Error).message}`,
        'unavailable',
      );
    }
  }

  private async answer(response: Response, what: string): Promise<unknown> {
    const text = await response.text();
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : {};
    } catch {
      body = undefined;
    }
    if (response.ok) {
      if (body === undefined)
        throw new PaymentProviderError(`PayPal answered ${what} with no JSON`, 'unavailable');
      return body;
    }
    const error = errorAnswerSchema.safeParse(body);
    const issue = error.success
      ? (error.data.details?.[0]?.issue ?? error.data.name ?? error.data.error)
      : undefined;
    const debugId = error.success && error.data.debug_id ? ` (debug id ${error.data.debug_id})` : '';
    throw new PaymentProviderError(
      `PayPal refused ${what}: ${response.status} ${issue ?? ''}${debugId}`.trim(),
      response.status >= 500 || response.status === 429 ? 'unavailable' : 'rejected',
      response.status,
      issue,
    );
  }
}
