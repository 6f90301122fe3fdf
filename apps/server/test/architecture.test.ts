import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { serverRoot } from '../src/platform/paths';

// The lint rule that keeps features apart (eslint.config.js) is checked here, so a change to the
// config or the resolver cannot silently turn it off.
const repositoryRoot = path.join(serverRoot(), '..', '..');
// The probes below are not files of any tsconfig: lint them without type information.
const withoutTypes = {
  languageOptions: { parserOptions: { projectService: false } },
  rules: {
    '@typescript-eslint/no-floating-promises': 'off',
    '@typescript-eslint/no-misused-promises': 'off',
  },
} as const;
// Text probes are no files on disk, which import/no-cycle cannot follow (it fails on them): the
// cycle rule is proved on files of its own below.
const eslint = new ESLint({
  cwd: repositoryRoot,
  overrideConfig: { ...withoutTypes, rules: { ...withoutTypes.rules, 'import/no-cycle': 'off' } },
});

async function ruleErrors(rule: string, file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repositoryRoot, file) });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === rule)
    .map((message) => message.message);
}

const boundaryErrors = (file: string, code: string) => ruleErrors('import/no-restricted-paths', file, code);

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

// --- The import graph of the server (issue: one composition root, floors pointing one way). ---

const sourceRoot = path.join(serverRoot(), 'src');

/**
 * Every source file below `root` (tests excluded) with the files below `root` it imports, type-only
 * imports included (import/no-cycle skips those, so the web's cycles of types are caught here).
 */
function importGraph(root: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const files = fs
    .readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.endsWith('.d.ts'));
  for (const file of files) {
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    const targets: string[] = [];
    for (const match of text.matchAll(/^(?:import|export)\s[^;]*?from\s+'(\.{1,2}\/[^']+)'/gms)) {
      const base = path.join(path.dirname(file), match[1]!);
      const resolved = [
        `${base}.ts`,
        `${base}.tsx`,
        path.join(base, 'index.ts'),
        path.join(base, 'index.tsx'),
      ].find((candidate) => fs.existsSync(path.join(root, candidate)));
      if (resolved) targets.push(resolved);
    }
    graph.set(file, targets);
  }
  return graph;
}

/** Each cycle of the graph, as `a -> b -> a`. */
function cyclesOf(graph: Map<string, string[]>): string[] {
  const cycles: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const visit = (file: string, trail: string[]) => {
    if (state.get(file) === 'done') return;
    if (state.get(file) === 'open') {
      cycles.push([...trail.slice(trail.indexOf(file)), file].join(' -> '));
      return;
    }
    state.set(file, 'open');
    for (const target of graph.get(file) ?? []) visit(target, [...trail, file]);
    state.set(file, 'done');
  };
  for (const file of graph.keys()) visit(file, []);
  return cycles;
}

it('the web app has no import cycles, of values or of types', () => {
  expect(cyclesOf(importGraph(path.join(repositoryRoot, 'apps/web/src')))).toEqual([]);
});

const floorOf = (file: string) => file.split(path.sep)[0]!.replace(/\.ts$/, '');

