// Token-in-URL sign-in (spec 000 section 2.2): the Google callback sends the browser back with
// `access_token` and `token_type` (ours adds `expires_in`) in the query. These read and strip them.

const TOKEN_PARAMS = ['access_token', 'token_type', 'expires_in'] as const;

export interface UrlToken {
  accessToken: string;
  tokenType: string;
  /** Seconds from now, when the URL says; else null. */
  expiresIn: number | null;
}

/** The token pair in a query string (`?a=b`), or null unless both access_token and token_type are there. */
export function readUrlToken(search: string): UrlToken | null {
  const query = new URLSearchParams(search);
  const accessToken = query.get('access_token');
  const tokenType = query.get('token_type');
  if (!accessToken || !tokenType) return null;
  const expiresIn = Number(query.get('expires_in'));
  return {
    accessToken,
    tokenType,
    expiresIn: Number.isInteger(expiresIn) && expiresIn > 0 ? expiresIn : null,
  };
}

/** The query string without the token parameters, with its `?` (or empty). */
export function withoutUrlToken(search: string): string {
  const query = new URLSearchParams(search);
  for (const name of TOKEN_PARAMS) query.delete(name);
  const rest = query.toString();
  return rest ? `?${rest}` : '';
}

/**
 * Seconds until a JWT's `exp` claim, or null when the token is not a readable JWT. Used only when
 * the URL gives no lifetime; the signature is the server's business, the client only plans a timer.
 */
export function secondsUntilJwtExpiry(token: string, now: number): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const claims = JSON.parse(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='))) as unknown;
    const exp = (claims as { exp?: unknown } | null)?.exp;
    if (typeof exp !== 'number' || !Number.isFinite(exp)) return null;
    return Math.floor(exp - now / 1000);
  } catch {
    return null;
  }
}
