import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { serverRoot } from '../../src/platform/paths';

/** Starts a TypeScript file of the server package in its own Node process and waits for `readyLine`. */
export async function startProcess(
  file: string,
  env: Record<string, string>,
  readyLine = 'ready',
  timeoutMs = 180_000,
): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', file], {
    cwd: serverRoot(),
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${file} did not get ready:\n${output}`)), timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(readyLine)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${file} exited with ${code} before getting ready:\n${output}`));
    });
  });
  child.removeAllListeners('exit');
  return child;
}

/** The niceness in a `/proc/.../stat` file (Linux): of a process, or of one thread (`task/<tid>`). */
export function nicenessIn(statFile: string): number {
  const stat = readFileSync(statFile, 'utf8');
  // Field 19 is the niceness; the fields after the command's closing parenthesis start at 3.
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
}

export function fixturePath(name: string): string {
  return path.join(serverRoot(), 'test', 'fixtures', name);
}

/** Resolves with the exit code (or signal) once the process ends. */
export function exited(child: ChildProcess): Promise<number | NodeJS.Signals | null> {
  if (child.exitCode !== null || child.signalCode !== null) {
    return Promise.resolve(child.exitCode ?? child.signalCode);
  }
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
}

/** Polls `check` until it answers a value other than undefined, or fails after `timeoutMs`. */
export async function waitFor<T>(
  check: () => Promise<T | undefined>,
  what: string,
  timeoutMs = 120_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await sleep(200);
  }
}
