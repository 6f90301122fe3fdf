import * as contract from '@reelcraft/contract';
import { API_BASE_PATH, errorAnswerSchema, type AnyCall, type User } from '@reelcraft/contract';
import { vi } from 'vitest';

// A stand-in for the server at the fetch boundary: tests declare the answers of the calls a screen
// makes, and read back what was sent. Everything else answers 404, as an unknown path would.
//
// Every JSON answer is checked against the contract before it is served: a success against the
// response schema of the call the request matches, an error against `{detail}`. A test whose fixture
// has a shape the server would never send fails (see `takeInvalidAnswers`, checked after each test).

export interface SentRequest {
  method: string;
  /** Path below API_BASE_PATH, e.g. `/auth/login`. */
  path: string;
  query: URLSearchParams;
  headers: Headers;
  /** Parsed JSON, the form fields of a form body as an object, or undefined. */
  body: unknown;
}

type Answer =
  | Response
  | {
      status?: number;
      body?: unknown;
      /** Why this answer is deliberately outside the contract (a legacy shape the client tolerates). */
      offContract?: string;
    }
  | Promise<Response>
  | 'network-error'
  | 'hang';
export type FakeHandler = (request: SentRequest) => Answer;

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const contractCalls: AnyCall[] = (Object.values(contract) as unknown[])
  .filter(
    (value): value is AnyCall =>
      typeof value === 'object' &&
      value !== null &&
      'method' in value &&
      'path' in value &&
      'response' in value &&
      'successStatus' in value,
  )
  // A literal segment wins over a parameter: `/generations/active` before `/generations/:id`.
  .sort((a, b) => a.path.split('/:').length - b.path.split('/:').length);

function pathPattern(path: string): RegExp {
  const segments = path
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  // The spec writes some paths with a trailing slash (`/notifications/`); either form matches.
  return new RegExp(`^${segments.join('/').replace(/\/$/, '')}/?$`);
}

/** The contract call a request is for, if any. */
export function contractCallFor(method: string, path: string): AnyCall | undefined {
  return contractCalls.find((call) => call.method === method && pathPattern(call.path).test(path));
}

const invalidAnswers: string[] = [];

/** The answers served since the last call that did not fit the contract (and forgets them). */
export function takeInvalidAnswers(): string[] {
  return invalidAnswers.splice(0);
}

function checkAnswer(method: string, path: string, status: number, body: unknown): void {
  const call = contractCallFor(method, path);
  if (status >= 400) {
    // Without `detail` it is a proxy's or a crashed server's answer, which screens must word too.
    const hasDetail = typeof body === 'object' && body !== null && 'detail' in body;
    if (hasDetail && !errorAnswerSchema.safeParse(body).success) {
      invalidAnswers.push(`${method} ${path} ${status}: its detail is neither a text nor a list of issues`);
    }
    return;
  }
  if (!call) {
    invalidAnswers.push(`${method} ${path}: no contract call has this path`);
    return;
  }
  if (call.responseKind && call.responseKind !== 'json') return;
  const parsed = call.response.safeParse(body);
  if (!parsed.success) {
    const issues = parsed.error.issues
      .slice(0, 3)
      .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
      .join('; ');
    invalidAnswers.push(`${method} ${path} (${call.name}): ${issues}`);
  }
}

async function checkResponse(method: string, path: string, response: Response): Promise<Response> {
  if (!response.headers.get('Content-Type')?.includes('application/json')) return response;
  const text = await response.clone().text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    invalidAnswers.push(`${method} ${path}: a JSON answer whose body is not JSON`);
    return response;
  }
  checkAnswer(method, path, response.status, body);
  return response;
}

function parseBody(init: RequestInit | undefined): unknown {
  const body = init?.body;
  if (body === undefined || body === null) return undefined;
  if (body instanceof URLSearchParams) return Object.fromEntries(body);
  if (typeof body === 'string') {
    try {
      return JSON.parse(body) as unknown;
    } catch {
      return body;
    }
  }
  return body;
}

