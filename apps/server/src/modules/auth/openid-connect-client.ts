import * as oidc from 'openid-client';

export interface OpenIdConnectSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Our callback, registered at the provider. */
  redirectUri: string;
}

/** What a sign-in must keep on the server between the redirect and the callback. */
export interface SignInChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** The identity a provider vouches for. */
export interface IdentityClaims {
  subject: string;
  email?: string;
  emailVerified: boolean;
  name?: string;
}

const SCOPE = 'openid email profile';
const REQUEST_TIMEOUT_SECONDS = 10;

/**
 * The one place that speaks OpenID Connect (authorization code flow with PKCE, state and nonce),
 * through openid-client. The provider's metadata is discovered on first use and kept; a failed
 * discovery is retried on the next sign-in.
 */
export class OpenIdConnectClient {
  private configuration: Promise<oidc.Configuration> | undefined;

  constructor(private readonly settings: OpenIdConnectSettings) {}

  /** Fresh checks and the provider's authorization URL that carries them. */
  async beginSignIn(): Promise<{ authorizationUrl: string; checks: SignInChecks }> {
    const configuration = await this.discover();
    const checks: SignInChecks = {
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      codeVerifier: oidc.randomPKCECodeVerifier(),
    };
    const url = oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: this.settings.redirectUri,
      scope: SCOPE,
      state: checks.state,
      nonce: checks.nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
      code_challenge_method: 'S256',
    });
    return { authorizationUrl: url.href, checks };
  }

  /**
   * Redeems the callback's code and answers the verified identity. Throws when the answer fails any
   * check (state, issuer, PKCE, nonce, ID token signature and audience).
   */
  async finishSignIn(callbackUrl: URL, checks: SignInChecks): Promise<IdentityClaims> {
    const configuration = await this.discover();
    const tokens = await oidc.authorizationCodeGrant(configuration, callbackUrl, {
      pkceCodeVerifier: checks.codeVerifier,
      expectedState: checks.state,
      expectedNonce: checks.nonce,
      idTokenExpected: true,
    });
    const idToken = tokens.claims();
    if (!idToken) throw new Error('The provider sent no ID token');
    let claims: Record<string, unknown> = idToken;
    // Google puts the address in the ID token; other providers keep it for the UserInfo endpoint.
    if (typeof idToken.email !== 'string' || idToken.email_verified === undefined) {
      const userInfo = await oidc.fetchUserInfo(configuration, tokens.access_token, idToken.sub);
      claims = { ...userInfo, ...idToken, email: userInfo.email, email_verified: userInfo.email_verified };
    }
    return {
      subject: idToken.sub,
      email: typeof claims.email === 'string' ? claims.email : undefined,
      // Only a real `true` counts: some providers send "false" as text, which is truthy.
      emailVerified: claims.email_verified === true,
      name: typeof claims.name === 'string' && claims.name.trim() ? claims.name.trim() : undefined,
    };
  }

  private discover(): Promise<oidc.Configuration> {
    const { issuer, clientId, clientSecret } = this.settings;
    this.configuration ??= oidc
      .discovery(new URL(issuer), clientId, clientSecret, undefined, {
        // Configuration only admits http:// for a provider on this machine (tests, local demos).
        execute: new URL(issuer).protocol === 'http:' ? [oidc.allowInsecureRequests] : [],
        timeout: REQUEST_TIMEOUT_SECONDS,
      })
      .catch((error: unknown) => {
        this.configuration = undefined;
        throw error;
      });
    return this.configuration;
  }
}
