import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatRelativeTime } from './relative-time';

const now = Date.UTC(2025, 5, 15, 12, 0, 0);
const minutes = (n: number) => new Date(now - n * 60_000).toISOString();
const hours = (n: number) => minutes(n * 60);
const days = (n: number) => hours(n * 24);

describe('formatRelativeTime', () => {
  it.each([
    ['0 s', minutes(0), 'just now'],
    ['59 min 59 s', new Date(now - 3_599_999).toISOString(), 'just now'],
    ['exactly 1 hour', hours(1), '1 hour ago'],
    ['1 h 59 min', minutes(119), '1 hour ago'],
    ['2 hours', hours(2), '2 hours ago'],
    ['23 h 59 min', minutes(24 * 60 - 1), '23 hours ago'],
    ['exactly 24 hours', hours(24), '1 day ago'],
    ['47 hours', hours(47), '1 day ago'],
    ['2 days', days(2), '2 days ago'],
    ['400 days', days(400), '400 days ago'],
  ])('%s ago reads "%s"', (_age, timestamp, expected) => {
    expect(formatRelativeTime(timestamp, now)).toBe(expected);
  });

  it('reads a time slightly in the future (clock skew) as just now', () => {
    expect(formatRelativeTime(new Date(now + 30_000).toISOString(), now)).toBe('just now');
  });

  it('takes dates and epoch milliseconds too', () => {
    expect(formatRelativeTime(new Date(now - 3 * 3_600_000), now)).toBe('3 hours ago');
    expect(formatRelativeTime(now - 5 * 86_400_000, now)).toBe('5 days ago');
  });

  it('answers nothing for an unreadable time', () => {
    expect(formatRelativeTime('not a date', now)).toBe('');
  });
});

describe('formatDate and formatDateTime', () => {
  it('write a date one way, month in words: December 23, 2026', () => {
    expect(formatDate(new Date(2026, 11, 23, 12))).toBe('December 23, 2026');
    expect(formatDate('2026-12-23T12:00:00')).toBe('December 23, 2026');
    expect(formatDateTime(new Date(2026, 11, 23, 10, 5))).toBe('December 23, 2026 at 10:05 AM');
    expect(formatDate('not a date')).toBe('');
  });
});
