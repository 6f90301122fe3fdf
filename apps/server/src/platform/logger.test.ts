import { describe, expect, it } from 'vitest';
import { redactQuerySecrets } from './logger';

describe('redactQuerySecrets', () => {
  it('takes secret query values out of a logged URL and keeps the rest', () => {
    expect(redactQuerySecrets('/ws?token=abc.def&x=1')).toBe('/ws?token=[redacted]&x=1');
    expect(redactQuerySecrets('/reset-password?reset_token=t1')).toBe(
      '/reset-password?reset_token=[redacted]',
    );
    expect(redactQuerySecrets('/api/v1/storage/a.mp4?expires=9&signature=s&name=x.mp4')).toBe(
      '/api/v1/storage/a.mp4?expires=9&signature=[redacted]&name=x.mp4',
    );
    expect(redactQuerySecrets('/api/v1/auth/google/callback?code=c&state=s')).toBe(
      '/api/v1/auth/google/callback?code=[redacted]&state=[redacted]',
    );
    expect(redactQuerySecrets('/projects?open=42')).toBe('/projects?open=42');
  });
});
