import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

interface FakeMoney {
  currency_code: string;
  value: string;
}

interface FakeOrder {
  id: string;
  status: 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'COMPLETED' | 'VOIDED';
  intent: string;
  purchase_units: {
    reference_id?: string;
    custom_id?: string;
    description?: string;
    amount: FakeMoney;
    payments?: { captures: { id: string; status: string; amount: FakeMoney; final_capture: boolean }[] };
  }[];
  requestId?: string;
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

interface Fault {
  status?: number;
  body?: unknown;
  delayMs?: number;
}

/**
 * A local stand-in for PayPal's REST API, answering as its documentation describes: the OAuth2
 * client-credentials token endpoint and Orders v2 create, capture and get, with PayPal's error
 * shapes (`name`, `details[].issue`, `debug_id`). The test plays the buyer with `approve`.
 */
export class FakePaypal {
  readonly clientId = 'fake-client-id';
  readonly clientSecret = 'fake-client-secret';
  readonly requests: RecordedRequest[] = [];
  readonly orders = new Map<string, FakeOrder>();
  private readonly tokens = new Set<string>();
  private readonly faults: Fault[] = [];
  /** What the next captures report as captured, instead of the order's amount (a patched order). */
  captureAmountOverride: FakeMoney | undefined;
  private server = http.createServer((request, response) => void this.handle(request, response));
  baseUrl = '';

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** The buyer approved the order on PayPal's page. */
  approve(orderId: string): void {
    const order = this.orders.get(orderId);
    if (!order) throw new Error(`No fake order ${orderId}`);
    order.status = 'APPROVED';
  }

  /** The next request (after queued ones) fails or stalls as given. */
  failNext(fault: Fault): void {
    this.faults.push(fault);
  }

  /** Every issued token stops working (PayPal revoked them). */
  revokeTokens(): void {
    this.tokens.clear();
  }

  requestsTo(path: string): RecordedRequest[] {
    return this.requests.filter((request) => request.path === path);
  }

  private async handle(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    this.requests.push({ method: request.method ?? 'GET', path, headers: request.headers, body });

    const send = (status: number, answer: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json', 'paypal-debug-id': 'fake123' });
      response.end(JSON.stringify(answer));
    };
    const fault = this.faults.shift();
    if (fault?.delayMs) await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
    if (fault?.status)
      return send(fault.status, fault.body ?? { name: 'INTERNAL_SERVER_ERROR', debug_id: 'fake500' });

    if (request.method === 'POST' && path === '/v1/oauth2/token') return this.token(request, body, send);

    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!token || !this.tokens.has(token)) {
      return send(401, {
        name: 'AUTHENTICATION_FAILURE',
        message: 'Authentication failed',
        debug_id: 'fake401',
      });
    }
    if (request.method === 'POST' && path === '/v2/checkout/orders') return this.create(request, body, send);
    const capture = /^\/v2\/checkout\/orders\/([^/]+)\/capture$/.exec(path);
    if (request.method === 'POST' && capture) return this.capture(capture[1] ?? '', send);
    const get = /^\/v2\/checkout\/orders\/([^/]+)$/.exec(path);
    if (request.method === 'GET' && get) {
      const order = this.orders.get(get[1] ?? '');
      return order ? send(200, this.view(order)) : this.notFound(send);
    }
    return send(404, { name: 'NOT_FOUND' });
  }

  private token(
    request: http.IncomingMessage,
    body: string,
    send: (status: number, answer: unknown) => void,
  ) {
    const expected = `Basic ${Buffer.from(`${this.clientId}:${this.clientSecret}`).toString('base64')}`;
    if (request.headers.authorization !== expected) {
      return send(401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
    }
    if (new URLSearchParams(body).get('grant_type') !== 'client_credentials') {
      return send(400, { error: 'unsupported_grant_type' });
    }
    const accessToken = `A21AA${crypto.randomBytes(16).toString('hex')}`;
    this.tokens.add(accessToken);
    return send(200, {
      scope: 'https://uri.paypal.com/services/payments/payment',
      access_token: accessToken,
      token_type: 'Bearer',
      app_id: 'APP-FAKE',
      expires_in: 32400,
      nonce: 'fake-nonce',
    });
  }

  private create(
    request: http.IncomingMessage,
    body: string,
    send: (status: number, answer: unknown) => void,
  ) {
    const requestId = request.headers['paypal-request-id'] as string | undefined;
    const existing = [...this.orders.values()].find((order) => requestId && order.requestId === requestId);
    if (existing) return send(200, this.view(existing));
    const input = JSON.parse(body) as Pick<FakeOrder, 'intent' | 'purchase_units'>;
    if (input.intent !== 'CAPTURE' || !input.purchase_units?.[0]?.amount) {
      return send(400, { name: 'INVALID_REQUEST', details: [{ issue: 'MISSING_REQUIRED_PARAMETER' }] });
    }
    const id = crypto.randomBytes(9).toString('hex').toUpperCase().slice(0, 17);
    const order: FakeOrder = {
      id,
      status: 'PAYER_ACTION_REQUIRED',
      intent: input.intent,
      purchase_units: input.purchase_units,
      requestId,
    };
    this.orders.set(id, order);
    return send(201, this.view(order));
  }

  private capture(id: string, send: (status: number, answer: unknown) => void) {
    const order = this.orders.get(id);
    if (!order) return this.notFound(send);
    if (order.status === 'COMPLETED') return this.unprocessable(send, 'ORDER_ALREADY_CAPTURED');
    if (order.status !== 'APPROVED') return this.unprocessable(send, 'ORDER_NOT_APPROVED');
    order.status = 'COMPLETED';
    const unit = order.purchase_units[0]!;
    unit.payments = {
      captures: [
        {
          id: `CAP${crypto.randomBytes(6).toString('hex').toUpperCase()}`,
          status: 'COMPLETED',
          amount: this.captureAmountOverride ?? unit.amount,
          final_capture: true,
        },
      ],
    };
    return send(201, this.view(order));
  }

  private view(order: FakeOrder) {
    const { requestId: _requestId, ...visible } = order;
    return {
      ...visible,
      links: [
        { href: `${this.baseUrl}/v2/checkout/orders/${order.id}`, rel: 'self', method: 'GET' },
        ...(order.status === 'PAYER_ACTION_REQUIRED'
          ? [
              {
                href: `https://www.sandbox.paypal.com/checkoutnow?token=${order.id}`,
                rel: 'payer-action',
                method: 'GET',
              },
            ]
          : []),
      ],
    };
  }

  private notFound(send: (status: number, answer: unknown) => void) {
    return send(404, {
      name: 'RESOURCE_NOT_FOUND',
      details: [{ issue: 'INVALID_RESOURCE_ID', description: 'Specified resource ID does not exist.' }],
      debug_id: 'fake404',
    });
  }

  private unprocessable(send: (status: number, answer: unknown) => void, issue: string) {
    return send(422, {
      name: 'UNPROCESSABLE_ENTITY',
      details: [{ issue, description: issue }],
      message:
        'The requested action could not be performed, semantically incorrect, or failed business validation.',
      debug_id: 'fake422',
    });
  }
}
