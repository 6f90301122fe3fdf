import { createHmac, timingSafeEqual } from 'node:crypto';

/** A notice older (or newer) than this is refused, so a captured one cannot be replayed later. */
export const SYNC_SIGNATURE_TOLERANCE_SECONDS = 5 * 60;

/**
 * Checks sync's `Sync-Signature` header (`t=<unix seconds>,v1=<hex HMAC-SHA256>`): the HMAC of
 * `<t>.<raw body>` with the webhook signing secret, sent within the tolerance.
 */
export function verifySyncSignature(
  header: string | undefined,
  rawBody: string,
  secret: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): boolean {
  const match = /(?:^|,)\s*t=(\d+)\s*,\s*v1=([0-9a-f]+)\s*$/i.exec(header ?? '');
  if (!match) return false;
  const [, timestamp, received] = match as unknown as [string, string, string];
  if (Math.abs(nowSeconds - Number(timestamp)) > SYNC_SIGNATURE_TOLERANCE_SECONDS) return false;
  const expected = createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest();
  const given = Buffer.from(received, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Signs a body as sync does (for tests and local trials). */
export function signSyncNotice(rawBody: string, secret: string, nowSeconds = Math.floor(Date.now() / 1000)) {
  const digest = createHmac('sha256', secret).update(`${nowSeconds}.${rawBody}`).digest('hex');
  return `t=${nowSeconds},v1=${digest}`;
}
