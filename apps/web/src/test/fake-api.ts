import { API_BASE_PATH, type User } from '@reelcraft/contract';
import { vi } from 'vitest';

// A stand-in for the server at the fetch boundary: tests declare the answers of the calls a screen
// makes, and read back what was sent. Everything else answers 404, as an unknown path would.

export interface SentRequest {
  method: string;
  /** Path below API_BASE_PATH, e.g. `/auth/login`. */
  path: string;
  query: URLSearchParams;
  headers: Headers;
  /** Parsed JSON, the form fields of a form body as an object, or undefined. */
  body: unknown;
}

type Answer = Response | { status?: number; body?: unknown } | Promise<Response> | 'network-error' | 'hang';
export type FakeHandler = (request: SentRequest) => Answer;

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
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
    if (answer instanceof Response || answer instanceof Promise) return answer;
    return json(answer.body ?? null, answer.status ?? 200);
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
