import fs from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { ConfigError, loadConfig } from '../config';
import { openProduct } from '../services';
import { runAdminCommand } from './admin-commands';

/**
 * `npm run admin -- <command>`: the administration commands on the server's own configuration and
 * database. Logs go to stderr so the command's output can be piped.
 */
async function main(argv: string[]): Promise<number> {
  const config = loadConfig();
  // The embedded database is one process's: PGlite keeps this file while it is open.
  const lockFile = path.join(config.dataDir, 'db', 'postmaster.pid');
  if (!config.databaseUrl && fs.existsSync(lockFile) && !argv.includes('--force')) {
    console.error(
      `The embedded database in ${config.dataDir} is in use: stop the server first (or use DATABASE_URL).\n` +
        `If no server is running, it stopped without closing the database: run again with --force.`,
    );
    return 1;
  }
  const logger = pino({ level: config.logLevel === 'info' ? 'warn' : config.logLevel }, pino.destination(2));
  const product = await openProduct({ config, logger });
  try {
    return await runAdminCommand(
      argv.filter((arg) => arg !== '--force'),
      product.services,
      {
        out: (line) => process.stdout.write(`${line}\n`),
        err: (line) => process.stderr.write(`${line}\n`),
      },
    );
  } finally {
    await product.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exitCode = error instanceof ConfigError ? 78 : 1;
  },
);
