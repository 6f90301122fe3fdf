import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, redactQuerySecrets } from './logger';

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

  it('takes the token out of a verification link, in the web app and the API', () => {
    const token = 'Zm9vYmFyYmF6cXV4cXV1eGNvcmdlZ3JhdWx0Z2FycGx5';
    expect(redactQuerySecrets(`/verify/${token}`)).toBe('/verify/[redacted]');
    expect(redactQuerySecrets(`/api/v1/verify/${token}?x=1`)).toBe('/api/v1/verify/[redacted]?x=1');
    expect(redactQuerySecrets(`/verify-email?token=${token}`)).toBe('/verify-email?token=[redacted]');
    expect(redactQuerySecrets('/verify')).toBe('/verify');
    expect(redactQuerySecrets('/api/v1/videos/verify/1')).toBe('/api/v1/videos/verify/1');
  });

  it('logs a request with its URL redacted', () => {
    const output: string[] = [];
    const logger = createLogger(
      'info',
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          output.push(chunk.toString('utf8'));
          done();
        },
      }),
    );
    const token = 'Zm9vYmFyYmF6cXV4cXV1eGNvcmdlZ3JhdWx0Z2FycGx5';
    logger.info({ req: { method: 'GET', url: `/api/v1/verify/${token}` } }, 'incoming request');
    const [line] = output.map((text) => JSON.parse(text) as { req: { url: string } });
    expect(line?.req.url).toBe('/api/v1/verify/[redacted]');
    expect(output.join('')).not.toContain(token);
  });
});
