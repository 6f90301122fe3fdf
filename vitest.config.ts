import { defineConfig } from 'vitest/config';

// One runner for every workspace: `npm run test:unit` runs all three projects.
export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/server', 'apps/web'],
  },
});
