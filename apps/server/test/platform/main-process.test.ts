import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { describeHeavy } from '../helpers/each-database';
import { exited, startProcess, waitFor } from '../helpers/processes';
import { serverRoot } from '../../src/platform/paths';
import { freePort, productMainFile as mainFile } from '../helpers/product-process';
import { makeTempDir } from '../helpers/test-platform';

describeHeavy('the server process', () => {
  const dataDir = makeTempDir();
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('starts on the embedded default, serves health, and stops cleanly on SIGTERM, twice', async () => {
    for (let run = 0; run < 2; run += 1) {
      const port = await freePort();
      const server = await startProcess(
        mainFile,
        { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info', DATABASE_URL: '' },
        'ReelCraft is up',
      );
      const health = await waitFor(async () => {
        const response = await fetch(`http://127.0.0.1:${port}/api/v1/health`).catch(() => undefined);
        return response?.ok ? ((await response.json()) as { status: string }) : undefined;
      }, 'health');
      expect(health.status).toBe('ok');
      // The token secret was generated once and kept for the next start.
      expect(fs.existsSync(path.join(dataDir, 'jwt-secret'))).toBe(true);

      server.kill('SIGTERM');
      expect(await exited(server)).toBe(0);
    }
  });

  it('refuses to start on a bad setting and names it', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', mainFile], {
      cwd: serverRoot(),
      env: { ...process.env, ROLE: 'manager', DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    expect(await exited(child)).toBe(78);
    expect(output).toContain('ROLE:');
  });
});
