import { importPKCS8, SignJWT } from 'jose';
import { ProviderError } from '../provider-error';
import { createVendorHttp, type VendorLogger } from './vendor-http';
import type { ServiceAccountKey } from '../../config';

export type { ServiceAccountKey };

export interface GoogleAccessTokenOptions {
  key: ServiceAccountKey;
  /** Default the key's token_uri, else https://oauth2.googleapis.com/token. */
  tokenUrl?: string;
  scope?: string;
  timeoutMs?: number;
  logger?: VendorLogger;
}

const CLOUD_PLATFORM_SCOPE = 'https://www.googleapis.com/auth/cloud-platform';

/**
 * OAuth access tokens for a service account (the JWT-bearer grant, RFC 7523): signs an assertion
 * with the account's private key, exchanges it, and reuses the token until a minute before expiry.
 */
export function createGoogleAccessTokenSource(options: GoogleAccessTokenOptions): () => Promise<string> {
  const tokenUrl = options.tokenUrl ?? options.key.token_uri ?? 'https://oauth2.googleapis.com/token';
  const http = createVendorHttp({
    vendor: 'Google sign-in',
    baseUrl: tokenUrl,
    timeoutMs: options.timeoutMs ?? 30_000,
    logger: options.logger,
  });
  let cached: { token: string; expiresAt: number } | null = null;
  let pending: Promise<string> | null = null;

  async function fetchToken(): Promise<string> {
    const privateKey = await importPKCS8(options.key.private_key, 'RS256').catch((error: unknown) => {
      throw new ProviderError('unavailable', 'The video service credentials are invalid.', {
        cause: error,
        details: 'service-account private_key could not be read',
      });
    });
    const now = Math.floor(Date.now() / 1000);
    const assertion = await new SignJWT({ scope: options.scope ?? CLOUD_PLATFORM_SCOPE })
      .setProtectedHeader({
        alg: 'RS256',
        typ: 'JWT',
        ...(options.key.private_key_id ? { kid: options.key.private_key_id } : {}),
      })
      .setIssuer(options.key.client_email)
      .setSubject(options.key.client_email)
      .setAudience(tokenUrl)
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(privateKey);
    const form = new URLSearchParams({
      grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
      assertion,
    });
    const response = await http
      .send({ method: 'POST', path: tokenUrl, auth: false, form })
      .catch((error: unknown) => {
        if (error instanceof ProviderError) throw error;
        throw new ProviderError('unavailable', 'The video service credentials were refused.', {
          cause: error,
          details: 'service-account token exchange failed',
        });
      });
    const body = (await response.json()) as { access_token?: string; expires_in?: number };
    if (!body.access_token) {
      throw new ProviderError('unavailable', 'The video service credentials were refused.');
    }
    cached = { token: body.access_token, expiresAt: Date.now() + (body.expires_in ?? 3600) * 1000 };
    return body.access_token;
  }

  return async () => {
    if (cached && cached.expiresAt - 60_000 > Date.now()) return cached.token;
    pending ??= fetchToken().finally(() => {
      pending = null;
    });
    return pending;
  };
}
