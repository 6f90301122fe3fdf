// One lint setup for every workspace. Formatting is Prettier's job (eslint-config-prettier turns off
// the rules that would fight it); this file holds correctness rules and the architecture boundaries.
import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = path.dirname(new URL(import.meta.url).pathname);

function folders(dir) {
  const full = path.join(root, dir);
  if (!fs.existsSync(full)) return [];
  return fs
    .readdirSync(full, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
}

// A feature (web) or module (server) may not reach into another one's files. Server modules talk
// through the other module's public `index.ts`; web features go through the API or shared code.
// Generated from the folders, so a new feature is covered without editing this file.
const webFeatures = folders('apps/web/src/features');
const serverModules = folders('apps/server/src/modules');
function boundaryZones({ schemaFiles }) {
  return [
    ...webFeatures.map((feature) => ({
      target: `./apps/web/src/features/${feature}`,
      from: './apps/web/src/features',
      except: [`./${feature}`],
      message: 'A feature does not import another feature: share through components/ or lib/.',
    })),
    ...serverModules.map((module) => ({
      target: `./apps/server/src/modules/${module}`,
      from: './apps/server/src/modules',
      except: [
        `./${module}`,
        ...serverModules
          .filter((m) => m !== module)
          .flatMap((m) => (schemaFiles ? [`./${m}/index.ts`, `./${m}/${m}.schema.ts`] : [`./${m}/index.ts`])),
      ],
      message: "A module uses another module only through that module's index.ts.",
    })),
    // Dependencies point one way: shared code never imports features or the app shell.
    {
      target: ['./apps/web/src/components', './apps/web/src/lib'],
      from: ['./apps/web/src/features', './apps/web/src/app'],
      message: 'Shared code (components/, lib/) must not depend on features or the app.',
    },
    // The app shell composes the features (routes, layout): a feature never reaches up into it.
    {
      target: './apps/web/src/features',
      from: './apps/web/src/app',
      message: 'A feature does not import the app shell: share through components/ or lib/.',
    },
    {
      target: './apps/server/src/platform',
      from: './apps/server/src/modules',
      message: 'The platform layer must not depend on feature modules.',
    },
  ];
}

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'apps/server/drizzle/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    plugins: { import: importPlugin },
    settings: {
      // Resolve extensionless TypeScript imports, or the boundary rule cannot see where they point.
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } },
      // ...and parse them with the TypeScript parser, or import/no-cycle cannot follow them.
      'import/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'import/no-restricted-paths': [
        'error',
        { basePath: root, zones: boundaryZones({ schemaFiles: false }) },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // Type-aware rules: a promise nobody awaits loses its error (and, in a job, its order).
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: {
        // The root's config files belong to no workspace's tsconfig.
        projectService: { allowDefaultProject: ['vitest.config.ts', 'playwright.config.ts'] },
        tsconfigRootDir: root,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    // A table may reference another module's table (a foreign key is the database's relation, not
    // a use of that module): schema files, and only they, import other modules' schema files.
    files: ['apps/server/src/modules/*/*.schema.ts'],
    rules: {
      'import/no-restricted-paths': [
        'error',
        { basePath: root, zones: boundaryZones({ schemaFiles: true }) },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The server's import graph is checked for cycles by test/architecture.test.ts; the web's here.
      // Type-only imports count too: a cycle of types is still two files that cannot be read apart.
      'import/no-cycle': ['error', { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: false }],
    },
  },
  {
    // Test fixtures (src/test/) are for tests: production code never imports them.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/test/**', 'apps/web/src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/test/*'], message: 'Test fixtures are for tests only.' }] },
      ],
    },
  },
  {
    files: ['**/scripts/**', 'bench/**', '.ci/**'],
    rules: { 'no-console': 'off' },
  },
  prettier,
);
