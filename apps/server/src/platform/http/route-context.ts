import type { FastifyInstance } from 'fastify';
import type { AnyCall } from '@reelcraft/contract';
import type { CallHandler } from './register-call';
import type { BearerAuthenticator } from './request-user';

/**
 * What every module's routes are given by app.ts, besides the named services they use (built once,
 * in services.ts).
 */
export interface RouteContext {
  authenticate: BearerAuthenticator;
  /** Registers a contract call's route (validation, auth and OpenAPI from the contract). */
  registerCall<C extends AnyCall>(app: FastifyInstance, call: C, handler: CallHandler<C>): void;
}
