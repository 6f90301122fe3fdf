import { describe, expect, it } from 'vitest';
import { subscriptionNoticeTexts } from './subscription-notices';

describe('subscription notices', () => {
  it('write dates as the web app does, not as ISO text', () => {
    const until = new Date('2026-12-24T00:00:00Z');
    expect(subscriptionNoticeTexts.renewed('Pro', until, 10).message).toBe(
      'Your Pro plan was renewed until December 24, 2026: 10 videos are ready to use.',
    );
    expect(subscriptionNoticeTexts.activated('Pro', until, 10).message).toContain('December 24, 2026');
    expect(subscriptionNoticeTexts.activated('Pro', until, 10).message).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  });
});
