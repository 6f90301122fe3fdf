import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { serverRoot } from '../../apps/server/src/platform/paths';
import { freePort } from '../../apps/server/test/helpers/product-process';

/** The built server, started as users start it (`npm start`). */
const productMainFile = path.join(serverRoot(), 'dist', 'main.js');
/** As `npm start` runs it (decision 030). */
const PRODUCT_NODE_FLAGS = ['--max-semi-space-size=4'];
const START_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 40_000;
/** The last output kept, to show when the server dies or a call fails. */
const OUTPUT_KEPT_CHARS = 20_000;

/** A bench that dies leaves no server behind (its temporary folder and database may remain). */
export function killOnExit(child: ChildProcess): void {
  const kill = () => child.kill('SIGKILL');
  process.once('exit', kill);
  child.once('exit', () => process.off('exit', kill));
}

/** The ids of a process's children, from /proc (Linux): every thread lists those it started. */
async function childrenOf(pid: number): Promise<number[]> {
  const threads = await fs.readdir(`/proc/${pid}/task`).catch(() => [] as string[]);
  const lists = await Promise.all(
    threads.map((thread) => fs.readFile(`/proc/${pid}/task/${thread}/children`, 'utf8').catch(() => '')),
  );
  return lists.flatMap((list) => list.split(/\s+/).filter(Boolean).map(Number));
}

/**
 * Resident memory of a process and every process under it (the server's render process and the
 * tools it runs), in MB, from /proc (Linux). A process that ends while it is read counts nothing.
 */
export async function residentMb(pid: number): Promise<number> {
  const kilobytes = async (id: number): Promise<number> => {
    const status = await fs.readFile(`/proc/${id}/status`, 'utf8').catch(() => '');
    const own = Number(/^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1] ?? 0);
    const children = await Promise.all((await childrenOf(id)).map(kilobytes));
    return own + children.reduce((sum, child) => sum + child, 0);
  };
  const total = await kilobytes(pid);
  if (total === 0) throw new Error(`No VmRSS for process ${pid}`);
  return Math.round(total / 1024);
}

export interface ProductServer {
  base: string;
  pid: number;
  dataDir: string;
  databaseUrl?: string;
  /** The server's last lines of output (warnings and errors: it logs at LOG_LEVEL=warn). */
  output(): string;
  stop(): Promise<void>;
}

export interface ProductOptions {
  dataDir: string;
  /** Unset: the embedded PGlite database under dataDir. */
  databaseUrl?: string;
  jwtSecret: string;
}

/**
 * Starts `node apps/server/dist/main.js` (ROLE=all: it serves and renders) and waits until its
 * health check answers. The flood limits are raised for the bench's sign-up and the free plan's
 * video allowance for its renders; nothing else is changed from the defaults.
 */
export async function startProduct(options: ProductOptions): Promise<ProductServer> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...PRODUCT_NODE_FLAGS, productMainFile], {
    cwd: path.dirname(serverRoot()),
    env: {
      ...process.env,
      NODE_ENV: 'production',
      ROLE: 'all',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATA_DIR: options.dataDir,
      DATABASE_URL: options.databaseUrl ?? '',
      JWT_SECRET: options.jwtSecret,
      LOG_LEVEL: 'warn',
      // As `npm start` runs it: glibc settings that give a render's memory back (decisions 029 and 030).
      MALLOC_ARENA_MAX: '2',
      MALLOC_MMAP_THRESHOLD_: '8192',
      SIGNUPS_MAX_PER_ADDRESS: '100000',
      MAILS_MAX_PER_RECIPIENT: '100000',
      MAILS_MAX_PER_ADDRESS: '100000',
      PLANS_JSON: JSON.stringify({ free: { max_videos: 100_000 } }),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-OUTPUT_KEPT_CHARS);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  killOnExit(child);
  await waitForHealth(base, child, () => output);
  return {
    base,
    pid: child.pid as number,
    dataDir: options.dataDir,
    databaseUrl: options.databaseUrl,
    output: () => output,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const stopped = await Promise.race([exited.then(() => true), sleep(STOP_TIMEOUT_MS, false)]);
      if (!stopped) {
        child.kill('SIGKILL');
        await exited;
      }
    },
  };
}

async function waitForHealth(base: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode}:\n${output()}`);
    try {
      if ((await fetch(`${base}/api/v1/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await sleep(200);
  }
  child.kill('SIGKILL');
  throw new Error(
    `The server did not answer its health check within ${START_TIMEOUT_MS / 1000} s:\n${output()}`,
  );
}
