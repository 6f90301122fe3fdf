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

/**
 * `Bearer <token>`: the scheme (any case, RFC 9110 section 11.1), one space and a token of the JWT
 * character set (base64url and dots), nothing else. Any other header is no credential at all, and
 * answers as a missing token does (issue 37: `Bearer <token> junk` was taken).
 */
const BEARER_HEADER = /^bearer ([A-Za-z0-9_.-]+)$/i;

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  return BEARER_HEADER.exec(header)?.[1];
}

/** The signed-in user; throws 401 where a route forgot to require authentication. */
export function requireUser(request: FastifyRequest): RequestUser {
  if (!request.user) throw unauthorized();
  return request.user;
}
