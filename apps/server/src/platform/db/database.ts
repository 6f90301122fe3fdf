import fs from 'node:fs';
import path from 'node:path';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { migrationsFolder } from '../paths';
import { startPgliteThread } from './pglite-thread';

/** The Drizzle handle every repository uses; the same type for PGlite and PostgreSQL. */
export type Orm = PgDatabase<PgQueryResultHKT>;
/** An open transaction's handle: the same query builder as the ORM, bound to one connection. */
export type OrmTransaction = Parameters<Parameters<Orm['transaction']>[0]>[0];

export interface SqlResult<Row = Record<string, unknown>> {
  rows: Row[];
}

export type NotificationHandler = (payload: string) => void;

/** Raw SQL with `$n` parameters: what pg-boss sends. */
export interface SqlExecutor {
  executeSql<Row = Record<string, unknown>>(text: string, values?: unknown[]): Promise<SqlResult<Row>>;
}

/**
 * One open transaction: the ORM bound to it (a drizzle transaction is an `Orm`, so repositories take
 * either) and raw SQL on the same connection, so a job can be queued in the same commit.
 */
export interface DatabaseTransaction extends SqlExecutor {
  readonly orm: OrmTransaction;
}

/**
 * One database, embedded or server: Drizzle for the product's queries, raw SQL for pg-boss,
 * and LISTEN/NOTIFY for events that must cross processes. `executeSql` without values may send
 * several statements at once (pg-boss's schema set-up).
 */
export interface Database extends SqlExecutor {
  readonly kind: 'pglite' | 'postgres';
  readonly orm: Orm;
  /** Runs `work` in one transaction: all of it commits, or none of it when it throws. */
  transaction<T>(work: (tx: DatabaseTransaction) => Promise<T>): Promise<T>;
  /** Subscribes to a NOTIFY channel; resolves to the unsubscribe function. */
  listen(channel: string, handler: NotificationHandler): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  /** Applies the migrations in `drizzle/`; safe when several instances start at once. */
  migrate(): Promise<void>;
  /**
   * Runs `work` while no other process runs work under the same lock (a PostgreSQL advisory lock
   * held by a session of its own): set-up steps that deadlock when instances start together.
   */
  exclusively<T>(lockId: number, work: () => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://... for a PostgreSQL server; unset for PGlite. */
  url?: string;
  /** PGlite's data folder; `memory://` keeps it in memory (tests). */
  pgliteDataDir?: string;
  /**
   * A PGlite data folder to start from (a `dumpDataDir` tarball) when the folder is new: tests start
   * from one migrated database instead of creating a cluster each time.
   */
  pgliteSnapshot?: Blob;
  logger?: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

// Any constant works; it only has to be the same for every instance of this product.
const MIGRATION_LOCK_ID = 727_401_551;

/** Runs `work` while a session of its own holds the advisory lock `lockId`. */
async function withSessionLock<T>(
  url: string,
  lockId: number,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [lockId]);
    return await work(client);
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [lockId]).catch(() => undefined);
    await client.end();
  }
}

const CHANNEL_NAME = /^[a-z_][a-z0-9_]{0,62}$/;
function assertChannel(channel: string): void {
  if (!CHANNEL_NAME.test(channel)) throw new Error(`Invalid notification channel: ${channel}`);
}

/** `$1`-style SQL as a drizzle query: the text verbatim, each placeholder one bound value. */
function sqlFromText(text: string, values: readonly unknown[] = []): SQL {
  const chunks: SQL[] = [];
  let last = 0;
  for (const match of text.matchAll(/\$(\d+)/g)) {
    chunks.push(sql.raw(text.slice(last, match.index)), sql`${sql.param(values[Number(match[1]) - 1])}`);
    last = match.index + match[0].length;
  }
  chunks.push(sql.raw(text.slice(last)));
  return sql.join(chunks);
}

function transactionOf(orm: Orm): Database['transaction'] {
  return (work) =>
    orm.transaction((tx) =>
      work({
        orm: tx,
        async executeSql<Row>(text: string, values?: unknown[]) {
          const result = (await tx.execute(sqlFromText(text, values))) as unknown as { rows: Row[] };
          return { rows: result.rows };
        },
      }),
    );
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.url
    ? openPostgres(options.url, options.logger)
    : openPglite(options.pgliteDataDir ?? 'memory://', options.pgliteSnapshot, options.logger);
}

