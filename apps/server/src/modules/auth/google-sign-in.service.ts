import crypto from 'node:crypto';
import type { Logger } from 'pino';
import { notFound } from '../../platform/http/http-error';
import type { UserRow, UsersService } from '../users';
import type { Clock } from './clock';
import type { ExternalIdentitiesRepository } from './external-identities.repository';
import type { OidcLoginStatesRepository } from './oidc-login-states.repository';
import type { IdentityClaims, OpenIdConnectClient } from './openid-connect-client';
import { hashSecretToken } from './secret-token';
import type { SessionIssuer } from './session-issuer';

const PROVIDER = 'google';
/** How long a user may spend at the provider between our redirect and its callback. */
export const GOOGLE_SIGN_IN_TTL_SECONDS = 10 * 60;
const MAX_EMAIL_LENGTH = 254;

export const googleNotConfiguredDetail = 'Google sign-in is not configured';

/** A sign-in that cannot finish; the reason goes to the log, the user sees the generic failure. */
class SignInRefused extends Error {
  override name = 'SignInRefused';
}

export interface GoogleSignInDependencies {
  /** Absent when the instance has no Google client id and secret. */
  client?: OpenIdConnectClient;
  states: OidcLoginStatesRepository;
  identities: ExternalIdentitiesRepository;
  users: UsersService;
  sessions: SessionIssuer;
  publicUrl: string;
  /** Our callback URL as registered at the provider (the token request must repeat it). */
  redirectUri: string;
  logger: Logger;
  now: Clock;
}

export interface CallbackInput {
  /** The callback's query string as received (the provider adds parameters such as `iss`). */
  rawQuery: string;
  /** The state kept in the browser's cookie at the start, which ties the callback to that browser. */
  browserState: string | undefined;
}

/**
 * Sign-in with Google (any OpenID Connect provider): the account is found by its Google identity,
 * else linked or created by the verified address, and the browser returns to the web app with a
 * session in the query (spec 000 section 2.2) or with `error=google`.
 */
export class GoogleSignInService {
  constructor(private readonly deps: GoogleSignInDependencies) {}

  get isConfigured(): boolean {
    return this.deps.client !== undefined;
  }

  /**
   * Where to send the browser to sign in, and the state its cookie must keep. When the provider
   * cannot be reached the browser goes back to the login screen with the error instead.
   */
  async start(): Promise<{ location: string; state?: string }> {
    const { client } = this.deps;
    if (!client) throw notFound(googleNotConfiguredDetail);
    const now = this.deps.now();
    try {
      const { authorizationUrl, checks } = await client.beginSignIn();
      await this.deps.states.deleteExpired(now);
      await this.deps.states.insert({
        stateHash: hashSecretToken(checks.state),
        codeVerifier: checks.codeVerifier,
        nonce: checks.nonce,
        expiresAt: new Date(now.getTime() + GOOGLE_SIGN_IN_TTL_SECONDS * 1000),
      });
      return { location: authorizationUrl, state: checks.state };
    } catch (error) {
      this.deps.logger.error({ err: error }, 'Google sign-in could not start');
      return { location: this.failureLocation() };
    }
  }

  /**
   * Finishes a sign-in: answers where to send the browser, with the session or with the error. 404
   * when Google is not configured, as the start answers: nobody was sent to the provider, so there is
   * nothing to finish and nothing to log.
   */
  async finish(input: CallbackInput): Promise<string> {
    if (!this.deps.client) throw notFound(googleNotConfiguredDetail);
    try {
      const user = await this.authenticate(input);
      const session = await this.deps.sessions.issue(user);
      const query = new URLSearchParams({
        access_token: session.access_token,
        token_type: session.token_type,
        expires_in: String(session.expires_in),
      });
      return `${this.deps.publicUrl}/login?${query.toString()}`;
    } catch (error) {
      if (error instanceof SignInRefused) {
        this.deps.logger.info({ reason: error.message }, 'Google sign-in refused');
      } else {
        this.deps.logger.error({ err: error }, 'Google sign-in failed');
      }
      return this.failureLocation();
    }
  }

  private failureLocation(): string {
    return `${this.deps.publicUrl}/login?error=google`;
  }

  private async authenticate({ rawQuery, browserState }: CallbackInput): Promise<UserRow> {
    const { client } = this.deps;
    if (!client) throw new SignInRefused('Google sign-in is not configured');
    const params = new URLSearchParams(rawQuery);
    const state = params.get('state');
    if (!state) throw new SignInRefused('The callback carries no state');
    // Taken before any other check, so a state is spent even by a failed callback.
    const pending = await this.deps.states.take(hashSecretToken(state), this.deps.now());
    if (params.has('error')) throw new SignInRefused(`The provider answered ${params.get('error')}`);
    if (!browserState || !sameText(browserState, state)) {
      // Without this, someone could send a victim their own callback link and sign the victim in as them.
      throw new SignInRefused('The callback does not belong to the browser that started the sign-in');
    }
    if (!pending) throw new SignInRefused('Unknown or expired state');

    const claims = await client.finishSignIn(new URL(`${this.deps.redirectUri}?${rawQuery}`), {
      state,
      nonce: pending.nonce,
      codeVerifier: pending.codeVerifier,
    });
    if (!claims.email || claims.email.length > MAX_EMAIL_LENGTH) {
      throw new SignInRefused('The provider gave no usable email address');
    }
    if (!claims.emailVerified) throw new SignInRefused('The provider has not verified the email address');
    return this.accountFor({ ...claims, email: claims.email });
  }

  /** The account of a verified identity: already linked, else linked by address, else created. */
  private async accountFor(claims: IdentityClaims & { email: string }): Promise<UserRow> {
    const now = this.deps.now();
    const identity = await this.deps.identities.find(PROVIDER, claims.subject);
    if (identity) {
      const user = await this.deps.users.findActiveById(identity.userId);
      if (user) return user;
      // The linked account was deleted: the person starts again like anyone new, never in the deleted
      // account (docs/decisions/034).
      await this.deps.identities.unlink(PROVIDER, claims.subject, identity.userId);
    }

    const existing = await this.deps.users.findActiveByEmail(claims.email);
    let user: UserRow | undefined;
    if (existing) {
      user = existing.emailVerifiedAt
        ? existing
        : // Whoever registered this unverified account never proved the address; Google just did
          // for the signing-in person. Their password goes, or it would let the registrant in.
          await this.deps.users.changeAccount(existing.id, { emailVerifiedAt: now, passwordHash: null });
    } else {
      user = await this.deps.users.createIfEmailFree({
        email: claims.email,
        fullName: claims.name ?? claims.email.split('@')[0] ?? '',
        passwordHash: null,
        emailVerifiedAt: now,
      });
    }
    // Absent: another sign-in took the address meanwhile, or the account went away meanwhile.
    if (!user) throw new SignInRefused('The address was taken or its account deleted meanwhile');
    await this.deps.identities.link({
      provider: PROVIDER,
      subject: claims.subject,
      userId: user.id,
      email: claims.email,
    });
    return user;
  }
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && crypto.timingSafeEqual(left, right);
}
