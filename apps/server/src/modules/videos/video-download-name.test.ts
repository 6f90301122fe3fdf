import { describe, expect, it } from 'vitest';
import { videoDownloadName } from './video-download-name';

describe('videoDownloadName', () => {
  it('replaces every character that is not a letter or digit with an underscore', () => {
    expect(videoDownloadName('My trip: Paris & Rome!')).toBe('My_trip__Paris___Rome_.mp4');
    expect(videoDownloadName('Café 2025')).toBe('Caf__2025.mp4');
    expect(videoDownloadName('../../etc/passwd')).toBe('______etc_passwd.mp4');
  });

  it('counts an emoji as one character and keeps the extension of a long title', () => {
    expect(videoDownloadName('🎬 Reel')).toBe('__Reel.mp4');
    const name = videoDownloadName('x'.repeat(300));
    expect(name).toHaveLength(200);
    expect(name.endsWith('.mp4')).toBe(true);
  });

  it('names an empty title "video"', () => {
    expect(videoDownloadName('')).toBe('video.mp4');
  });
});
