import { formatStorageSize, userLimitMessages, type Plan, type VideoCount } from '@reelcraft/contract';
import { HttpError } from '../../platform/http/http-error';

const MEBIBYTE = 1024 * 1024;

/** What a user keeps stored, and what their plan allows, in bytes. */
export interface StorageUsage {
  usedBytes: number;
  limitBytes: number;
}

export interface StorageAllowanceDeps {
  /** The user's current plan (the video count names it, after any expiry was applied). */
  quota: { getVideoCount(userId: string): Promise<Pick<VideoCount, 'plan'>> };
  plans: { getPlan(id: string): Promise<Pick<Plan, 'storage_mb'>> };
  /**
   * The bytes the user keeps, as the database records them: the sum over the modules that own
   * stored files (videos, library images, voice clones, decks, avatars), wired in services.ts.
   */
  storedBytes(userId: string): Promise<number>;
}

/**
 * The plan's storage allowance (issue 37, docs/decisions/033): checked before an upload is read,
 * from the sizes the database knows, so every instance sees the same usage. It is not a
 * reservation: two uploads racing may both pass and end a little past the allowance (the per-user
 * upload limits bound by how much).
 */
export class StorageAllowance {
  constructor(private readonly deps: StorageAllowanceDeps) {}

  async usage(userId: string): Promise<StorageUsage> {
    const [count, usedBytes] = await Promise.all([
      this.deps.quota.getVideoCount(userId),
      this.deps.storedBytes(userId),
    ]);
    const plan = await this.deps.plans.getPlan(count.plan.id);
    return { usedBytes, limitBytes: plan.storage_mb * MEBIBYTE };
  }

  /**
   * 413 with how much is used of the allowance and what to do, when `incomingBytes` more (the
   * upload's declared size; 0 when unknown) would not fit. A full allowance refuses any upload.
   */
  async assertRoom(userId: string, incomingBytes: number): Promise<void> {
    const { usedBytes, limitBytes } = await this.usage(userId);
    if (usedBytes + Math.max(1, incomingBytes) <= limitBytes) return;
    throw new HttpError(
      413,
      userLimitMessages.storageFull(formatStorageSize(usedBytes), formatStorageSize(limitBytes)),
    );
  }
}
