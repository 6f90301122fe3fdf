/** Beyond this many URLs, the oldest go first. */
const MAX_ENTRIES = 20_000;
/** A URL is handed out again for at most this share of its lifetime, and never beyond 5 minutes. */
const REUSE_SHARE = 0.1;
const REUSE_MAX_MS = 5 * 60_000;

/**
 * Signed URLs of stored objects, reused for a short while: signing every video and poster URL of
 * every list answer was a tenth of `GET /videos` (issue 20), and a poster whose URL does not change
 * between two reads of the list is not downloaded again by the browser. A reused URL keeps at least
 * 90% of its lifetime.
 */
export class SignedUrls {
  private readonly urls = new Map<string, { url: string; reuseUntil: number }>();

  constructor(
    private readonly lifetimeSeconds: number,
    private readonly now: () => number = Date.now,
  ) {}

  async get(key: string, downloadName: string | undefined, sign: () => Promise<string>): Promise<string> {
    const id = downloadName === undefined ? key : `${key}\n${downloadName}`;
    const kept = this.urls.get(id);
    if (kept && kept.reuseUntil > this.now()) return kept.url;
    const url = await sign();
    const reuseMs = Math.min(REUSE_MAX_MS, this.lifetimeSeconds * 1000 * REUSE_SHARE);
    this.urls.delete(id);
    this.urls.set(id, { url, reuseUntil: this.now() + reuseMs });
    if (this.urls.size > MAX_ENTRIES) this.urls.delete(this.urls.keys().next().value!);
    return url;
  }
}
