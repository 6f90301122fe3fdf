import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type ProxyOptions } from 'vite';

/** Text files worth compressing, and the size below which compression gains nothing. */
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt)$/;
const MIN_COMPRESS_BYTES = 1024;

/**
 * Writes a Brotli (`.br`) and a gzip (`.gz`) copy of every text file of the build, once, at the
 * best compression: the server sends the copy the browser accepts without compressing per request.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'reelcraft-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const files = fs.readdirSync(outDir, { recursive: true, encoding: 'utf8' });
      for (const name of files) {
        const file = path.join(outDir, name);
        if (!COMPRESSIBLE.test(name) || !fs.statSync(file).isFile()) continue;
        const data = fs.readFileSync(file);
        if (data.length < MIN_COMPRESS_BYTES) continue;
        fs.writeFileSync(
          `${file}.br`,
          zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
      }
    },
  };
}

/**
 * Screens that a visit often starts on, though they are lazy routes: the sign-in screen's feature,
 * keyed by the paths that show it first (src/app/routes.tsx).
 */
const FIRST_SCREENS: Record<string, string> = {
  '/login': 'src/features/auth/index.ts',
  '/reset-password': 'src/features/auth/index.ts',
};

/**
 * Adds a small script to index.html that, on a path of FIRST_SCREENS, preloads that screen's chunks
 * (the ones the entry does not load already) while the entry downloads. Without it a first visit to
 * /login fetches the sign-in chunk only once the router has started: one more round trip before the
 * form shows. Every other path, `/` included, downloads nothing more.
 */
function preloadFirstScreens(): Plugin {
  return {
    name: 'reelcraft-preload-first-screens',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle, chunk: entry }) {
        if (!bundle || !entry) return html;
        const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
        const byFileName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const staticClosure = (start: string[]) => {
          const seen = new Set<string>();
          const pending = [...start];
          for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
            if (seen.has(name)) continue;
            seen.add(name);
            pending.push(...(byFileName.get(name)?.imports ?? []));
          }
          return seen;
        };
        const loadedByEntry = staticClosure([entry.fileName]);
        const files: Record<string, string[]> = {};
        for (const [pagePath, module] of Object.entries(FIRST_SCREENS)) {
          const screen = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(module));
          if (!screen) throw new Error(`No chunk for ${module}: is it still a lazy route?`);
          files[pagePath] = [...staticClosure([screen.fileName])]
            .filter((name) => !loadedByEntry.has(name))
            .map((name) => `/${name}`);
        }
        // ES5 like the theme script; the server allows it by its hash (apps/server web-app.ts).
        const script = `(function () {
  var files = ${JSON.stringify(files)}[location.pathname] || [];
  for (var i = 0; i < files.length; i++) {
    var link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = files[i];
    document.head.appendChild(link);
  }
})();`;
        // Before the stylesheet: an inline script after it would wait for the stylesheet to load.
        const moduleScript = html.indexOf('<script type="module"');
        if (moduleScript < 0) throw new Error('index.html has no module script to preload beside');
        return `${html.slice(0, moduleScript)}<script>${script}</script>\n    ${html.slice(moduleScript)}`;
      },
    },
  };
}

// In development the API runs on its own port; the browser still talks to one origin.
const API_ORIGIN = 'http://localhost:3000';
const proxy: Record<string, ProxyOptions> = {
  '/api': { target: API_ORIGIN, changeOrigin: true },
  '/ws': { target: API_ORIGIN, ws: true, changeOrigin: true },
};

export default defineConfig({
  plugins: [react(), tailwindcss(), preloadFirstScreens(), precompress()],
  server: { proxy },
  preview: { proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The libraries change far less often than the app: in a chunk of their own they stay cached
    // across releases. Screens are split per route by the lazy routes in src/app/routes.tsx.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'vendor',
              // zod's configuration goes with zod: the chunks holding the contract's schemas import
              // this one, so it runs before any schema is built (src/lib/zod-jitless.ts).
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|zod)[\\/]|src[\\/]lib[\\/]zod-jitless\.ts$/,
            },
          ],
        },
      },
    },
  },
});
