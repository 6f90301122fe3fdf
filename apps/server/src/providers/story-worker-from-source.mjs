// The story worker when the server runs from its TypeScript sources (tsx, vitest), as
// media/audio-worker-from-source.mjs does for the audio worker. The built server runs
// dist/story-worker.js instead.
import { tsImport } from 'tsx/esm/api';

const worker = await tsImport('./story-worker.ts', import.meta.url);

export default worker.default;
