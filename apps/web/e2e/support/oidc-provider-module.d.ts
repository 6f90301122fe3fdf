// oidc-provider (a test-only OpenID provider) ships no types; this covers what the browser tests use.
declare module 'oidc-provider' {
  import type { Server } from 'node:http';

  interface ClientMetadata {
    client_id: string;
    client_secret?: string;
    redirect_uris: string[];
    token_endpoint_auth_method?: string;
    grant_types?: string[];
    response_types?: string[];
  }

  interface Account {
    accountId: string;
    claims(use: string, scope: string): Promise<Record<string, unknown>> | Record<string, unknown>;
  }

  interface ProviderConfiguration {
    clients?: ClientMetadata[];
    claims?: Record<string, string[]>;
    findAccount?: (context: unknown, id: string) => Promise<Account | undefined> | Account | undefined;
    pkce?: { required?: () => boolean };
    features?: Record<string, { enabled: boolean }>;
    cookies?: { keys?: string[] };
  }

  export default class Provider {
    constructor(issuer: string, configuration?: ProviderConfiguration);
    listen(port: number, host: string): Server;
  }
}
