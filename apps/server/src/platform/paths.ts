import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package's folder, found by walking up from this file. The same code runs from
 * `src/` (tests, tsx) and from the bundled `dist/main.js`, so relative paths cannot be fixed.
 */
export function serverRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest)) {
      const { name } = JSON.parse(fs.readFileSync(manifest, 'utf8')) as { name?: string };
      if (name === '@reelcraft/server') return dir;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('Cannot find the @reelcraft/server package folder');
    dir = parent;
  }
}

export const migrationsFolder = (): string => path.join(serverRoot(), 'drizzle');
export const defaultWebDistDir = (): string => path.join(serverRoot(), '..', 'web', 'dist');
