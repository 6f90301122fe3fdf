// A real OpenID Connect provider (oidc-provider) standing in for Google in the browser tests: one
// confidential client for the app's callback, one account with a verified email, and the package's
// development login and consent pages, which a test fills in as a person would.
// Started by playwright.config.ts before the app server: node --import tsx apps/web/e2e/support/oidc-provider.ts
import Provider from 'oidc-provider';

const port = Number(process.env.OIDC_PORT ?? 3299);
const issuer = `http://127.0.0.1:${port}`;
const clientId = process.env.OIDC_CLIENT_ID ?? 'reelcraft-e2e';
const clientSecret = process.env.OIDC_CLIENT_SECRET ?? 'reelcraft-e2e-secret';
const redirectUri = process.env.OIDC_REDIRECT_URI;
if (!redirectUri) throw new Error('OIDC_REDIRECT_URI is required: the app callback to register');

/** The one person who can sign in here (accounts.spec.ts uses the same); any password is taken. */
const GOOGLE_TEST_ACCOUNT = {
  id: 'google-e2e',
  email: 'gabriela.google@example.com',
  email_verified: true,
  name: 'Gabriela Google',
};

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
    if (id !== GOOGLE_TEST_ACCOUNT.id) return undefined;
    const { email, email_verified, name } = GOOGLE_TEST_ACCOUNT;
    return { accountId: id, claims: () => ({ sub: id, email, email_verified, name }) };
  },
  // As Google does for us: no authorization without PKCE.
  pkce: { required: () => true },
  features: { devInteractions: { enabled: true } },
  cookies: { keys: ['reelcraft-e2e-cookie-key'] },
});

const server = provider.listen(port, '127.0.0.1');

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => server.close(() => process.exit(0)));
}
