import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  MAX_TIMER_DELAY_MS,
  planTokenCheck,
  recheckDelay,
  watchTokenLifetime,
  type Timers,
  type TokenValidation,
} from './token-lifetime';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const start = Date.UTC(2025, 0, 1, 12, 0, 0);

// The fake clock of vitest drives both Date.now and the timers, so "now" and "when the timer fires"
// cannot drift apart in these tests.
const fakeTimers: Timers = {
  now: () => Date.now(),
  setTimeout: (callback, delay) => setTimeout(callback, delay),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(start);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('planTokenCheck', () => {
  it('counts a token as expired 60 s before its expiry', () => {
    const expiresAt = start + 60 * SECOND;
    expect(planTokenCheck(expiresAt, start)).toEqual({ action: 'expire' });
    expect(planTokenCheck(expiresAt, start - 1)).toEqual({ action: 'validate' });
  });

  it('validates at once a token within 300 s of expiry', () => {
    expect(planTokenCheck(start + 300 * SECOND, start)).toEqual({ action: 'validate' });
    expect(planTokenCheck(start + 61 * SECOND, start)).toEqual({ action: 'validate' });
  });

  it('waits until 300 s before expiry otherwise', () => {
    expect(planTokenCheck(start + 3600 * SECOND, start)).toEqual({
      action: 'wait',
      delayMs: 3300 * SECOND,
    });
    expect(planTokenCheck(start + 301 * SECOND, start)).toEqual({ action: 'wait', delayMs: SECOND });
  });

  it('never asks for a timer longer than a browser can hold', () => {
    const inAYear = start + 365 * 24 * 3600 * SECOND;
    expect(planTokenCheck(inAYear, start)).toEqual({ action: 'wait', delayMs: MAX_TIMER_DELAY_MS });
  });
});

describe('recheckDelay', () => {
  it('rechecks in 60 s, or when the token starts to count as expired if that comes first', () => {
    expect(recheckDelay(start + 300 * SECOND, start)).toBe(60 * SECOND);
    expect(recheckDelay(start + 90 * SECOND, start)).toBe(30 * SECOND);
    expect(recheckDelay(start + 30 * SECOND, start)).toBe(0);
  });
});

describe('watchTokenLifetime', () => {
  function watch(expiresInMs: number, answers: TokenValidation[] | (() => Promise<TokenValidation>)) {
    const queue = Array.isArray(answers) ? [...answers] : null;
    const validate = vi.fn(
      Array.isArray(answers) ? () => Promise.resolve(queue?.shift() ?? 'valid') : answers,
    );
    const onEnd = vi.fn();
    const watcher = watchTokenLifetime({
      expiresAt: start + expiresInMs,
      validate,
      onEnd,
      timers: fakeTimers,
    });
    return { validate, onEnd, watcher };
  }

  it('does nothing until 300 s before expiry, then validates', async () => {
    const { validate, onEnd } = watch(3600 * SECOND, ['valid']);

    await vi.advanceTimersByTimeAsync(3300 * SECOND - 1);
    expect(validate).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(1);
    expect(validate).toHaveBeenCalledTimes(1);
    expect(onEnd).not.toHaveBeenCalled();
  });

  it('validates at once a token already within 300 s of expiry', async () => {
    const { validate } = watch(200 * SECOND, ['valid']);
    await vi.advanceTimersByTimeAsync(0);
    expect(validate).toHaveBeenCalledTimes(1);
  });

  it('rechecks every 60 s inside the window and ends the session when the token counts as expired', async () => {
    const { validate, onEnd } = watch(3600 * SECOND, []);

    await vi.advanceTimersByTimeAsync(3300 * SECOND); // 300 s left: first validation
    expect(validate).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(60 * SECOND); // 240 s left
    expect(validate).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(60 * SECOND); // 180 s left
    await vi.advanceTimersByTimeAsync(60 * SECOND); // 120 s left
    expect(validate).toHaveBeenCalledTimes(4);
    expect(onEnd).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(60 * SECOND - 1); // 60 s + 1 ms left
    expect(onEnd).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1); // 60 s left: counts as expired
    expect(onEnd).toHaveBeenCalledExactlyOnceWith('expired');
    expect(validate).toHaveBeenCalledTimes(4);

    await vi.advanceTimersByTimeAsync(10 * MINUTE);
    expect(onEnd).toHaveBeenCalledTimes(1);
  });

  it('ends the session at once when the server refuses the token', async () => {
    const { validate, onEnd } = watch(250 * SECOND, ['rejected']);
    await vi.advanceTimersByTimeAsync(0);
    expect(validate).toHaveBeenCalledTimes(1);
    expect(onEnd).toHaveBeenCalledExactlyOnceWith('rejected');

    await vi.advanceTimersByTimeAsync(5 * MINUTE);
    expect(validate).toHaveBeenCalledTimes(1);
  });

  it('keeps the session when the server cannot be reached, and checks again in 60 s', async () => {
    const { validate, onEnd } = watch(250 * SECOND, ['unreachable', 'rejected']);
    await vi.advanceTimersByTimeAsync(0);
    expect(onEnd).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(60 * SECOND);
    expect(validate).toHaveBeenCalledTimes(2);
    expect(onEnd).toHaveBeenCalledExactlyOnceWith('rejected');
  });

  it('treats a validation that throws as unreachable', async () => {
    const { onEnd, validate } = watch(250 * SECOND, () => Promise.reject(new Error('boom')));
    await vi.advanceTimersByTimeAsync(0);
    expect(onEnd).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(60 * SECOND);
    expect(validate).toHaveBeenCalledTimes(2);
  });

  it('ends a token that is already expired without asking the server', async () => {
    const { validate, onEnd } = watch(30 * SECOND, []);
    await vi.advanceTimersByTimeAsync(0);
    expect(validate).not.toHaveBeenCalled();
    expect(onEnd).toHaveBeenCalledExactlyOnceWith('expired');
  });

  it('ends the session on time even when a validation answers late', async () => {
    let answer: (result: TokenValidation) => void = () => undefined;
    const { onEnd } = watch(100 * SECOND, () => new Promise((resolve) => (answer = resolve)));
    await vi.advanceTimersByTimeAsync(50 * SECOND); // 50 s left: inside the buffer already
    answer('valid');
    await vi.advanceTimersByTimeAsync(0);
    expect(onEnd).toHaveBeenCalledExactlyOnceWith('expired');
  });

  it('stops: no more validations and no end after stop()', async () => {
    const { validate, onEnd, watcher } = watch(400 * SECOND, []);
    watcher.stop();
    await vi.advanceTimersByTimeAsync(10 * MINUTE);
    expect(validate).not.toHaveBeenCalled();
    expect(onEnd).not.toHaveBeenCalled();
  });

  it('re-plans from the clock on checkNow(), e.g. after the computer slept through a timer', async () => {
    const { validate, watcher } = watch(3600 * SECOND, ['valid']);
    // The clock jumps as after a sleep; the pending 55-minute timer has not fired.
    vi.setSystemTime(start + 3400 * SECOND);
    watcher.checkNow();
    await vi.advanceTimersByTimeAsync(0);
    expect(validate).toHaveBeenCalledTimes(1);
  });
});
