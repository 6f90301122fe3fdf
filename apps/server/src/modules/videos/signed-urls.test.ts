import { describe, expect, it } from 'vitest';
import { SignedUrls } from './signed-urls';

describe('signed URLs', () => {
  it('hands the same URL out for a tenth of its lifetime, then signs a new one', async () => {
    let now = 0;
    let signed = 0;
    const urls = new SignedUrls(3600, () => now);
    const sign = async () => `url-${++signed}`;
    expect(await urls.get('a.mp4', 'A.mp4', sign)).toBe('url-1');
    now = 299_000;
    expect(await urls.get('a.mp4', 'A.mp4', sign)).toBe('url-1');
    // Another download name is another URL.
    expect(await urls.get('a.mp4', undefined, sign)).toBe('url-2');
    now = 300_001;
    expect(await urls.get('a.mp4', 'A.mp4', sign)).toBe('url-3');
  });

  it('keeps short-lived URLs only for a tenth of their life', async () => {
    let now = 0;
    const urls = new SignedUrls(60, () => now);
    let signed = 0;
    const sign = async () => `url-${++signed}`;
    await urls.get('b.jpg', undefined, sign);
    now = 6_001;
    expect(await urls.get('b.jpg', undefined, sign)).toBe('url-2');
  });
});
