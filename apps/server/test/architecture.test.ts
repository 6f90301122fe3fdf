import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { serverRoot } from '../src/platform/paths';

// The lint rule that keeps features apart (eslint.config.js) is checked here, so a change to the
// config or the resolver cannot silently turn it off.
const repositoryRoot = path.join(serverRoot(), '..', '..');
const eslint = new ESLint({ cwd: repositoryRoot });

async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repositoryRoot, file) });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'import/no-restricted-paths')
    .map((message) => message.message);
}

describe('architecture boundaries', () => {
  it("refuses a server module reaching into another module's files", async () => {
    const errors = await boundaryErrors(
      'apps/server/src/modules/health/probe.ts',
      "import { UsersRepository } from '../users/users.repository';\nexport const probe = UsersRepository;\n",
    );
    expect(errors).toEqual([expect.stringContaining("only through that module's index.ts")]);
  });

  it("allows a module to use another module's index", async () => {
    const errors = await boundaryErrors(
      'apps/server/src/modules/health/probe.ts',
      "import { UsersRepository } from '../users';\nexport const probe = UsersRepository;\n",
    );
    expect(errors).toEqual([]);
  });

  it('refuses the platform importing a module', async () => {
    const errors = await boundaryErrors(
      'apps/server/src/platform/probe.ts',
      "import { UsersRepository } from '../modules/users';\nexport const probe = UsersRepository;\n",
    );
    expect(errors).toHaveLength(1);
  });

  it('refuses shared web code importing a feature', async () => {
    const errors = await boundaryErrors(
      'apps/web/src/lib/probe.ts',
      "import { LandingPage } from '../features/landing';\nexport const probe = LandingPage;\n",
    );
    expect(errors).toHaveLength(1);
  });
});
