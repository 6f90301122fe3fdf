/** Building blocks shared by the call files: ids, times, URLs, storage URIs, text-encoded fields. */
import { z } from 'zod';
import { LIST_MAX_LIMIT, SEED_MAX, SEED_MIN } from './constants';

/** Ids are opaque strings (the server uses UUIDs); a bound keeps junk out of queries. */
export const idSchema = z.string().min(1).max(128);
export const idParamsSchema = z.object({ id: idSchema });

/** Every time in an answer is an ISO 8601 string with an offset, as `Date.toISOString()` writes it. */
export const isoDateTimeSchema = z.iso.datetime({ offset: true });

export const httpUrlSchema = z.url({ protocol: /^https?$/ }).max(4096);

/**
 * A stored object's address (DESIGN.md section 3): `local://...`, `s3://...`, or `gs://...` for data
 * moved from the former cloud store. The server checks that the object belongs to the caller.
 */
export const storageUriSchema = z
  .string()
  .max(1024)
  .regex(/^(local|s3|gs):\/\/[^\s]+$/, 'Invalid storage URI');

/** An in-app route such as `/projects`: never another origin or a `javascript:` URL. */
const APP_ORIGIN = 'http://app.invalid';

/**
 * A path inside the app: it starts with one `/` and stays on this site however a browser reads it
 * (`//host` and `/\\host` are other sites to a browser, so a backslash is refused anywhere).
 */
function isAppPath(value: string): boolean {
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return false;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001F\u007F]/.test(value)) return false;
  try {
    return new URL(value, APP_ORIGIN).origin === APP_ORIGIN;
  } catch {
    return false;
  }
}

/** A path inside the app, normalised as a browser would resolve it (`/a/../b` is `/b`). */
export const appPathSchema = z
  .string()
  .max(2048)
  .refine(isAppPath, 'Must be a path inside the app')
  .transform((value) => {
    const url = new URL(value, APP_ORIGIN);
    return `${url.pathname}${url.search}${url.hash}`;
  });

/**
 * A URL the browser can load from this instance: absolute http(s), or a path on this server (local
 * storage signs paths). Browser-only addresses (blob:, data:) and other schemes are refused.
 */
export const mediaUrlSchema = z.union([httpUrlSchema, appPathSchema]);

export const seedSchema = z.number().int().min(SEED_MIN).max(SEED_MAX);

/** A number that may arrive as text (query strings, multipart fields). */
export function textNumber() {
  return z.coerce.number<number | string>();
}

/** A seed that may arrive as text. */
export const textSeedSchema = textNumber().pipe(seedSchema);

/** A boolean that may arrive as text: `true`/`false`, `1`/`0`, `yes`/`no`, `on`/`off`. */
export const textBooleanSchema = z.union([z.boolean(), z.stringbool()]);

/** `limit` of a list call: a text number, 1..LIST_MAX_LIMIT. */
export const limitQuerySchema = textNumber().pipe(z.number().int().min(1).max(LIST_MAX_LIMIT));
export const offsetQuerySchema = textNumber().pipe(z.number().int().min(0));

/** A multipart text field carrying JSON (lists and objects cannot travel as plain form fields). */
export function jsonText<T extends z.ZodType>(schema: T) {
  return z
    .string()
    .transform((text, ctx): unknown => {
      try {
        return JSON.parse(text);
      } catch {
        ctx.addIssue({ code: 'custom', message: 'Must be valid JSON' });
        return z.NEVER;
      }
    })
    .pipe(schema);
}

/** `{message}`: the answer of calls that only confirm. */
export const messageAnswerSchema = z.object({ message: z.string() });
export type MessageAnswer = z.infer<typeof messageAnswerSchema>;

/** The answer of a delete: what was deleted and when. */
export const deletedAnswerSchema = z.object({ id: idSchema, deleted_at: isoDateTimeSchema });
export type DeletedAnswer = z.infer<typeof deletedAnswerSchema>;

/** Free-form metadata of chat answers and assets. */
export const metadataSchema = z.record(z.string(), z.unknown());

/** Answers that are not JSON: the body is the file itself (OpenAPI `format: binary`). */
export const binaryAnswerSchema = z.string().meta({ format: 'binary', description: 'The file itself' });

/** A redirect has no body; the target is in the Location header. */
export const redirectAnswerSchema = z.null().meta({ description: 'No body: see the Location header' });

/** The idempotency key header of studio calls that start paid work (Fastify lower-cases header names). */
export const idempotencyHeadersSchema = z.object({
  'x-idempotency-key': z.string().min(8).max(128).optional(),
});
