import { config } from 'zod';

// The server's Content-Security-Policy forbids eval, so zod's compiled parsers can never run in the
// browser; saying so up front skips zod's probe for eval, which the browser reports as a CSP
// violation on every page load. It must run before any schema is built: the build puts this module
// in the vendor chunk, right after zod (vite.config.ts), and main.tsx imports it first.
config({ jitless: true });