/**
 * Replaces fetch with the given handlers, keyed `METHOD /path` (path below /api/v1). A handler
 * returns a Response, `{status, body}`, `'network-error'` (fetch rejects) or `'hang'` (never answers
 * until aborted).
 */
export function fakeApi(handlers: Record<string, FakeHandler | Answer>) {
  const requests: SentRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.startsWith(API_BASE_PATH)
      ? url.pathname.slice(API_BASE_PATH.length)
      : url.pathname;
    const method = (init?.method ?? 'GET').toUpperCase();
    const request: SentRequest = {
      method,
      path,
      query: url.searchParams,
      headers: new Headers(init?.headers),
      body: parseBody(init),
    };
    requests.push(request);
    const handler = handlers[`${method} ${path}`];
    const answer = typeof handler === 'function' ? handler(request) : handler;
    if (answer === undefined) return json({ detail: 'Not found' }, 404);
    if (answer === 'network-error') throw new TypeError('Failed to fetch');
    if (answer === 'hang') {
      return new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
      });
    }
    if (answer instanceof Response || answer instanceof Promise) {
      return checkResponse(method, path, await answer);
    }
    const status = answer.status ?? 200;
    if (!answer.offContract) checkAnswer(method, path, status, answer.body ?? null);
    return json(answer.body ?? null, status);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    requests,
    fetchMock,
    /** The requests sent to `METHOD /path`. */
    sent: (key: string) => requests.filter((request) => `${request.method} ${request.path}` === key),
  };
}

export function testUser(overrides: Partial<User> = {}): User {
  return {
    id: 'user-1',
    email: 'ana@example.com',
    full_name: 'Ana Lima',
    company_name: null,
    role: null,
    phone_number: null,
    is_onboarded: true,
    profile_picture_url: null,
    subscription_status: 'free',
    subscription_expiry: null,
    ...overrides,
  };
}

export const tokenAnswer = { access_token: 'token-abc', token_type: 'bearer', expires_in: 3600 };

/**
 * A server-sent event stream the test plays: use `handler` as the answer of an event-stream call
 * (`'GET /studio/veo/jobs/job-1/events': stream.handler`), then `send` events and `end` the stream.
 * Each event is checked against the call's response schema (`{type, ...}` for the studio's events), as
 * the JSON answers are. Every request opens a new connection; `send` writes to the open ones.
 */
export function fakeEventStream() {
  const encoder = new TextEncoder();
  const open = new Set<ReadableStreamDefaultController<Uint8Array>>();
  const connections: SentRequest[] = [];
  let nextId = 1;
  let path = '';

  function write(text: string) {
    for (const controller of open) controller.enqueue(encoder.encode(text));
  }

  return {
    handler: (request: SentRequest): Response => {
      connections.push(request);
      path = request.path;
      let own: ReadableStreamDefaultController<Uint8Array> | null = null;
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          own = controller;
          open.add(controller);
        },
        cancel() {
          if (own) open.delete(own);
        },
      });
      return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
    },
    /** The requests that opened a connection (read `Last-Event-ID` from their headers). */
    connections,
    /** How many connections are open now. */
    get openCount(): number {
      return open.size;
    },
    /** Sends one event, `event: {type}` and `data: {JSON of event}`, with the next id. */
    send(event: { type: string } & Record<string, unknown>) {
      const call = contractCallFor('GET', path);
      const parsed = call?.response.safeParse(event);
      if (!call || !parsed?.success) {
        invalidAnswers.push(`GET ${path}: the event ${JSON.stringify(event)} does not fit the contract`);
      }
      write(`id: ${nextId}\nevent: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
      nextId += 1;
    },
    /** Writes raw text (comments, broken events). */
    sendRaw(text: string) {
      write(text);
    },
    /** The server ends every open connection. */
    end() {
      for (const controller of open) controller.close();
      open.clear();
    },
  };
}
export type FakeEventStream = ReturnType<typeof fakeEventStream>;
