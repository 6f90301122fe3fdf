import fs from 'node:fs/promises';
import path from 'node:path';

export async function isExecutable(file: string): Promise<boolean> {
  try {
    await fs.access(file, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The absolute path of `program` in `folder`, or on the PATH when no folder is given; null when it
 * is not there. Tools are spawned by their path so that `toolCommand` can run them below the API's
 * priority and tie them to the server's life (it leaves a bare name alone).
 */
export async function findExecutable(program: string, folder?: string): Promise<string | null> {
  const folders = folder ? [folder] : (process.env.PATH ?? '').split(path.delimiter).filter(Boolean);
  for (const dir of folders) {
    const candidate = path.resolve(dir, program);
    if (await isExecutable(candidate)) return candidate;
  }
  return null;
}
