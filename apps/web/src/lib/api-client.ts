import {
  API_BASE_PATH,
  buildCallPath,
  errorAnswerSchema,
  flattenErrorDetail,
  sessionMessages,
  type AnyCall,
  type CallBody,
  type CallHeaders,
  type CallParams,
  type CallQuery,
  type CallResponse,
  type ErrorAnswer,
} from '@reelcraft/contract';
import { isTokenExpired, readAuthToken } from './auth-storage';

// The one way the web app talks to the API (spec 000 section 7): every call is declared in the contract,
// sent under API_BASE_PATH with a JSON accept header, a per-call time limit and the Bearer token, and
// its answer is checked against the call's response schema before anyone uses it.

/**
 * Why a call failed: `http` the server answered with an error status; `network` no answer (offline,
 * refused, CORS); `timeout` no answer within the call's time limit; `token_expired` rejected before
 * sending; `invalid_response` the server answered success with a body that does not fit the contract.
 */
export type ApiErrorKind = 'http' | 'network' | 'timeout' | 'token_expired' | 'invalid_response';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  /** HTTP status; 0 when no answer came (network failure or timeout). */
  readonly status: number;
  /** The server's `detail` (a text, or the issues of a 422), when it sent one. */
  readonly detail: ErrorAnswer['detail'] | null;
  /** Name of the contract call that failed. */
  readonly call: string;
  /**
   * The error answer's whole JSON body, unchecked, for calls whose error carries more than `detail`
   * (a 409 with the current state); undefined when the body was not JSON or none came.
   */
  readonly answer: unknown;

  constructor(init: {
    kind: ApiErrorKind;
    status: number;
    message: string;
    call: string;
    detail?: ErrorAnswer['detail'] | null;
    answer?: unknown;
    cause?: unknown;
  }) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.kind = init.kind;
    this.status = init.status;
    this.detail = init.detail ?? null;
    this.call = init.call;
    this.answer = init.answer;
  }
}

// An option whose value type is `never` (the call declares no such schema) may only be left out; one
// whose fields are all optional may be left out; otherwise it is required.
type Slot<K extends string, V> = [V] extends [never]
  ? { readonly [P in K]?: undefined }
  : Partial<V> extends V
    ? { readonly [P in K]?: V }
    : { readonly [P in K]: V };

export type CallOptions<C extends AnyCall> = Slot<'params', CallParams<C>> &
  Slot<'query', CallQuery<C>> &
  Slot<'body', CallBody<C>> &
  Slot<'headers', CallHeaders<C>> & {
    /** For multipart calls: the parts of each file field the call declares (`files`), by field name. */
    readonly files?: Readonly<Record<string, Blob | readonly Blob[]>>;
    /** Cancels the call (React Query passes one); the caller then gets the abort reason, not an ApiError. */
    readonly signal?: AbortSignal;
    /** Sends this token instead of the stored one, unchecked (the token-in-URL sign-in verifies it). */
    readonly token?: string;
  };

type OptionsArgument<C extends AnyCall> =
  Partial<CallOptions<C>> extends CallOptions<C> ? [options?: CallOptions<C>] : [options: CallOptions<C>];

interface LooseOptions {
  params?: Record<string, string | number>;
  query?: Record<string, unknown>;
  body?: unknown;
  headers?: Record<string, unknown>;
  files?: Readonly<Record<string, Blob | readonly Blob[]>>;
  signal?: AbortSignal;
  token?: string;
}

/**
 * Sends one contract call and resolves with its answer, parsed by the call's response schema.
 * Rejects with an ApiError (see ApiErrorKind) for every failure except a cancellation by `signal`.
 */
