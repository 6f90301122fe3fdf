import { describe, expect, it } from 'vitest';
import { SessionChecks, type SessionCheck } from './session-checks';

const check = (at: number): SessionCheck => ({ id: 'user-1', tokensValidAfter: new Date(at) });

describe('session checks', () => {
  it('reuses a check for a few seconds, then reads the account again', async () => {
    let now = 0;
    const checks = new SessionChecks(() => now);
    let reads = 0;
    const load = async () => check(++reads);
    expect(await checks.get('user-1', load)).toEqual(check(1));
    now = 4_999;
    expect(await checks.get('user-1', load)).toEqual(check(1));
    now = 5_001;
    expect(await checks.get('user-1', load)).toEqual(check(2));
    expect(reads).toBe(2);
  });

  it('reads again at once after the sessions of the account ended', async () => {
    const checks = new SessionChecks(() => 0);
    await checks.get('user-1', async () => check(1));
    checks.drop('user-1');
    expect(await checks.get('user-1', async () => check(2))).toEqual(check(2));
  });

  it('does not keep a read that began before the sessions ended', async () => {
    const checks = new SessionChecks(() => 0);
    let finish!: (value: SessionCheck) => void;
    const stale = checks.get('user-1', () => new Promise((resolve) => (finish = resolve)));
    checks.drop('user-1');
    finish(check(1));
    expect(await stale).toEqual(check(1));
    expect(await checks.get('user-1', async () => check(2))).toEqual(check(2));
  });

  it('keeps no answer for a missing account', async () => {
    const checks = new SessionChecks(() => 0);
    expect(await checks.get('user-1', async () => undefined)).toBeUndefined();
    expect(await checks.get('user-1', async () => check(3))).toEqual(check(3));
  });
});
