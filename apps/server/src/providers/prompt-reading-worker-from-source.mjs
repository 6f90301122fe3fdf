// The prompt reader's worker module when the server runs from its TypeScript sources (tsx, vitest),
// as media/audio-worker-from-source.mjs does for the audio worker. The built server runs
// dist/prompt-reading-worker.js instead.
import { tsImport } from 'tsx/esm/api';

const worker = await tsImport('./prompt-reading-worker.ts', import.meta.url);

export default worker.default;
