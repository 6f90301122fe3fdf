import type { FastifyRequest } from 'fastify';
import { unauthorized } from './http-error';

/** The signed-in user of a request, set by the auth guard. */
export interface RequestUser {
  id: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: RequestUser | null;
  }
}

/** Resolves a bearer token to a user, or null when it must be refused (bad, expired, revoked). */
export type BearerAuthenticator = (token: string) => Promise<RequestUser | null>;

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

/** The signed-in user; throws 401 where a route forgot to require authentication. */
export function requireUser(request: FastifyRequest): RequestUser {
  if (!request.user) throw unauthorized();
  return request.user;
}
