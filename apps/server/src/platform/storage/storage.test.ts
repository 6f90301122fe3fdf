import { describe, expect, it } from 'vitest';
import { resolveRangeHeader } from './byte-range';
import { contentDispositionAttachment, normalizeDownloadName } from './content-disposition';
import { createLocalStorage } from './local-storage';
import { createS3Storage } from './s3-storage';
import { assertValidStorageKey, InvalidStorageKeyError, isValidStorageKey } from './storage';

const unsafeKeys = [
  '',
  '/etc/passwd',
  '../secret',
  'uploads/../../etc/passwd',
  'uploads/./a.png',
  'uploads//a.png',
  'uploads/a.png/',
  'uploads\\a.png',
  'uploads/a\u0000.png',
  'uploads/a b.png',
  'uploads/%2e%2e/a.png',
  'uploads/.hidden',
  '.tmp/x',
  '.meta/uploads/a.png.json',
  'uploads/é.png',
  'C:/windows',
  `uploads/${'a'.repeat(201)}`,
  `${'abcdefghi/'.repeat(52)}x`,
];

describe('storage keys', () => {
  it('accepts the keys the product generates', () => {
    for (const key of [
      'uploads/42/0b7e4f9c-2d0c-4a59-9b1e-6a3f3c2d1e0f.png',
      'a',
      'renders/v_1/out-final.mp4',
    ]) {
      expect(isValidStorageKey(key)).toBe(true);
      expect(() => assertValidStorageKey(key)).not.toThrow();
    }
  });

  it.each(unsafeKeys)('refuses %j with InvalidStorageKeyError', (key) => {
    expect(isValidStorageKey(key)).toBe(false);
    expect(() => assertValidStorageKey(key)).toThrow(InvalidStorageKeyError);
  });

  it('refuses values that are not strings', () => {
    expect(isValidStorageKey(undefined)).toBe(false);
    expect(() => assertValidStorageKey(42)).toThrow(InvalidStorageKeyError);
  });
});

describe('keyFromUri', () => {
  const local = createLocalStorage({ root: '/nonexistent', signingSecret: 'x'.repeat(32) });
  const s3 = createS3Storage({
    bucket: 'media',
    region: 'us-east-1',
    accessKeyId: 'a',
    secretAccessKey: 'b',
  });

  it('round-trips uriFor', () => {
    const key = 'uploads/7/abc.png';
    expect(local.uriFor(key)).toBe('local://uploads/7/abc.png');
    expect(s3.uriFor(key)).toBe('s3://media/uploads/7/abc.png');
    expect(local.keyFromUri(local.uriFor(key))).toBe(key);
    expect(s3.keyFromUri(s3.uriFor(key))).toBe(key);
  });

  it.each([
    'local:///etc/passwd',
    'local://../data/secret',
    'local://uploads/../../x',
    'local://uploads\\x.png',
    'local://uploads/x.png\u0000',
    'local://uploads/x.png?x=1',
    'local://',
    'LOCAL://uploads/x.png',
    's3://media/uploads/x.png',
    'file:///etc/passwd',
    'http://example.com/uploads/x.png',
    'uploads/x.png',
  ])('the local driver refuses %j', (uri) => {
    expect(local.keyFromUri(uri)).toBeNull();
  });

  it.each([
    's3://other/uploads/x.png',
    's3://media-2/uploads/x.png',
    's3://media//etc/passwd',
    's3://media/../x',
    's3://media/uploads/%2e%2e/x',
    's3://media',
    's3://media/',
    'local://uploads/x.png',
  ])('the S3 driver refuses %j', (uri) => {
    expect(s3.keyFromUri(uri)).toBeNull();
  });

  it('uriFor refuses an unsafe key', () => {
    expect(() => local.uriFor('../x')).toThrow(InvalidStorageKeyError);
    expect(() => s3.uriFor('/x')).toThrow(InvalidStorageKeyError);
  });
});

describe('resolveRangeHeader', () => {
  it.each([
    [undefined, { kind: 'full' }],
    ['bytes=0-9', { kind: 'partial', start: 0, end: 9 }],
    ['bytes=10-', { kind: 'partial', start: 10, end: 99 }],
    ['bytes=90-1000', { kind: 'partial', start: 90, end: 99 }],
    ['bytes=-10', { kind: 'partial', start: 90, end: 99 }],
    ['bytes=-1000', { kind: 'partial', start: 0, end: 99 }],
    ['bytes=100-', { kind: 'unsatisfiable' }],
    ['bytes=-0', { kind: 'unsatisfiable' }],
    ['bytes=5-2', { kind: 'full' }],
    ['bytes=0-1,5-6', { kind: 'full' }],
    ['items=0-1', { kind: 'full' }],
    ['bytes=abc', { kind: 'full' }],
  ] as const)('%j on 100 bytes', (header, expected) => {
    expect(resolveRangeHeader(header, 100)).toEqual(expected);
  });

  it('has nothing to serve from an empty object', () => {
    expect(resolveRangeHeader('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' });
    expect(resolveRangeHeader('bytes=-5', 0)).toEqual({ kind: 'unsatisfiable' });
  });
});

describe('download names', () => {
  it('strips path separators and control characters', () => {
    expect(normalizeDownloadName('../../etc/passwd')).toBe('.._.._etc_passwd');
    expect(normalizeDownloadName('a\r\nSet-Cookie: x')).toBe('a__Set-Cookie: x');
    expect(normalizeDownloadName('  ')).toBe('download');
  });

  it('builds an RFC 6266 header with an ASCII fallback and the UTF-8 name', () => {
    expect(contentDispositionAttachment('Mon film "final" (été).mp4')).toBe(
      `attachment; filename="Mon film _final_ (_t_).mp4"; filename*=UTF-8''Mon%20film%20%22final%22%20%28%C3%A9t%C3%A9%29.mp4`,
    );
  });
});
