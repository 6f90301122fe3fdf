import { describe, expect, it } from 'vitest';
import type { Notification } from '@reelcraft/contract';
import { notificationEventData } from './notification-event';

const notification: Notification = {
  id: '6f1c7f55-4a53-4d1d-9a55-0f3c1c4e8f10',
  title: 'Video ready',
  message: 'Your video is ready',
  status: 'completed',
  read: false,
  timestamp: '2026-03-01T10:15:00.000Z',
  link: '/projects',
  video_id: null,
  session_id: 'session-1',
};
const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value));

describe('notificationEventData', () => {
  it('sends a notification that fits as it is', () => {
    expect(notificationEventData(notification)).toEqual(notification);
  });

  it('clips the message (whole characters, with an ellipsis) to fit, and says so', () => {
    const big = { ...notification, message: '€'.repeat(2000) };
    const data = notificationEventData(big, 1000);
    expect(bytes(data)).toBeLessThanOrEqual(1000);
    expect(bytes(data)).toBeGreaterThan(990);
    expect(data).toMatchObject({ title: 'Video ready', link: '/projects', truncated: true });
    expect(data.message).toMatch(/^€+…$/);
  });

  it('clips the title next and drops the link as a last resort', () => {
    const huge = {
      ...notification,
      title: 'T'.repeat(300),
      message: 'M'.repeat(300),
      link: `/${'l'.repeat(600)}`,
    };
    const data = notificationEventData(huge, 500);
    expect(bytes(data)).toBeLessThanOrEqual(500);
    expect(data).toMatchObject({ message: '', title: '', link: null, truncated: true, id: notification.id });
  });
});
