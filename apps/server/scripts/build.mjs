// Bundles the server into dist/main.js, and the modules of its render threads next to it:
// dist/audio-worker.js (media/audio-work.ts starts it), dist/story-worker.js
// (providers/story-work.ts), dist/deck-worker.js (media/deck-import.ts) and the render process,
// dist/render-process.js (providers/render-process/render-process.ts). The workspace contract package (TypeScript source) is inlined; every
// npm dependency stays external and is loaded from node_modules at run time.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const external = Object.keys(manifest.dependencies ?? {}).filter((name) => !name.startsWith('@reelcraft/'));

fs.rmSync(path.join(root, 'dist'), { recursive: true, force: true });
await build({
  entryPoints: {
    main: path.join(root, 'src/main.ts'),
    'audio-worker': path.join(root, 'src/media/audio-worker.ts'),
    'story-worker': path.join(root, 'src/providers/story-worker.ts'),
    'deck-worker': path.join(root, 'src/media/deck-worker.ts'),
    'render-process': path.join(root, 'src/providers/render-process/render-process-main.ts'),
  },
  outdir: path.join(root, 'dist'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  logLevel: 'warning',
});
console.log(
  'Built apps/server/dist/main.js, audio-worker.js, story-worker.js, deck-worker.js and render-process.js',
);
