import type { FastifyInstance } from 'fastify';
import type { AnyCall } from '@reelcraft/contract';
import type { UserLimitsGate } from '../rate-limit/user-limits';
import type { SessionWatch } from '../realtime/session-watch';
import type { CallHandler } from './register-call';
import type { BearerAuthenticator } from './request-user';

/**
 * What every module's routes are given by app.ts, besides the named services they use (built once,
 * in services.ts).
 */
export interface RouteContext {
  authenticate: BearerAuthenticator;
  /** Ends a long-lived answer (an event stream) when the session of its request ends. */
  sessions: SessionWatch;
  /** Per-user limits and the storage allowance of the calls that fill storage or the database. */
  userLimits: UserLimitsGate;
  /** Registers a contract call's route (validation, auth and OpenAPI from the contract). */
  registerCall<C extends AnyCall>(app: FastifyInstance, call: C, handler: CallHandler<C>): void;
}
