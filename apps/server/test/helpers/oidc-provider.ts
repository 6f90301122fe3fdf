import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface ProviderAccount {
  email: string;
  email_verified: boolean;
  name?: string;
}

export interface LocalOpenIdProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Adds or replaces an account the provider can sign in. */
  addAccount(id: string, account: ProviderAccount): void;
  /**
   * Plays the user at the provider: follows the authorization URL, signs in as `accountId` and
   * consents, as a browser would; answers the URL the provider sends the browser back to.
   */
  signIn(authorizationUrl: string, accountId: string): Promise<URL>;
  close(): Promise<void>;
}

/** The cookies of one browser; paths are ignored, the latest value of a name wins. */
class CookieJar {
  private readonly cookies = new Map<string, string>();

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      const expired = attributes.some((attribute) => /expires=thu, 01 jan 1970/i.test(attribute.trim()));
      if (!value || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

/**
 * A real OpenID Connect provider (oidc-provider) on a local port, with one confidential client
 * registered for `redirectUri` and its development login and consent screens, which accept any
 * account id the test added.
 */
export async function startOpenIdProvider(redirectUri: string): Promise<LocalOpenIdProvider> {
  const accounts = new Map<string, ProviderAccount>();
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'reelcraft-test';
  const clientSecret = 'reelcraft-test-secret-0123456789';

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        // What openid-client sends by default with a client secret.
        token_endpoint_auth_method: 'client_secret_post',
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    findAccount(_context, id) {
      const account = accounts.get(id);
      return account ? { accountId: id, claims: () => ({ sub: id, ...account }) } : undefined;
    },
    // Refuse any authorization request without PKCE, so the tests prove the server sends it.
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ['reelcraft-test-cookie-key'] },
    ttl: {
      Interaction: 600,
      Session: 600,
      Grant: 600,
      AccessToken: 600,
      IdToken: 600,
      AuthorizationCode: 60,
    },
  });
  server.on('request', provider.callback());

  async function follow(jar: CookieJar, url: URL, init: RequestInit = {}): Promise<Response> {
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: jar.header() },
    });
    jar.store(response);
    return response;
  }

  return {
    issuer,
    clientId,
    clientSecret,
    addAccount(id, account) {
      accounts.set(id, account);
    },
    async signIn(authorizationUrl, accountId) {
      const jar = new CookieJar();
      let url = new URL(authorizationUrl);
      // /auth -> /interaction (login) -> /auth/:uid -> /interaction (consent) -> /auth/:uid -> callback.
      for (let step = 0; step < 10; step += 1) {
        if (!url.href.startsWith(issuer)) return url;
        if (url.pathname.startsWith('/interaction/')) {
          const page = await follow(jar, url);
          const html = await page.text();
          const prompt = html.includes('name="login"') ? 'login' : 'consent';
          const form = new URLSearchParams(
            prompt === 'login' ? { prompt, login: accountId, password: 'x' } : { prompt },
          );
          const submitted = await follow(jar, url, {
            method: 'POST',
            body: form.toString(),
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
          });
          url = new URL(submitted.headers.get('location') ?? '', url);
          continue;
        }
        const response = await follow(jar, url);
        const location = response.headers.get('location');
        if (!location)
          throw new Error(
            `The provider answered ${response.status} at ${url.pathname}: ${await response.text()}`,
          );
        url = new URL(location, url);
      }
      throw new Error('The provider never sent the browser back');
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
    },
  };
}
