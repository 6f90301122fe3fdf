import type { FastifyReply, FastifyRequest } from 'fastify';
import { API_BASE_PATH } from '@reelcraft/contract';
import { GOOGLE_SIGN_IN_TTL_SECONDS } from './google-sign-in.service';

const COOKIE_NAME = 'reelcraft_google_state';
// Sent back only to the Google routes; SameSite=Lax still lets the provider's top-level redirect carry it.
const COOKIE_PATH = `${API_BASE_PATH}/auth/google`;

function attributes(publicUrl: string, maxAgeSeconds: number): string {
  const secure = publicUrl.startsWith('https://') ? '; Secure' : '';
  return `Path=${COOKIE_PATH}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure}`;
}

/** Keeps the sign-in's state in the browser that started it. */
export function setGoogleStateCookie(reply: FastifyReply, state: string, publicUrl: string): void {
  reply.header('set-cookie', `${COOKIE_NAME}=${state}; ${attributes(publicUrl, GOOGLE_SIGN_IN_TTL_SECONDS)}`);
}

export function clearGoogleStateCookie(reply: FastifyReply, publicUrl: string): void {
  reply.header('set-cookie', `${COOKIE_NAME}=; ${attributes(publicUrl, 0)}`);
}

export function readGoogleStateCookie(request: FastifyRequest): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const separator = part.indexOf('=');
    if (separator > 0 && part.slice(0, separator).trim() === COOKIE_NAME) {
      const value = part.slice(separator + 1).trim();
      return value || undefined;
    }
  }
  return undefined;
}
