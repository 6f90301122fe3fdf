/** How long a file seen in storage is taken to be there without looking again. */
const SEEN_FOR_MS = 5 * 60_000;
/** Beyond this many files, the oldest sightings go first. */
const MAX_ENTRIES = 50_000;

/**
 * Which finished videos' files were recently seen in storage. Lists show "Video not available" for
 * a file that is gone, but looking each one up (a stat and a metadata read per item, or an S3 HEAD)
 * on every list was most of the cost of `GET /videos` (issue 20): a file seen once is trusted for a
 * few minutes. Missing files are not remembered, so a lost file is reported at once and one put
 * back is seen at the next look.
 */
export class StoredFiles {
  private readonly seen = new Map<string, number>();

  constructor(
    private readonly exists: (key: string) => Promise<boolean>,
    private readonly now: () => number = Date.now,
  ) {}

  async has(key: string): Promise<boolean> {
    const until = this.seen.get(key);
    if (until !== undefined && until > this.now()) return true;
    if (!(await this.exists(key))) {
      this.seen.delete(key);
      return false;
    }
    this.seen.delete(key);
    this.seen.set(key, this.now() + SEEN_FOR_MS);
    if (this.seen.size > MAX_ENTRIES) this.seen.delete(this.seen.keys().next().value!);
    return true;
  }

  /** The product removed the file itself. */
  forget(key: string): void {
    this.seen.delete(key);
  }
}