async function openPglite(
  dataDir: string,
  snapshot: Blob | undefined,
  logger: DatabaseOptions['logger'],
): Promise<Database> {
  const inMemory = dataDir.startsWith('memory://');
  if (!inMemory) fs.mkdirSync(path.dirname(path.resolve(dataDir)), { recursive: true });
  const fresh = inMemory || !fs.existsSync(path.join(dataDir, 'PG_VERSION'));
  const onCrash = (error: Error) =>
    logger?.error({ err: error }, 'The embedded database stopped; its queries fail');
  if (fresh && !inMemory) {
    // Creating a cluster leaves initdb's memory (about 400 MB) in the thread for good: create it in
    // a thread of its own and open it in a new one, as every later start does (issue 20).
    const creating = await startPgliteThread({
      dataDir,
      ...(snapshot ? { loadDataDir: snapshot } : {}),
      onCrash,
    });
    await creating.close();
    return openPglite(dataDir, undefined, logger);
  }
  const thread = await startPgliteThread({
    dataDir,
    ...(snapshot && fresh ? { loadDataDir: snapshot } : {}),
    onCrash,
  });
  // PGlite is one session: a second connection would only wait for the first, and LISTEN, SET and
  // transactions belong to the session, so one connection that is never let go serves everything.
  // PGlite's own user and database: it stops (exit 1) on a start-up packet naming no user.
  const pool = new pg.Pool({
    user: 'postgres',
    database: 'postgres',
    max: 1,
    idleTimeoutMillis: 0,
    stream: () => thread.connect(),
  });
  pool.on('error', (error) => logger?.warn({ err: error }, 'Embedded database connection error'));
  const listeners = new Map<string, Set<NotificationHandler>>();
  pool.on('connect', (client) => {
    client.on('notification', (message) => {
      for (const handler of listeners.get(message.channel) ?? []) handler(message.payload ?? '');
    });
  });
  let closed = false;

  return {
    ...poolDatabase(pool),
    kind: 'pglite',
    async listen(channel, handler) {
      assertChannel(channel);
      let handlers = listeners.get(channel);
      if (!handlers) {
        handlers = new Set();
        listeners.set(channel, handlers);
        await pool.query(`LISTEN ${channel}`);
      }
      handlers.add(handler);
      const subscribed = handlers;
      return async () => {
        subscribed.delete(handler);
        if (subscribed.size === 0 && listeners.get(channel) === subscribed) {
          listeners.delete(channel);
          if (!closed) await pool.query(`UNLISTEN ${channel}`);
        }
      };
    },
    async migrate() {
      await migratePostgres(drizzlePostgres(pool), { migrationsFolder: migrationsFolder() });
    },
    // One process owns an embedded database: nothing else can run alongside.
    exclusively: (_lockId, work) => work(),
    async close() {
      if (closed) return;
      closed = true;
      await pool.end().catch(() => undefined);
      await thread.close();
    },
  };
}

/** What a database on a node-postgres pool does the same way whatever serves the pool. */
function poolDatabase(
  pool: pg.Pool,
): Pick<Database, 'orm' | 'transaction' | 'executeSql' | 'notify' | 'ping'> {
  const orm = drizzlePostgres(pool) as unknown as Orm;
  return {
    orm,
    transaction: transactionOf(orm),
    async executeSql<Row>(text: string, values?: unknown[]) {
      const result = await pool.query(text, values);
      // A multi-statement query answers an array of results.
      const last = Array.isArray(result) ? result.at(-1) : result;
      return { rows: (last?.rows ?? []) as Row[] };
    },
    async notify(channel, payload) {
      assertChannel(channel);
      await pool.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    async ping() {
      await pool.query('SELECT 1');
    },
  };
}

async function openPostgres(url: string, logger?: DatabaseOptions['logger']): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', (error) => logger?.warn({ err: error }, 'PostgreSQL pool client error'));
  const listeners = new Map<string, Set<NotificationHandler>>();
  let listenClient: pg.Client | undefined;
  let connecting: Promise<pg.Client> | undefined;
  let closed = false;

  // LISTEN needs one long-lived session; it is reopened (and every channel re-listened) if it drops.
  async function listenSession(): Promise<pg.Client> {
    if (listenClient) return listenClient;
    connecting ??= (async () => {
      const client = new pg.Client({ connectionString: url });
      client.on('notification', (message) => {
        for (const handler of listeners.get(message.channel) ?? []) handler(message.payload ?? '');
      });
      client.on('error', (error) => {
        logger?.warn({ err: error }, 'PostgreSQL LISTEN connection lost; reconnecting');
        listenClient = undefined;
        connecting = undefined;
        client.end().catch(() => undefined);
        if (!closed) setTimeout(() => void relisten(), 1000);
      });
      await client.connect();
      for (const channel of listeners.keys()) await client.query(`LISTEN ${channel}`);
      listenClient = client;
      return client;
    })();
    try {
      return await connecting;
    } finally {
      connecting = undefined;
    }
  }

  async function relisten(): Promise<void> {
    try {
      await listenSession();
    } catch (error) {
      logger?.warn({ err: error }, 'PostgreSQL LISTEN reconnect failed; retrying');
      if (!closed) setTimeout(() => void relisten(), 2000);
    }
  }

  return {
    ...poolDatabase(pool),
    kind: 'postgres',
    async listen(channel, handler) {
      assertChannel(channel);
      let handlers = listeners.get(channel);
      const isNew = !handlers;
      if (!handlers) {
        handlers = new Set();
        listeners.set(channel, handlers);
      }
      handlers.add(handler);
      const client = await listenSession();
      if (isNew) await client.query(`LISTEN ${channel}`);
      return async () => {
        handlers.delete(handler);
        if (handlers.size === 0 && listeners.get(channel) === handlers) {
          listeners.delete(channel);
          if (listenClient && !closed) await listenClient.query(`UNLISTEN ${channel}`);
        }
      };
    },
    async migrate() {
      // Instances starting together apply the migrations once: one at a time, under a lock.
      await withSessionLock(url, MIGRATION_LOCK_ID, (client) =>
        migratePostgres(drizzlePostgres(client), { migrationsFolder: migrationsFolder() }),
      );
    },
    exclusively: (lockId, work) => withSessionLock(url, lockId, () => work()),
    async close() {
      if (closed) return;
      closed = true;
      await listenClient?.end().catch(() => undefined);
      await pool.end();
    },
  };
}
