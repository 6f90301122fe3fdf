// The deck worker when the server runs from its TypeScript sources (tsx, vitest), as
// audio-worker-from-source.mjs does for the audio worker. The built server runs dist/deck-worker.js
// instead.
import { tsImport } from 'tsx/esm/api';

const worker = await tsImport('./deck-worker.ts', import.meta.url);

export default worker.default;
