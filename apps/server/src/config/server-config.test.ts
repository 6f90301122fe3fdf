import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './server-config';

describe('loadConfig', () => {
  it('runs the embedded default with no variable set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      role: 'all',
      databaseUrl: undefined,
      storage: { driver: 'local' },
      mail: { smtpUrl: undefined },
      publicUrl: 'http://localhost:3000',
    });
    expect(config.dataDir).toBe(path.resolve('./data'));
  });

  it('names the variable of each bad value', () => {
    const attempt = () => loadConfig({ PORT: 'eighty', ROLE: 'boss', DATABASE_URL: 'mysql://x' });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/PORT:/);
    expect(attempt).toThrow(/ROLE:/);
    expect(attempt).toThrow(/DATABASE_URL: must be a postgres/);
  });

  it('requires the bucket when S3 storage is chosen', () => {
    expect(() => loadConfig({ STORAGE_DRIVER: 's3' })).toThrow(/S3_BUCKET: required when STORAGE_DRIVER=s3/);
  });

  it('refuses a short JWT secret and treats empty variables as unset', () => {
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET: must be at least 32 characters/);
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).port).toBe(3000);
  });

  it('reads the scale-out settings', () => {
    const config = loadConfig({
      ROLE: 'worker',
      DATABASE_URL: 'postgres://db.internal:5432/app',
      STORAGE_DRIVER: 's3',
      S3_BUCKET: 'media',
      S3_FORCE_PATH_STYLE: 'true',
      CORS_ORIGINS: 'https://a.example, https://b.example',
    });
    expect(config.role).toBe('worker');
    expect(config.storage.s3).toMatchObject({ bucket: 'media', forcePathStyle: true });
    expect(config.corsOrigins).toEqual(['https://a.example', 'https://b.example']);
  });

  it('reads the login throttle with its defaults', () => {
    expect(loadConfig({}).auth.loginThrottle).toEqual({
      maxFailuresPerAccount: 5,
      maxFailuresPerAddress: 30,
      windowSeconds: 900,
    });
    const config = loadConfig({
      LOGIN_MAX_FAILURES_PER_ACCOUNT: '3',
      LOGIN_MAX_FAILURES_PER_ADDRESS: '10',
      LOGIN_FAILURE_WINDOW_SECONDS: '2',
    });
    expect(config.auth.loginThrottle).toEqual({
      maxFailuresPerAccount: 3,
      maxFailuresPerAddress: 10,
      windowSeconds: 2,
    });
    expect(() => loadConfig({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '0' })).toThrow(
      /LOGIN_MAX_FAILURES_PER_ACCOUNT:/,
    );
  });

  it('enables Google sign-in only with both client id and secret', () => {
    expect(loadConfig({}).auth.google).toBeUndefined();
    expect(loadConfig({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' }).auth.google).toEqual({
      issuer: 'https://accounts.google.com',
      clientId: 'id',
      clientSecret: 'secret',
    });
    expect(() => loadConfig({ GOOGLE_CLIENT_ID: 'id' })).toThrow(/set both/);
  });

  it('admits a plain-http issuer only on this machine', () => {
    const google = { GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' };
    expect(loadConfig({ ...google, GOOGLE_ISSUER: 'http://127.0.0.1:4000' }).auth.google?.issuer).toBe(
      'http://127.0.0.1:4000',
    );
    expect(() => loadConfig({ ...google, GOOGLE_ISSUER: 'http://idp.example' })).toThrow(/GOOGLE_ISSUER:/);
  });
  it('reads the media engine settings with their defaults', () => {
    expect(loadConfig({}).media).toMatchObject({
      renderTimeoutSeconds: 600,
      renderJobConcurrency: 1,
      ffmpegPath: undefined,
      maxParallelRenders: undefined,
    });
    const media = loadConfig({
      FFMPEG_PATH: '/opt/ffmpeg/bin/ffmpeg',
      RENDER_TIMEOUT_SECONDS: '120',
      RENDER_JOB_CONCURRENCY: '2',
      X264_PRESET: 'medium',
    }).media;
    expect(media).toMatchObject({
      ffmpegPath: '/opt/ffmpeg/bin/ffmpeg',
      renderTimeoutSeconds: 120,
      renderJobConcurrency: 2,
      x264Preset: 'medium',
    });
    expect(() => loadConfig({ RENDER_TIMEOUT_SECONDS: '5' })).toThrow(/RENDER_TIMEOUT_SECONDS:/);
    expect(() => loadConfig({ X264_PRESET: 'turbo' })).toThrow(/X264_PRESET:/);
  });
});
