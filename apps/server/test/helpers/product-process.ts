import type { ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { serverRoot } from '../../src/platform/paths';
import { lastMailTo, linkIn } from './mailbox';
import { startProcess } from './processes';

/** The server's entry point, run as users run it (`npm start`), in a process of its own. */
export const productMainFile = path.join(serverRoot(), 'src', 'main.ts');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** The settings of a product process on the embedded database in `dataDir`. */
export function embeddedProductEnv(port: number, dataDir: string): Record<string, string> {
  return {
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'info',
    QUEUE_MAINTENANCE_INTERVAL_SECONDS: '1',
  };
}

export type DeployedRole = 'api' | 'worker';

/**
 * One process of the product as deployed (ROLE=api or ROLE=worker on PostgreSQL), on a free port,
 * started and up; `env` adds to or overrides its settings (storage, say).
 */
export async function startDeployedProcess(
  role: DeployedRole,
  settings: { dataDir: string; databaseUrl: string; jwtSecret: string; env?: Record<string, string> },
): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = await startProcess(
    productMainFile,
    {
      ROLE: role,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATA_DIR: settings.dataDir,
      DATABASE_URL: settings.databaseUrl,
      JWT_SECRET: settings.jwtSecret,
      LOG_LEVEL: 'info',
      ...settings.env,
    },
    role === 'api' ? 'ReelCraft is up' : 'ReelCraft worker is up',
    120_000,
  );
  return { child, base };
}

export type ProductCall = (
  method: string,
  route: string,
  options?: { token?: string; body?: RequestInit['body']; type?: string },
) => Promise<Response>;

/** Calls the API of the product at `base`. */
export function productCalls(base: string): ProductCall {
  return (method, route, options = {}) => {
    const headers: Record<string, string> = {};
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.type) headers['content-type'] = options.type;
    return fetch(`${base}/api/v1${route}`, { method, headers, body: options.body });
  };
}

/** Signs up as a new user does (register, the mailed link, sign in) and answers the bearer token. */
export async function signUpAndSignIn(base: string, dataDir: string, email: string): Promise<string> {
  const call = productCalls(base);
  const password = 'correct horse battery';
  const registered = await call('POST', '/auth/register', {
    type: 'application/json',
    body: JSON.stringify({
      email,
      password,
      full_name: 'New User',
      phone_number: '',
      company_name: '',
      role: '',
    }),
  });
  if (registered.status !== 201) throw new Error(`Registration answered ${registered.status}`);
  const verifyToken = linkIn(lastMailTo(dataDir, email), `${base}/verify/`).slice(`${base}/verify/`.length);
  const verified = await call('GET', `/verify/${verifyToken}`);
  if (verified.status !== 200) throw new Error(`Verification answered ${verified.status}`);
  const login = await call('POST', '/auth/login', {
    type: 'application/x-www-form-urlencoded',
    body: new URLSearchParams({ username: email, password, grant_type: 'password' }).toString(),
  });
  return ((await login.json()) as { access_token: string }).access_token;
}

export interface EmbeddedProduct {
  base: string;
  call: ProductCall;
  /** Starts a product process on the data folder and waits until it is up. */
  start(): Promise<ChildProcess>;
  /** Kills every process it started (whatever a test left running). */
  killAll(): void;
}

/** The product run as users run it, on the embedded database in `dataDir`, on a free port. */
export async function embeddedProduct(dataDir: string): Promise<EmbeddedProduct> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const running: ChildProcess[] = [];
  return {
    base,
    call: productCalls(base),
    async start() {
      const child = await startProcess(
        productMainFile,
        embeddedProductEnv(port, dataDir),
        'ReelCraft is up',
        90_000,
      );
      running.push(child);
      return child;
    },
    killAll() {
      for (const child of running) child.kill('SIGKILL');
    },
  };
}
