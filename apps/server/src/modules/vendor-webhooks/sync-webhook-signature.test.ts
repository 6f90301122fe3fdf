import { describe, expect, it } from 'vitest';
import {
  signSyncNotice,
  SYNC_SIGNATURE_TOLERANCE_SECONDS,
  verifySyncSignature,
} from './sync-webhook-signature';

const NOW = 1_800_000_000;
const BODY = '{"result":{"id":"gen-1","status":"COMPLETED"}}';

describe("sync's webhook signature", () => {
  it('accepts the HMAC of the timestamp and the raw body', () => {
    expect(verifySyncSignature(signSyncNotice(BODY, 'secret', NOW), BODY, 'secret', NOW)).toBe(true);
  });

  it('refuses another secret, another body, a malformed header and none', () => {
    const signature = signSyncNotice(BODY, 'secret', NOW);
    expect(verifySyncSignature(signature, BODY, 'other', NOW)).toBe(false);
    expect(verifySyncSignature(signature, BODY.replace('gen-1', 'gen-2'), 'secret', NOW)).toBe(false);
    expect(verifySyncSignature('v1=abc', BODY, 'secret', NOW)).toBe(false);
    expect(verifySyncSignature(signature.replace(/v1=../, 'v1='), BODY, 'secret', NOW)).toBe(false);
    expect(verifySyncSignature(undefined, BODY, 'secret', NOW)).toBe(false);
  });

  it('refuses a notice sent outside the tolerance, so it cannot be replayed later', () => {
    const late = NOW + SYNC_SIGNATURE_TOLERANCE_SECONDS + 1;
    expect(verifySyncSignature(signSyncNotice(BODY, 'secret', NOW), BODY, 'secret', late)).toBe(false);
    expect(verifySyncSignature(signSyncNotice(BODY, 'secret', NOW), BODY, 'secret', NOW + 60)).toBe(true);
  });
});
