import { z } from 'zod';

/**
 * The zod pieces that more than one file of the environment schema uses (server-config.ts,
 * billing-config.ts, provider-config.ts), written once so that a yes/no variable, a list or a
 * vendor's URL reads the same way whichever file declares it.
 */

/** A yes/no variable: true, 1 or yes turn it on; false, 0 or no turn it off; anything else is refused. */
export const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** A comma-separated list; blanks around the items and empty items are dropped. */
export const commaList = z.string().transform((value) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean),
);

/** A plain-http URL of this machine (a local fake or identity provider for tests or demos). */
export function isLoopbackHttp(value: string): boolean {
  const url = new URL(value);
  return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

/**
 * A vendor's or payment provider's address: plain http is accepted only for a server on this machine
 * (a fake vendor or provider in tests).
 */
export const httpsOrLoopbackUrl = z
  .url()
  .refine(
    (value) => new URL(value).protocol === 'https:' || isLoopbackHttp(value),
    'must be an https:// URL (http:// only for a server on this machine)',
  );
