import { afterAll, describe, expect, it } from 'vitest';
import { createLocalStorage, createS3Storage, type ObjectStorage } from '../../platform/storage';
import { StoredObjectAddresses } from './stored-object-address';

const KEY = 'videos/3f1c/clip-1.mp4';
const credentials = { accessKeyId: 'test-key', secretAccessKey: 'test-secret' };

describe('storage keys from addresses', () => {
  const stores: ObjectStorage[] = [];
  afterAll(async () => {
    for (const store of stores) await store.close();
  });
  const make = <T extends ObjectStorage>(store: T): T => {
    stores.push(store);
    return store;
  };

  it('reads local signed URLs, absolute or relative, and local URIs', async () => {
    const storage = make(
      createLocalStorage({
        root: '/tmp/unused',
        signingSecret: 'x'.repeat(32),
        publicBaseUrl: 'https://app.example',
      }),
    );
    const addresses = new StoredObjectAddresses(storage, 'https://app.example');
    const signed = await storage.signedUrl(KEY, { expiresInSeconds: 60, downloadName: 'clip.mp4' });
    expect(await addresses.keyOf(signed)).toBe(KEY);
    const { pathname, search } = new URL(signed);
    expect(await addresses.keyOf(`${pathname}${search}`)).toBe(KEY);
    expect(await addresses.keyOf(`local://${KEY}`)).toBe(KEY);
    for (const other of [
      `https://evil.example${pathname}`,
      `http://app.example${pathname}`,
      `https://app.example:8443${pathname}`,
      'https://app.example/api/v1/videos/1',
      'https://app.example/api/v1/storage/',
      'https://app.example/api/v1/storage/a//b',
      'https://app.example/api/v1/storage/a/%2e%2e/%2e%2e/b',
      'https://app.example/api/v1/storage/a%2F..%2F..%2Fb',
      'https://app.example/api/v1/storage/%E0%A4%A',
      `s3://bucket/${KEY}`,
      'local://../x',
      'not a url at all',
    ]) {
      expect(await addresses.keyOf(other), other).toBeNull();
    }
  });

  it('reads S3 presigned URLs in path style (self-hosted stores)', async () => {
    const storage = make(
      createS3Storage({
        bucket: 'media',
        region: 'us-east-1',
        endpoint: 'http://minio.internal:9000',
        publicEndpoint: 'https://files.example',
        forcePathStyle: true,
        ...credentials,
      }),
    );
    const addresses = new StoredObjectAddresses(storage, 'https://app.example');
    const signed = await storage.signedUrl(KEY, { expiresInSeconds: 60 });
    expect(signed.startsWith('https://files.example/media/')).toBe(true);
    expect(await addresses.keyOf(signed)).toBe(KEY);
    expect(await addresses.keyOf(`s3://media/${KEY}`)).toBe(KEY);
    expect(await addresses.keyOf(`https://files.example/other-bucket/${KEY}`)).toBeNull();
    expect(await addresses.keyOf(`http://minio.internal:9000/media/${KEY}`)).toBeNull();
    expect(await addresses.keyOf(`/api/v1/storage/${KEY}`)).toBeNull();
  });

  it('reads S3 presigned URLs in virtual-host style (AWS)', async () => {
    const storage = make(createS3Storage({ bucket: 'media', region: 'eu-west-1', ...credentials }));
    const addresses = new StoredObjectAddresses(storage, 'https://app.example');
    const signed = await storage.signedUrl(KEY, { expiresInSeconds: 60 });
    expect(new URL(signed).hostname).toBe('media.s3.eu-west-1.amazonaws.com');
    expect(await addresses.keyOf(signed)).toBe(KEY);
    expect(await addresses.keyOf(`https://other.s3.eu-west-1.amazonaws.com/${KEY}`)).toBeNull();
  });
});
