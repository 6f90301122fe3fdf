import type { z } from 'zod';
import type { ValidationIssue } from '@reelcraft/contract';
import { unprocessable } from './http-error';

/** A zod failure as the contract's 422 issues, located like Fastify's own validation answers. */
export function validationIssues(error: z.ZodError, location: string): ValidationIssue[] {
  return error.issues.map((issue) => ({
    loc: [
      location,
      ...issue.path.map((segment) => (typeof segment === 'number' ? segment : String(segment))),
    ],
    msg: issue.message,
    type: issue.code,
  }));
}

/**
 * Validates input a route reads itself (multipart fields, a body of another encoding) with the
 * contract's schema; throws the same 422 answer registerCall gives for JSON bodies.
 */
export function parseCallInput<S extends z.ZodType>(
  schema: S,
  value: unknown,
  location = 'body',
): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw unprocessable(validationIssues(parsed.error, location));
  return parsed.data;
}
