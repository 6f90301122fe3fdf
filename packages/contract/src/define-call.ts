import type { z } from 'zod';

/** Every call is served under this base (spec 000 section 7, DESIGN.md section 2). */
export const API_BASE_PATH = '/api/v1';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * How a call authenticates: `bearer` needs `Authorization: Bearer ...`, `none` takes no token,
 * `optional` accepts a guest or a signed-in user (the feedback form).
 */
export type CallAuth = 'bearer' | 'none' | 'optional';

/** How the request body travels: JSON, an urlencoded form (the OAuth2 login), or multipart with files. */
export type BodyEncoding = 'json' | 'form' | 'multipart';

/** A file field of a multipart call: its name, whether it repeats, and what it accepts. */
export interface MultipartFileField {
  readonly name: string;
  readonly repeated: boolean;
  readonly required: boolean;
  /** For a repeated field: the most parts one request may carry. */
  readonly maxCount?: number;
  /** MIME types accepted (sniffed from content on the server). */
  readonly accept: readonly string[];
  readonly maxBytes: number;
}

export interface CallDefinition<
  TParams extends z.ZodType = z.ZodType,
  TQuery extends z.ZodType = z.ZodType,
  TBody extends z.ZodType = z.ZodType,
  TResponse extends z.ZodType = z.ZodType,
  THeaders extends z.ZodType = z.ZodType,
> {
  /** Stable name of the call, used for OpenAPI operation ids and by the web client. */
  readonly name: string;
  readonly method: HttpMethod;
  /** Path below API_BASE_PATH in Fastify form: `/notifications/:id/read`. */
  readonly path: string;
  readonly auth: CallAuth;
  readonly summary: string;
  /** OpenAPI tag: the product area the call belongs to. */
  readonly tag: string;
  readonly params?: TParams;
  readonly query?: TQuery;
  readonly body?: TBody;
  /** Request headers the call reads besides Authorization (names lower-case, as Fastify gives them). */
  readonly headers?: THeaders;
  readonly bodyEncoding?: BodyEncoding;
  /** For multipart calls: the file fields, next to `body` which holds the text fields. */
  readonly files?: readonly MultipartFileField[];
  /** Status of a successful answer (200 unless stated). */
  readonly successStatus: number;
  /** The successful answer; `z.unknown()`-free: every answer is described. */
  readonly response: TResponse;
  /** Client-side time limit in ms (spec: 30 s, 10 s for verification). */
  readonly timeoutMs: number;
  /** `text/event-stream` or binary answers are described here instead of as JSON. */
  readonly responseKind?: 'json' | 'event-stream' | 'binary' | 'redirect';
}

export const DEFAULT_CALL_TIMEOUT_MS = 30_000;

type DefineCallInput<
  TParams extends z.ZodType,
  TQuery extends z.ZodType,
  TBody extends z.ZodType,
  TResponse extends z.ZodType,
  THeaders extends z.ZodType,
> = Omit<CallDefinition<TParams, TQuery, TBody, TResponse, THeaders>, 'successStatus' | 'timeoutMs'> & {
  successStatus?: number;
  timeoutMs?: number;
};

/** Declares one API call; the server registers its route from it and the web client calls it through it. */
export function defineCall<
  TParams extends z.ZodType = z.ZodNever,
  TQuery extends z.ZodType = z.ZodNever,
  TBody extends z.ZodType = z.ZodNever,
  TResponse extends z.ZodType = z.ZodType,
  THeaders extends z.ZodType = z.ZodNever,
>(
  input: DefineCallInput<TParams, TQuery, TBody, TResponse, THeaders>,
): CallDefinition<TParams, TQuery, TBody, TResponse, THeaders> {
  return {
    successStatus: 200,
    timeoutMs: DEFAULT_CALL_TIMEOUT_MS,
    bodyEncoding: input.body ? 'json' : undefined,
    ...input,
  };
}

export type AnyCall = CallDefinition<z.ZodType, z.ZodType, z.ZodType, z.ZodType, z.ZodType>;
export type CallParams<C extends AnyCall> = z.input<NonNullable<C['params']>>;
export type CallQuery<C extends AnyCall> = z.input<NonNullable<C['query']>>;
export type CallBody<C extends AnyCall> = z.input<NonNullable<C['body']>>;
export type CallHeaders<C extends AnyCall> = z.input<NonNullable<C['headers']>>;
export type CallResponse<C extends AnyCall> = z.output<C['response']>;

/** Builds the concrete path of a call: `/notifications/:id/read` with `{id: 3}` gives `/notifications/3/read`. */
export function buildCallPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`Missing path parameter "${key}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}
