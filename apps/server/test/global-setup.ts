import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { migrationsFolder } from '../src/platform/paths';

/**
 * Runs once before the server's test files: one embedded database, migrated, saved as a tarball
 * that every test server starts from (creating a PGlite cluster costs about a second each time).
 */
export default async function setup(): Promise<() => void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reelcraft-pglite-'));
  const file = path.join(dir, 'snapshot.tar');
  const client = await PGlite.create('memory://');
  await migrate(drizzle(client), { migrationsFolder: migrationsFolder() });
  const dump = await client.dumpDataDir('none');
  await client.close();
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  process.env.TEST_PGLITE_SNAPSHOT = file;
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
