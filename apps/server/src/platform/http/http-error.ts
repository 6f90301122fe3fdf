import type { ValidationIssue } from '@reelcraft/contract';

/**
 * An error answer with a status and the contract's `detail` text. Services throw these; the error
 * handler turns them into `{"detail": ...}`.
 */
export class HttpError extends Error {
  override name = 'HttpError';

  constructor(
    readonly statusCode: number,
    readonly detail: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
  }
}

export const badRequest = (detail: string) => new HttpError(400, detail);
export const unauthorized = (detail = 'Not authenticated') =>
  new HttpError(401, detail, { 'www-authenticate': 'Bearer' });
export const forbidden = (detail: string) => new HttpError(403, detail);
/** Also the answer for another user's resource: its existence is not revealed. */
export const notFound = (detail = 'Not Found') => new HttpError(404, detail);
export const conflict = (detail: string) => new HttpError(409, detail);
export const tooManyRequests = (detail: string, retryAfterSeconds?: number) =>
  new HttpError(429, detail, retryAfterSeconds ? { 'retry-after': String(retryAfterSeconds) } : {});

/**
 * A 422 whose detail lists the fields at fault, in the shape of the contract's request validation
 * answers: for rules a schema cannot check alone (answers checked against stored questions).
 */
export class UnprocessableError extends Error {
  override name = 'UnprocessableError';
  readonly statusCode = 422;

  constructor(readonly issues: ValidationIssue[]) {
    super(issues.map((issue) => issue.msg).join('; '));
  }
}

export const unprocessable = (issues: ValidationIssue[]) => new UnprocessableError(issues);
