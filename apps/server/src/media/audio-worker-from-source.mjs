// The audio worker when the server runs from its TypeScript sources (tsx, vitest): worker threads
// do not inherit a test runner's TypeScript loading, so the worker is loaded through tsx's API. The
// built server runs dist/audio-worker.js instead and never loads this file.
import { tsImport } from 'tsx/esm/api';

const worker = await tsImport('./audio-worker.ts', import.meta.url);

export default worker.default;
