import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { serverDetailMessages, type ValidationIssue } from '@reelcraft/contract';
import { isOutOfSpaceError } from '../storage/out-of-space';
import { HttpError, UnprocessableError } from './http-error';

/** A full disk is the server's state, not the request's fault: 507 Insufficient Storage (issue 37). */
const INSUFFICIENT_STORAGE = 507;

function splitPath(instancePath: string): (string | number)[] {
  return instancePath
    .split('/')
    .filter(Boolean)
    .map((segment) => (/^\d+$/.test(segment) ? Number(segment) : segment));
}

/**
 * Every error leaves as the contract's `{"detail": ...}`: validation failures as 422 with an array of
 * `{loc, msg, type}`, client errors with their message, server errors without internals. A write
 * refused for want of disk space (ENOSPC, EDQUOT, PostgreSQL's disk_full), wherever in the request it
 * happened, answers 507 with a text saying so.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).headers(error.headers).send({ detail: error.detail });
    }
    if (error instanceof UnprocessableError) {
      return reply.status(422).send({ detail: error.issues });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const location = error.validationContext ?? 'body';
      const detail: ValidationIssue[] = error.validation.map((issue) => ({
        loc: [location, ...splitPath(issue.instancePath)],
        msg: issue.message ?? 'Invalid value',
        type: issue.keyword,
      }));
      return reply.status(422).send({ detail });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'Answer does not match the contract');
      return reply.status(500).send({ detail: 'Internal server error' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500 && isOutOfSpaceError(error)) {
      request.log.error({ err: error }, 'Request failed: out of disk space');
      return reply.status(INSUFFICIENT_STORAGE).send({ detail: serverDetailMessages.outOfStorage });
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (malformed JSON, body too large, unsupported media type...).
      return reply.status(status).send({ detail: error.message });
    }
    request.log.error({ err: error }, 'Request failed');
    return reply.status(500).send({ detail: 'Internal server error' });
  });
}
