import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // Ceilings, not aims: a test waits on events and states, and a busy 2-core machine (CI beside other
    // work, load 10-20) may take many times longer than a quiet one. Speed is measured by `npm run bench`.
    testTimeout: 300_000,
    hookTimeout: 300_000,
    pool: 'forks',
  },
});
