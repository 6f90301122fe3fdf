import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Database } from './database';
import { startPgliteThread, type PgliteThread } from './pglite-thread';

const snapshotFile = process.env.TEST_PGLITE_SNAPSHOT;
// The migrated database of test/global-setup.ts: creating a cluster each time costs seconds.
const snapshot = snapshotFile ? new Blob([fs.readFileSync(snapshotFile)]) : undefined;

const opened: Array<Database | PgliteThread> = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((each) => each.close()));
});

async function embedded(dataDir = 'memory://'): Promise<Database> {
  const database = await openDatabase({
    pgliteDataDir: dataDir,
    ...(snapshot ? { pgliteSnapshot: snapshot } : {}),
  });
  opened.push(database);
  return database;
}

describe('the embedded database, in a thread of its own', () => {
  it('runs scripts, parameters and many callers at once, each transaction whole', async () => {
    const database = await embedded();
    await database.executeSql('CREATE TABLE counted (n int); INSERT INTO counted VALUES (1), (2)');

    const [inTransaction, ...others] = await Promise.all([
      database.transaction(async (tx) => {
        await tx.executeSql('INSERT INTO counted VALUES ($1)', [3]);
        // Others' queries wait for the commit: they must not see the row before it.
        await new Promise((resolve) => setTimeout(resolve, 50));
        return (await tx.executeSql<{ count: string }>('SELECT count(*) FROM counted')).rows[0]?.count;
      }),
      ...Array.from({ length: 10 }, (_, index) =>
        database.executeSql<{ n: number }>('SELECT $1::int AS n', [index]),
      ),
    ]);

    expect(inTransaction).toBe('3');
    expect(others.map((result) => result.rows[0]?.n)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('keeps nothing of a failed transaction and goes on answering after an SQL error', async () => {
    const database = await embedded();
    await database.executeSql('CREATE TABLE kept (n int)');

    await expect(
      database.transaction(async (tx) => {
        await tx.executeSql('INSERT INTO kept VALUES (1)');
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await expect(database.executeSql('SELECT missing FROM kept')).rejects.toThrow(
      'column "missing" does not exist',
    );

    expect((await database.executeSql('SELECT count(*) AS count FROM kept')).rows).toEqual([{ count: '0' }]);
  });

  it('delivers notifications to the listeners of their channel until they unsubscribe', async () => {
    const database = await embedded();
    const received: string[] = [];
    const unsubscribe = await database.listen('news', (payload) => received.push(payload));

    await database.notify('news', 'first');
    await vi.waitFor(() => expect(received).toEqual(['first']));
    await unsubscribe();
    await database.notify('news', 'second');
    await database.ping();

    expect(received).toEqual(['first']);
  });

  it('opens a data folder written by PGlite in the API process, as earlier versions did', async () => {
    const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'reelcraft-pglite-')), 'db');
    const earlier = await PGlite.create(dataDir);
    await earlier.exec("CREATE TABLE kept (name text); INSERT INTO kept VALUES ('from before')");
    await earlier.close();

    const database = await embedded(dataDir);

    expect((await database.executeSql('SELECT name FROM kept')).rows).toEqual([{ name: 'from before' }]);
  });

  it('rejects queries once the thread has died, and still closes', async () => {
    const crashes: Error[] = [];
    const thread = await startPgliteThread({
      dataDir: 'memory://',
      ...(snapshot ? { loadDataDir: snapshot } : {}),
      onCrash: (error) => crashes.push(error),
    });
    opened.push(thread);
    const client = new pg.Client({ user: 'postgres', database: 'postgres', stream: () => thread.connect() });
    client.on('error', () => undefined);
    await client.connect();

    // A start-up packet naming no user makes PGlite exit: the simplest way to kill it from outside.
    const killer = thread.connect();
    killer.on('error', () => undefined);
    killer.write(Buffer.from([0, 0, 0, 15, 0, 3, 0, 0, ...Buffer.from('user\0\0\0')]));

    await vi.waitFor(() => expect(crashes).toHaveLength(1));
    await expect(client.query('SELECT 1')).rejects.toThrow();
    const later = new pg.Client({ user: 'postgres', database: 'postgres', stream: () => thread.connect() });
    await expect(later.connect()).rejects.toThrow('The embedded database stopped');
    await thread.close();
  });
});
