import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { API_BASE_PATH, FORBIDDEN_TEXT_MESSAGE, findForbiddenText, type AnyCall } from '@reelcraft/contract';
import { bearerToken, type BearerAuthenticator } from './request-user';
import { unauthorized, unprocessable } from './http-error';

/** 422 naming the field when a part of the request holds text the contract's text rule forbids. */
export function refuseForbiddenText(parts: Record<string, unknown>): void {
  for (const [location, value] of Object.entries(parts)) {
    const path = findForbiddenText(value);
    if (path) {
      throw unprocessable([
        { loc: [location, ...path], msg: FORBIDDEN_TEXT_MESSAGE, type: 'forbidden_text' },
      ]);
    }
  }
}

// The validated (output) types of a call's parts; `never` where the call has no such part.
type Input<S> = [NonNullable<S>] extends [z.ZodType] ? z.output<NonNullable<S>> : never;
type CallParts<C extends AnyCall> = {
  params: Input<C['params']>;
  query: Input<C['query']>;
  body: Input<C['body']>;
  headers: Input<C['headers']>;
};

export interface CallRequest<C extends AnyCall> extends CallParts<C> {
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * The call's answer, which registerCall sends; or `reply` itself when the handler sent the answer (a
 * redirect: `return reply.redirect(...)`). Awaiting a reply waits until its answer is written, so it
 * is never sent a second time (issue 37: a redirect then logged "Cannot write headers after they are
 * sent" at error level).
 */
export type CallHandler<C extends AnyCall> = (
  input: CallRequest<C>,
) => Promise<z.input<C['response']> | FastifyReply> | z.input<C['response']> | FastifyReply;

/**
 * Registers the route of one contract call: path, method, validation of params, query and body,
 * the answer's schema (checked on the way out), authentication and its OpenAPI entry all come from
 * the call's definition, so the server cannot drift from the contract.
 */
export function registerCall<C extends AnyCall>(
  app: FastifyInstance,
  authenticate: BearerAuthenticator,
  call: C,
  handler: CallHandler<C>,
): void {
  const isJsonBody = call.bodyEncoding === 'json' || call.bodyEncoding === 'form';
  const schema: RouteShorthandOptions['schema'] = {
    operationId: call.name,
    summary: call.summary,
    tags: [call.tag],
    ...(call.params ? { params: call.params } : {}),
    ...(call.query ? { querystring: call.query } : {}),
    ...(call.headers ? { headers: call.headers } : {}),
    ...(call.body && isJsonBody ? { body: call.body } : {}),
    ...(call.responseKind === undefined || call.responseKind === 'json'
      ? { response: { [call.successStatus]: call.response } }
      : {}),
    ...(call.auth === 'bearer' ? { security: [{ bearerAuth: [] }] } : {}),
  };

  app.withTypeProvider<ZodTypeProvider>().route({
    method: call.method,
    url: `${API_BASE_PATH}${call.path}`,
    schema,
    // Authentication runs before the body is parsed, so a stranger cannot make us parse uploads.
    onRequest: async (request) => {
      request.user = null;
      if (call.auth === 'none') return;
      const token = bearerToken(request);
      if (!token) {
        if (call.auth === 'bearer') throw unauthorized();
        return;
      }
      const user = await authenticate(token);
      if (!user) throw unauthorized('Could not validate credentials');
      request.user = user;
    },
    // Before the schemas: every text of the request follows the contract's one text rule.
    preValidation: async (request) => {
      refuseForbiddenText({ path: request.params, query: request.query, body: request.body });
    },
    handler: async (request, reply) => {
      const answer = await handler({
        params: request.params as CallParts<C>['params'],
        query: request.query as CallParts<C>['query'],
        body: request.body as CallParts<C>['body'],
        headers: request.headers as CallParts<C>['headers'],
        request,
        reply,
      });
      if (answer === reply || reply.sent) return reply;
      // A handler may choose another status (e.g. 503 from the health check); otherwise the call's.
      if (reply.statusCode === 200) reply.status(call.successStatus);
      return reply.send(answer);
    },
  });
}
