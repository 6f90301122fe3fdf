import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { ProviderError } from '../provider-error';

/**
 * The one HTTP helper every cloud adapter uses: base URL, per-attempt timeout, retries with
 * exponential backoff on 429, 5xx and network failures (Retry-After respected), cancellation, and
 * logs without secrets (no headers, no query string, no bodies).
 */

/** The log calls the adapters make (pino's logger fits). */
export interface VendorLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface VendorHttpOptions {
  /** Shown in logs and errors, e.g. `veo`. */
  vendor: string;
  baseUrl: string;
  /** Headers on every call (the key); never logged. */
  headers?: () => Promise<Record<string, string>> | Record<string, string>;
  /** One attempt's limit (default 60 s). */
  timeoutMs?: number;
  /** Attempts after the first on 429, 5xx and network failures (default 3). */
  retries?: number;
  /** First backoff (default 1 s), doubled per attempt; Retry-After wins when the vendor sends it. */
  backoffMs?: number;
  /** The longest wait honoured from Retry-After or backoff (default 60 s). */
  maxBackoffMs?: number;
  logger?: VendorLogger;
}

export interface VendorRequest {
  method?: 'GET' | 'POST' | 'DELETE';
  /** Relative to the base URL (`/v1/...`), or an absolute URL (a download link). */
  path: string;
  query?: Record<string, string | number | boolean | undefined>;
  json?: unknown;
  /** Multipart (FormData) or url-encoded (URLSearchParams) body. */
  form?: FormData | URLSearchParams;
  signal?: AbortSignal;
  /** Attach the configured headers (default true; false for a pre-signed download link). */
  auth?: boolean;
  timeoutMs?: number;
}

/** A vendor's non-2xx answer after retries; `body` is kept for the logs, never shown to users. */
export class VendorHttpError extends Error {
  override readonly name = 'VendorHttpError';
  constructor(
    readonly vendor: string,
    readonly status: number,
    readonly body: string,
  ) {
    super(`${vendor} answered HTTP ${status}`);
  }
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(cancelled());
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(cancelled());
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });

const cancelled = () => new ProviderError('cancelled', 'The request was cancelled.');

/** Retry-After as milliseconds: delta-seconds or an HTTP date. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/** A URL for the logs: no query string (Google accepts `?key=`), no credentials. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return '(invalid url)';
  }
}

const retryableStatus = (status: number) => status === 429 || status >= 500;

export interface VendorHttp {
  readonly vendor: string;
  /** Sends and retries; returns the successful response (body unread). */
  send(request: VendorRequest): Promise<Response>;
  json<T = unknown>(request: VendorRequest): Promise<T>;
  buffer(request: VendorRequest & { maxBytes?: number }): Promise<Buffer>;
  /** Streams a response body to a file, refusing more than `maxBytes`. */
  download(request: VendorRequest & { filePath: string; maxBytes?: number }): Promise<number>;
  url(path: string): string;
}

