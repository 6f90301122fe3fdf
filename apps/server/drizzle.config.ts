import { defineConfig } from 'drizzle-kit';

// One schema and one migration set for PGlite and PostgreSQL: each module keeps its tables in
// `<module>.schema.ts`, gathered by `src/db-schema.ts`; `npm run db:generate -w @reelcraft/server`
// writes a migration here.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db-schema.ts',
  out: './drizzle',
});
