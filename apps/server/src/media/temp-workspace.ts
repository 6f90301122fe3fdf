import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** A private folder for one piece of work, removed afterwards whatever happens. */
export interface TempWorkspace {
  dir: string;
  /** A path inside the folder; `name` is ours (never user text). */
  file(name: string): string;
  remove(): Promise<void>;
}

export async function createTempWorkspace(
  parent = os.tmpdir(),
  prefix = 'reelcraft-',
): Promise<TempWorkspace> {
  await fs.mkdir(parent, { recursive: true });
  const dir = await fs.mkdtemp(path.join(parent, prefix));
  return {
    dir,
    file: (name) => path.join(dir, name),
    remove: () => fs.rm(dir, { recursive: true, force: true }),
  };
}

/** Runs `work` with a fresh workspace and always removes it. */
export async function withTempWorkspace<T>(
  parent: string | undefined,
  work: (workspace: TempWorkspace) => Promise<T>,
): Promise<T> {
  const workspace = await createTempWorkspace(parent);
  try {
    return await work(workspace);
  } finally {
    await workspace.remove();
  }
}

/** A folder for results the caller keeps (it moves them to storage, then calls `release`). */
export async function createOutputFolder(parent = os.tmpdir(), prefix = 'output'): Promise<string> {
  const dir = path.join(parent, `${prefix}-${randomUUID()}`);
  await fs.mkdir(dir, { recursive: true });
  return dir;
}