export function createVendorHttp(options: VendorHttpOptions): VendorHttp {
  const base = options.baseUrl.replace(/\/+$/, '');
  const retries = options.retries ?? 3;
  const backoffMs = options.backoffMs ?? 1000;
  const maxBackoffMs = options.maxBackoffMs ?? 60_000;
  const vendor = options.vendor;

  const url = (path: string) => (/^https?:\/\//.test(path) ? path : `${base}${path}`);

  async function attempt(request: VendorRequest): Promise<Response> {
    const target = new URL(url(request.path));
    for (const [key, value] of Object.entries(request.query ?? {})) {
      if (value !== undefined) target.searchParams.set(key, String(value));
    }
    const headers: Record<string, string> = request.auth === false ? {} : { ...(await options.headers?.()) };
    let body: string | FormData | URLSearchParams | undefined;
    if (request.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(request.json);
    } else if (request.form) {
      body = request.form;
    }
    const timeout = AbortSignal.timeout(request.timeoutMs ?? options.timeoutMs ?? 60_000);
    const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
    return fetch(target, { method: request.method ?? 'GET', headers, body, signal, redirect: 'follow' });
  }

  async function send(request: VendorRequest): Promise<Response> {
    const logUrl = redactUrl(url(request.path));
    for (let tries = 0; ; tries += 1) {
      if (request.signal?.aborted) throw cancelled();
      let response: Response | undefined;
      let failure: unknown;
      try {
        response = await attempt(request);
      } catch (error) {
        if (request.signal?.aborted) throw cancelled();
        failure = error;
      }
      if (response?.ok) return response;
      const status = response?.status;
      const canRetry = tries < retries && (status === undefined || retryableStatus(status));
      if (!canRetry) {
        if (response) {
          const text = await response.text().catch(() => '');
          throw new VendorHttpError(vendor, response.status, text.slice(0, 2000));
        }
        const timedOut = failure instanceof Error && failure.name === 'TimeoutError';
        throw new ProviderError(
          timedOut ? 'timed_out' : 'unavailable',
          timedOut
            ? `The ${vendor} service did not answer in time. Please try again.`
            : `The ${vendor} service could not be reached. Please try again later.`,
          { cause: failure, details: `${request.method ?? 'GET'} ${logUrl}` },
        );
      }
      const retryAfter = parseRetryAfter(response?.headers.get('retry-after') ?? null);
      const wait = Math.min(maxBackoffMs, retryAfter ?? backoffMs * 2 ** tries);
      await response?.body?.cancel().catch(() => undefined);
      options.logger?.warn(
        { vendor, url: logUrl, status: status ?? null, attempt: tries + 1, waitMs: Math.round(wait) },
        'vendor call failed, retrying',
      );
      await sleep(wait, request.signal);
    }
  }

  return {
    vendor,
    url,
    send,
    async json<T>(request: VendorRequest): Promise<T> {
      const response = await send(request);
      const text = await response.text();
      if (!text) return {} as T;
      try {
        return JSON.parse(text) as T;
      } catch (error) {
        throw new ProviderError('failed', `The ${vendor} service sent an answer we could not read.`, {
          cause: error,
        });
      }
    },
    async buffer(request) {
      const response = await send(request);
      const declared = Number(response.headers.get('content-length') ?? 0);
      if (request.maxBytes && declared > request.maxBytes) {
        await response.body?.cancel().catch(() => undefined);
        throw new ProviderError('too_large', `The ${vendor} result is too large.`);
      }
      const data = Buffer.from(await response.arrayBuffer());
      if (request.maxBytes && data.length > request.maxBytes) {
        throw new ProviderError('too_large', `The ${vendor} result is too large.`);
      }
      return data;
    },
    async download(request) {
      const response = await send(request);
      if (!response.body) throw new ProviderError('failed', `The ${vendor} result was empty.`);
      const limit = request.maxBytes ?? 2 * 1024 ** 3;
      let written = 0;
      const counter = async function* (source: AsyncIterable<Uint8Array>) {
        for await (const chunk of source) {
          written += chunk.length;
          if (written > limit) throw new ProviderError('too_large', `The ${vendor} result is too large.`);
          yield chunk;
        }
      };
      try {
        await pipeline(
          Readable.fromWeb(response.body as WebReadableStream<Uint8Array>),
          counter,
          createWriteStream(request.filePath),
        );
      } catch (error) {
        await fs.rm(request.filePath, { force: true });
        if (error instanceof ProviderError) throw error;
        if (request.signal?.aborted) throw cancelled();
        throw new ProviderError('unavailable', `The ${vendor} result could not be downloaded.`, {
          cause: error,
        });
      }
      if (written === 0) throw new ProviderError('failed', `The ${vendor} result was empty.`);
      return written;
    },
  };
}

/** Reads a vendor's error message out of its JSON body (Google's `error.message`, others' `detail`). */
export function vendorErrorText(body: string): string {
  try {
    const parsed = JSON.parse(body) as Record<string, unknown>;
    const error = parsed.error as Record<string, unknown> | string | undefined;
    if (typeof error === 'string') return error;
    if (error && typeof error.message === 'string') return error.message;
    const detail = parsed.detail as Record<string, unknown> | string | undefined;
    if (typeof detail === 'string') return detail;
    if (detail && typeof detail.message === 'string') return detail.message;
    if (typeof parsed.message === 'string') return parsed.message;
  } catch {
    // not JSON
  }
  return body.slice(0, 300);
}

/**
 * The usual mapping of a vendor's HTTP failure to a ProviderError; adapters handle their special
 * cases (safety filter, voice messages) first and fall back to this.
 */
export function mapVendorError(error: unknown, vendor: string, fallbackMessage: string): ProviderError {
  if (error instanceof ProviderError) return error;
  if (error instanceof VendorHttpError) {
    const details = `HTTP ${error.status}: ${vendorErrorText(error.body)}`;
    if (error.status === 400 || error.status === 422) {
      return new ProviderError('invalid_input', `The ${vendor} service refused the request.`, {
        cause: error,
        details,
      });
    }
    if (error.status === 404) {
      return new ProviderError('not_found', `The ${vendor} service could not find what was asked for.`, {
        cause: error,
        details,
      });
    }
    if (error.status === 413) {
      return new ProviderError('too_large', `The file is too large for the ${vendor} service.`, {
        cause: error,
        details,
      });
    }
    if (error.status === 429 || error.status >= 500) {
      return new ProviderError('unavailable', `The ${vendor} service is busy. Please try again later.`, {
        cause: error,
        details,
      });
    }
    return new ProviderError('failed', fallbackMessage, { cause: error, details });
  }
  return new ProviderError('failed', fallbackMessage, { cause: error });
}
