// The render process when the server runs from its TypeScript sources (tsx, vitest). tsx is
// registered for the whole process (not `tsImport`, whose module URLs carry a query, so the render
// threads' `import.meta.url.endsWith('.ts')` would look for built files). The built server runs
// dist/render-process.js instead.
import { register } from 'tsx/esm/api';

register();
await import('./render-process-main.ts');
