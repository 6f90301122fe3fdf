import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

const isRunning = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * This process's folder for temporary media files, `<root>/<host>-<pid>`, made empty. Folders left
 * in `root` by processes of this host that no longer run (killed mid-render) are removed: a crash
 * leaves nothing behind for long (issue 19). Folders of running processes, or of other hosts sharing
 * the root, are left alone.
 */
export async function prepareWorkFolder(root: string): Promise<string> {
  const host = os.hostname().replace(/[^\w.-]/g, '_');
  await fs.mkdir(root, { recursive: true });
  const pattern = new RegExp(`^${host.replace(/[.]/g, '\\.')}-(\\d+)$`);
  for (const entry of await fs.readdir(root)) {
    const pid = Number(pattern.exec(entry)?.[1]);
    if (pid && (pid === process.pid || !isRunning(pid))) {
      await fs.rm(path.join(root, entry), { recursive: true, force: true });
    }
  }
  const own = path.join(root, `${host}-${process.pid}`);
  await fs.mkdir(own, { recursive: true });
  return own;
}
