import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { ObjectStorage } from '../../platform/storage';
import { readRenderInput } from '../generations';

type StudioStorage = Pick<ObjectStorage, 'put' | 'get' | 'delete' | 'keyFromUri' | 'signedUrl'>;

const MEDIA_GONE = 'A file of this studio job is no longer available. Please start a new job.';

/**
 * Where a studio job keeps its media (`studio/<userId>/<jobId>/...`), and how they leave: only as
 * expiring signed URLs. The finished video moves to the library like every generation's.
 */
export class StudioMedia {
  constructor(
    private readonly storage: StudioStorage,
    private readonly signedUrlTtlSeconds: number,
  ) {}

  keyFor(job: { id: string; userId: string }, name: string): string {
    return `studio/${job.userId}/${job.id}/${name}`;
  }

  /** Stores a file the job made; answers its storage URI. */
  async putFile(key: string, filePath: string, contentType: string): Promise<string> {
    return (await this.storage.put(key, fs.createReadStream(filePath), { contentType })).uri;
  }

  async putBytes(key: string, data: Buffer, contentType: string): Promise<string> {
    return (await this.storage.put(key, data, { contentType })).uri;
  }

  /** Whether a storage URI is one of this user's studio or upload objects (a lip-sync audio_url). */
  ownedKey(userId: string, uri: string): string | null {
    const key = this.storage.keyFromUri(uri);
    if (key === null) return null;
    return key.startsWith(`studio/${userId}/`) || key.startsWith(`uploads/${userId}/`) ? key : null;
  }

  /** The bytes of a stored object; a missing one fails the step with a readable message. */
  read(uri: string): Promise<Buffer> {
    return readRenderInput(this.storage, { uri }, MEDIA_GONE);
  }

  /** Copies a stored object to a file in `dir` (providers read files). */
  async readToFile(uri: string, dir: string, name: string): Promise<string> {
    const file = path.join(dir, name);
    await fsp.writeFile(file, await this.read(uri));
    return file;
  }

  async signedUrl(uri: string | null): Promise<string | null> {
    if (!uri) return null;
    const key = this.storage.keyFromUri(uri);
    return key === null ? null : this.storage.signedUrl(key, { expiresInSeconds: this.signedUrlTtlSeconds });
  }

  expiresAt(): string {
    return new Date(Date.now() + this.signedUrlTtlSeconds * 1000).toISOString();
  }
}
