import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { SignJWT, jwtVerify } from 'jose';

export class InvalidTokenError extends Error {
  override name = 'InvalidTokenError';
}

export interface VerifiedToken {
  userId: string;
  /** When the token was issued (seconds since the epoch). */
  issuedAt: number;
  expiresAt: number;
}

export interface IssuedToken {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
}

/**
 * A compact JWS as we issue it: three base64url parts. Checked before anything else, because the
 * base64 decoding under the signature check skips white space: `<token> ` would otherwise pass.
 */
const COMPACT_JWS = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;
const ISSUER = 'reelcraft';
const ALGORITHM = 'HS256';
/** Tokens whose signature was checked recently; beyond this many, the oldest go first. */
const VERIFIED_KEPT = 5_000;

/** Signs and verifies the product's bearer tokens (HS256 JWTs, subject = user id). */
export class TokenService {
  private readonly key: Uint8Array;
  /**
   * A client sends the same token with every request: its signature and claims are checked once and
   * the result kept until the token expires (issue 20: the check was a tenth of a request's time).
   * Keyed by the whole token, signature included, so only the very bytes checked before match.
   */
  private readonly verified = new Map<string, VerifiedToken>();

  constructor(
    secret: string,
    private readonly ttlSeconds: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  async issue(userId: string): Promise<IssuedToken> {
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: ALGORITHM })
      .setSubject(userId)
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setJti(crypto.randomUUID())
      .setExpirationTime(`${this.ttlSeconds}s`)
      .sign(this.key);
    return { access_token: token, token_type: 'bearer', expires_in: this.ttlSeconds };
  }

  /** Throws InvalidTokenError for a malformed, tampered, foreign or expired token. */
  async verify(token: string): Promise<VerifiedToken> {
    if (!COMPACT_JWS.test(token)) throw new InvalidTokenError('Not a compact JWS');
    const known = this.verified.get(token);
    if (known && known.expiresAt > Date.now() / 1000) return known;
    if (known) this.verified.delete(token);
    const checked = await this.check(token);
    this.verified.set(token, checked);
    if (this.verified.size > VERIFIED_KEPT) this.verified.delete(this.verified.keys().next().value!);
    return checked;
  }

  private async check(token: string): Promise<VerifiedToken> {
    try {
      const { payload } = await jwtVerify(token, this.key, { issuer: ISSUER, algorithms: [ALGORITHM] });
      if (!payload.sub || payload.iat === undefined || payload.exp === undefined) {
        throw new InvalidTokenError('Token lacks subject or times');
      }
      return { userId: payload.sub, issuedAt: payload.iat, expiresAt: payload.exp };
    } catch (error) {
      if (error instanceof InvalidTokenError) throw error;
      throw new InvalidTokenError((error as Error).message);
    }
  }
}

/**
 * The signing secret: JWT_SECRET when given, else one generated on first start and kept in
 * DATA_DIR so tokens survive restarts. Several processes sharing DATA_DIR agree on it ('wx' create).
 */
export function resolveJwtSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'jwt-secret');
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, crypto.randomBytes(48).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const secret = fs.readFileSync(file, 'utf8').trim();
  if (secret.length < 32) throw new Error(`${file} holds a secret shorter than 32 characters`);
  return secret;
}