export async function callApi<C extends AnyCall>(
  call: C,
  ...[options]: OptionsArgument<C>
): Promise<CallResponse<C>> {
  if (call.responseKind && call.responseKind !== 'json') {
    throw new Error(`callApi handles JSON answers; ${call.name} answers ${call.responseKind}`);
  }
  const { response, body: text } = await exchange(call, (options ?? {}) as LooseOptions, (answer) =>
    answer.text(),
  );
  if (!response.ok) throw errorFromAnswer(call, response.status, text);

  let data: unknown;
  try {
    data = text === '' ? undefined : JSON.parse(text);
  } catch (error) {
    throw invalidAnswer(call, response.status, 'the body is not JSON', error);
  }
  const parsed = call.response.safeParse(data);
  if (!parsed.success) {
    const where = parsed.error.issues
      .slice(0, 3)
      .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
      .join('; ');
    throw invalidAnswer(call, response.status, where, parsed.error);
  }
  return parsed.data as CallResponse<C>;
}

/**
 * Sends one contract call that answers a file (`responseKind: 'binary'`: a still, captions) with the
 * same token, time limit and errors as callApi, and resolves with the file as a Blob.
 */
export async function callApiBlob<C extends AnyCall>(
  call: C,
  ...[options]: OptionsArgument<C>
): Promise<Blob> {
  if (call.responseKind !== 'binary') {
    throw new Error(`callApiBlob handles file answers; ${call.name} answers ${call.responseKind ?? 'json'}`);
  }
  const { response, body } = await exchange(
    call,
    (options ?? {}) as LooseOptions,
    (answer): Promise<Blob | string> => (answer.ok ? answer.blob() : answer.text()),
  );
  // An error's body was read as text, a success's as the file.
  if (!response.ok) throw errorFromAnswer(call, response.status, String(body));
  return body as Blob;
}

/**
 * The request of a call and the reading of its answer's body (by `read`), both under the call's time
 * limit: a server that stalls mid-answer is no answer.
 */
async function exchange<T>(
  call: AnyCall,
  { params, query, body, headers: extraHeaders, files, signal, token: givenToken }: LooseOptions,
  read: (response: Response) => Promise<T>,
): Promise<{ response: Response; body: T }> {
  const url = `${API_BASE_PATH}${buildCallPath(call.path, params)}${toQueryString(query)}`;
  const headers = new Headers();
  for (const [name, value] of entries(extraHeaders ?? {})) headers.set(name, toText(value));
  headers.set('Accept', call.responseKind === 'binary' ? '*/*' : 'application/json');

  if (call.auth !== 'none') {
    const token = givenToken ?? readAuthToken();
    if (token) {
      if (givenToken === undefined && isTokenExpired()) {
        throw new ApiError({
          kind: 'token_expired',
          status: 401,
          message: sessionMessages.tokenExpired,
          call: call.name,
        });
      }
      headers.set('Authorization', `Bearer ${token}`);
    }
  }

  const encoded = encodeBody(call, body, files);
  if (encoded.contentType) headers.set('Content-Type', encoded.contentType);

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, call.timeoutMs);
  const forwardAbort = () => controller.abort(signal?.reason);
  if (signal?.aborted) forwardAbort();
  else signal?.addEventListener('abort', forwardAbort, { once: true });

  try {
    const response = await fetch(url, {
      method: call.method,
      headers,
      body: encoded.body,
      signal: controller.signal,
      credentials: 'same-origin',
      // A file at the same address may have changed (a scene's still after a save): ask each time.
      ...(call.responseKind === 'binary' ? { cache: 'no-cache' as const } : {}),
    });
    return { response, body: await read(response) };
  } catch (error) {
    if (timedOut) {
      throw new ApiError({
        kind: 'timeout',
        status: 0,
        message: `No answer from the server within ${Math.round(call.timeoutMs / 1000)} s`,
        call: call.name,
        cause: error,
      });
    }
    if (signal?.aborted) throw signal.reason ?? error;
    throw new ApiError({
      kind: 'network',
      status: 0,
      message: 'The server could not be reached',
      call: call.name,
      cause: error,
    });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forwardAbort);
  }
}