describe('web lint rules', () => {
  it('refuses a web feature importing the app shell', async () => {
    const errors = await boundaryErrors(
      'apps/web/src/features/landing/probe.ts',
      "import { RootLayout } from '../../app/root-layout';\nexport const probe = RootLayout;\n",
    );
    expect(errors).toEqual([expect.stringContaining('does not import the app shell')]);
  });

  it('refuses production web code importing test fixtures, and lets tests do it', async () => {
    const code = "import { testUser } from '../../test/fake-api';\nexport const probe = testUser;\n";
    expect(await ruleErrors('no-restricted-imports', 'apps/web/src/features/landing/probe.ts', code)).toEqual(
      [expect.stringContaining('Test fixtures are for tests only')],
    );
    expect(
      await ruleErrors('no-restricted-imports', 'apps/web/src/features/landing/probe.test.ts', code),
    ).toEqual([]);
  });

  it('refuses an import cycle in the web app (cycles of types: the import graph test below)', async () => {
    // A cycle needs both files on disk: two probes in a folder of their own, removed afterwards.
    const folder = fs.mkdtempSync(path.join(repositoryRoot, 'apps/web/src/lib/cycle-probe-'));
    try {
      fs.writeFileSync(path.join(folder, 'a.ts'), "import { b } from './b';\nexport const a = () => b;\n");
      fs.writeFileSync(path.join(folder, 'b.ts'), "import { a } from './a';\nexport const b = () => a;\n");
      const results = await new ESLint({ cwd: repositoryRoot, overrideConfig: withoutTypes }).lintFiles([
        folder,
      ]);
      const cycles = results.flatMap((result) =>
        result.messages
          .filter((message) => message.ruleId === 'import/no-cycle')
          .map(() => path.basename(result.filePath)),
      );
      expect(cycles.sort()).toEqual(['a.ts', 'b.ts']);
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe('the import graph', () => {
  const graph = importGraph(sourceRoot);

  it('has no cycles', () => {
    expect(cyclesOf(graph)).toEqual([]);
  });

  it('keeps the bottom floor (configuration, platform) free of providers, modules and the root', () => {
    const bottom = new Set(['config', 'platform']);
    const upward = [...graph].flatMap(([file, targets]) =>
      bottom.has(floorOf(file))
        ? targets.filter((target) => !bottom.has(floorOf(target))).map((target) => `${file} -> ${target}`)
        : [],
    );
    expect(upward).toEqual([]);
  });

  it('keeps providers below the modules', () => {
    const upward = [...graph].flatMap(([file, targets]) =>
      floorOf(file) === 'providers'
        ? targets.filter((target) => ['modules', 'services', 'app'].includes(floorOf(target)))
        : [],
    );
    expect(upward).toEqual([]);
  });

  it('builds each service and repository in one place: the composition root and the module factories it calls', () => {
    const constructions = [...graph.keys()].flatMap((file) => {
      const text = fs.readFileSync(path.join(sourceRoot, file), 'utf8');
      const found = [...text.matchAll(/new (\w+(?:Service|Repository))\(/g)].map((match) => match[1]!);
      return found.map((name) => ({ file, name }));
    });
    const misplaced = constructions.filter(
      ({ file }) =>
        // The platform builds the infrastructure (tokens, storage, queue) once, in createPlatform.
        !['services.ts', 'platform/platform.ts'].includes(file) &&
        !/^modules\/[\w-]+\/create-[\w-]+\.ts$/.test(file),
    );
    expect(misplaced).toEqual([]);
    // Each class is built by exactly one line of code.
    const byName = new Map<string, number>();
    for (const { name } of constructions) byName.set(name, (byName.get(name) ?? 0) + 1);
    expect([...byName].filter(([, count]) => count > 1)).toEqual([]);
    // The module factories are called only by the composition root.
    const factoryCalls = [...graph.keys()].filter(
      (file) =>
        file !== 'services.ts' &&
        /\bcreate\w+Services?\(/.test(
          fs.readFileSync(path.join(sourceRoot, file), 'utf8').replace(/export function create\w+/g, ''),
        ),
    );
    expect(factoryCalls).toEqual([]);
  });

  it('lets module indexes export neither repositories nor tables', () => {
    const leaks = [...graph.keys()]
      .filter((file) => /^modules\/[\w-]+\/index\.ts$/.test(file))
      .flatMap((file) => {
        const text = fs.readFileSync(path.join(sourceRoot, file), 'utf8');
        return [...text.matchAll(/export (type )?\{([^}]*)\} from '([^']+)'/g)].flatMap(
          ([, typeOnly, names, source]) =>
            names!
              .split(',')
              .map((name) => name.trim())
              .filter((name) => name && !typeOnly && !name.startsWith('type '))
              .filter((name) => /Repository$/.test(name) || source!.endsWith('.schema'))
              .map((name) => `${file}: ${name}`),
        );
      });
    expect(leaks).toEqual([]);
  });
});
