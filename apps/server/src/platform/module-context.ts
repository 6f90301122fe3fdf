import type { FastifyInstance } from 'fastify';
import type { AnyCall } from '@reelcraft/contract';
import type { Platform } from './platform';
import type { CallHandler } from './http/register-call';
import type { BearerAuthenticator } from './http/request-user';

/** What every module's routes are given by app.ts. */
export interface ModuleContext {
  platform: Platform;
  authenticate: BearerAuthenticator;
  /** Registers a contract call's route (validation, auth and OpenAPI from the contract). */
  registerCall<C extends AnyCall>(app: FastifyInstance, call: C, handler: CallHandler<C>): void;
}
