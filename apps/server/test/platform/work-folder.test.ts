import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { prepareWorkFolder } from '../../src/platform/work-folder';
import { makeTempDir, startTestServer } from '../helpers/test-platform';

const host = os.hostname().replace(/[^\w.-]/g, '_');

it("removes the work folders of this host's dead processes at start-up, and keeps the living ones'", async () => {
  const root = makeTempDir('reelcraft-work-');
  // A render's leftovers from a process that was killed (no process has this pid), one of a running
  // process (the test runner's parent), and another host's on a shared disk.
  const dead = path.join(root, `${host}-4194303`, 'render-abc');
  const living = path.join(root, `${host}-${process.ppid}`, 'render-def');
  const otherHost = path.join(root, 'another-host-123', 'render-ghi');
  for (const folder of [dead, living, otherHost]) {
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(path.join(folder, 'frame.png'), 'x');
  }

  const server = await startTestServer({ env: { MEDIA_WORK_DIR: root } });
  try {
    expect(server.platform.config.media.workDir).toBe(path.join(root, `${host}-${process.pid}`));
    expect(fs.existsSync(path.dirname(dead))).toBe(false);
    expect(fs.existsSync(living)).toBe(true);
    expect(fs.existsSync(otherHost)).toBe(true);
  } finally {
    await server.close();
    fs.rmSync(root, { recursive: true, force: true });
  }
});

it('makes its own folder empty, even one a previous run of the same pid left', async () => {
  const root = makeTempDir('reelcraft-work-');
  const own = path.join(root, `${host}-${process.pid}`);
  fs.mkdirSync(path.join(own, 'video-old'), { recursive: true });
  expect(await prepareWorkFolder(root)).toBe(own);
  expect(fs.readdirSync(own)).toEqual([]);
  fs.rmSync(root, { recursive: true, force: true });
});
