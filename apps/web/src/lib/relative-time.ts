import { RELATIVE_TIME_HOURS_UNTIL_MS, RELATIVE_TIME_JUST_NOW_UNTIL_MS } from '@reelcraft/contract';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * How long ago `timestamp` was, as the spec words it (spec 000 section 9, spec 001 section 9): under
 * 1 hour "just now", under 24 hours in whole hours ("1 hour ago", "5 hours ago"), otherwise in whole
 * days ("1 day ago", "12 days ago"). A time in the future (a clock a little ahead) reads "just now";
 * an unreadable one reads as nothing.
 */
export function formatRelativeTime(timestamp: string | number | Date, now: number = Date.now()): string {
  const time = timestamp instanceof Date ? timestamp.getTime() : new Date(timestamp).getTime();
  if (Number.isNaN(time)) return '';
  const age = now - time;
  if (age < RELATIVE_TIME_JUST_NOW_UNTIL_MS) return 'just now';
  if (age < RELATIVE_TIME_HOURS_UNTIL_MS) {
    const hours = Math.floor(age / HOUR_MS);
    return `${hours} ${hours === 1 ? 'hour' : 'hours'} ago`;
  }
  const days = Math.floor(age / DAY_MS);
  return `${days} ${days === 1 ? 'day' : 'days'} ago`;
}

// One way to write a calendar date across the app: "December 23, 2026" (not 2026-12-23, not the
// browser's 12/23/2026), and with a time "December 23, 2026 at 10:05 AM".
const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

function toDate(timestamp: string | number | Date): Date | null {
  const date = timestamp instanceof Date ? timestamp : new Date(timestamp);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "December 23, 2026" in the user's time zone; an unreadable timestamp reads as nothing. */
export function formatDate(timestamp: string | number | Date): string {
  const date = toDate(timestamp);
  return date ? dateFormat.format(date) : '';
}

/** "December 23, 2026 at 10:05 AM" in the user's time zone; an unreadable timestamp reads as nothing. */
export function formatDateTime(timestamp: string | number | Date): string {
  const date = toDate(timestamp);
  return date ? dateTimeFormat.format(date) : '';
}
