import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BACKGROUND_NICENESS } from '../../src/media/background-priority';
import { runFfmpeg } from '../../src/media/ffmpeg-runner';
import { runProcess } from '../../src/media/process-runner';
import { spawn } from 'node:child_process';
import { serverRoot } from '../../src/platform/paths';
import { fixturePath, nicenessIn, waitFor } from '../helpers/processes';
import { tools } from './media-test-kit';

const endless = ['-f', 'lavfi', '-re', '-i', 'testsrc2=size=320x240:rate=25', '-f', 'null', '-'];

async function scratch(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'reelcraft-runner-'));
  await fs.writeFile(path.join(dir, 'temp.txt'), 'x');
  return dir;
}
const exists = (target: string) =>
  fs.access(target).then(
    () => true,
    () => false,
  );

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('process runner', () => {
  it.skipIf(process.platform !== 'linux')(
    'the ffmpeg found on the PATH runs below the server priority and dies with it, even on SIGKILL',
    async () => {
      const server = spawn(process.execPath, ['--import', 'tsx', fixturePath('runs-a-tool.ts')], {
        cwd: serverRoot(),
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let output = '';
      await new Promise<void>((resolve, reject) => {
        server.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          if (output.includes('ready')) resolve();
        });
        server.once('exit', () => reject(new Error(`The stand-in exited: ${output}`)));
      });
      const toolPid = Number(/tool (\d+)/.exec(output)?.[1]);
      expect(isRunning(toolPid)).toBe(true);
      expect(nicenessIn(`/proc/${toolPid}/stat`)).toBe(
        Math.max(nicenessIn('/proc/self/stat'), BACKGROUND_NICENESS),
      );
      server.kill('SIGKILL');
      await waitFor(
        async () => (isRunning(toolPid) ? undefined : true),
        'the tool to die with its server',
        5_000,
      );
    },
  );

  it('reports progress from 0 to 1 and removes its temporary files', async () => {
    const dir = await scratch();
    const seen: number[] = [];
    await runFfmpeg(
      await tools(),
      ['-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=25:duration=2', '-f', 'null', '-'],
      {
        expectedSeconds: 2,
        onProgress: (fraction) => seen.push(fraction),
        cleanup: [dir],
      },
    );
    expect(seen.at(-1)).toBe(1);
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);
    expect(await exists(dir)).toBe(false);
  });

  it('kills the process on abort and still cleans up', async () => {
    const dir = await scratch();
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('user cancelled')), 300);
    // The input never ends: only the abort can settle this promise.
    await expect(
      runFfmpeg(await tools(), endless, { signal: controller.signal, cleanup: [dir] }),
    ).rejects.toMatchObject({
      name: 'MediaError',
      code: 'cancelled',
    });
    expect(await exists(dir)).toBe(false);
  });

  it('kills the process on time-out', async () => {
    await expect(runFfmpeg(await tools(), endless, { timeoutMs: 300 })).rejects.toMatchObject({
      code: 'timed_out',
    });
  });

  it('turns a failure into an error with the end of stderr for the logs', async () => {
    const dir = await scratch();
    const failure = await runFfmpeg(await tools(), ['-i', '/nonexistent/input.mp4', '-f', 'null', '-'], {
      cleanup: [dir],
    }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 'process_failed', message: 'Processing the media failed.' });
    expect((failure as { details?: string }).details).toContain('No such file');
    expect(await exists(dir)).toBe(false);
  });

  it('does not start when already cancelled, and reports a missing binary', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(runProcess('ffmpeg', ['-version'], { signal: controller.signal })).rejects.toMatchObject({
      code: 'cancelled',
    });
    await expect(runProcess('/nonexistent/tool', [])).rejects.toMatchObject({ code: 'missing_binary' });
  });
});