function errorFromAnswer(call: AnyCall, status: number, text: string): ApiError {
  let detail: ErrorAnswer['detail'] | null = null;
  let body: unknown;
  try {
    body = JSON.parse(text);
    const answer = errorAnswerSchema.safeParse(body);
    if (answer.success) detail = answer.data.detail;
  } catch {
    // Not JSON (a proxy's HTML error page): the status is all we know.
  }
  return new ApiError({
    kind: 'http',
    status,
    detail,
    answer: body,
    message: detail === null ? `Request failed with status ${status}` : flattenErrorDetail(detail),
    call: call.name,
  });
}

function invalidAnswer(call: AnyCall, status: number, reason: string, cause: unknown): ApiError {
  return new ApiError({
    kind: 'invalid_response',
    status,
    message: `Unexpected answer from ${call.name}: ${reason}`,
    call: call.name,
    cause,
  });
}

function toText(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object' && value !== null) return JSON.stringify(value);
  return String(value);
}

/** Each entry as key=value; arrays repeat the key; undefined and null are left out. */
function entries(record: Record<string, unknown>): [string, unknown][] {
  const result: [string, unknown][] = [];
  for (const [key, value] of Object.entries(record)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined && item !== null) result.push([key, item]);
    }
  }
  return result;
}

function toQueryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams(entries(query).map(([key, value]) => [key, toText(value)]));
  const text = search.toString();
  return text ? `?${text}` : '';
}

function encodeBody(
  call: AnyCall,
  body: unknown,
  files: LooseOptions['files'],
): { body?: BodyInit; contentType?: string } {
  const encoding = call.bodyEncoding ?? 'json';
  if (files && encoding !== 'multipart')
    throw new Error(`${call.name} is not a multipart call: it takes no files`);
  if (body === undefined && !files) return {};
  switch (encoding) {
    case 'json':
      return { body: JSON.stringify(body), contentType: 'application/json' };
    case 'form': {
      const pairs = entries(body as Record<string, unknown>).map(([key, value]): [string, string] => [
        key,
        toText(value),
      ]);
      return { body: new URLSearchParams(pairs), contentType: 'application/x-www-form-urlencoded' };
    }
    case 'multipart': {
      const form = new FormData();
      for (const [key, value] of entries((body ?? {}) as Record<string, unknown>)) {
        if (value instanceof Blob) form.append(key, value);
        else form.append(key, toText(value));
      }
      for (const [key, blob] of entries(files ?? {})) form.append(key, blob as Blob);
      // No Content-Type: the browser sets multipart/form-data with its boundary.
      return { body: form };
    }
  }
}

/**
 * How one screen words its failures (the spec's error catalogues): a text per status code, or
 * `{ fallback }` for "the server's detail, else this text"; texts for exact server details (checked
 * first); `network` for no answer; `tokenExpired` for the local rejection (default: Token expired);
 * and the catalogue-wide `fallback`.
 */
export type ErrorCatalogue = {
  readonly [status: number]: string | { readonly fallback: string } | undefined;
  readonly details?: Readonly<Record<string, string>>;
  readonly network?: string;
  readonly tokenExpired?: string;
  readonly fallback: string;
};

/** The text a user sees for `error` under `catalogue`: its entry, else the server's detail, else the fallback. */
export function errorMessage(error: unknown, catalogue: ErrorCatalogue): string {
  if (!(error instanceof ApiError)) return catalogue.fallback;
  switch (error.kind) {
    case 'token_expired':
      return catalogue.tokenExpired ?? error.message;
    case 'network':
    case 'timeout':
      return catalogue.network ?? catalogue.fallback;
    case 'invalid_response':
      return catalogue.fallback;
    case 'http':
      break;
  }
  const detail = error.detail === null ? '' : flattenErrorDetail(error.detail);
  const byDetail = detail ? catalogue.details?.[detail] : undefined;
  if (byDetail) return byDetail;
  const byStatus = catalogue[error.status];
  if (typeof byStatus === 'string') return byStatus;
  return detail || (byStatus?.fallback ?? catalogue.fallback);
}
