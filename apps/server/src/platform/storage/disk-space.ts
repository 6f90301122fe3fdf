import fs from 'node:fs/promises';
import path from 'node:path';

/** What `fs.statfs` tells of a file system, as far as free space goes. */
export interface FileSystemSpace {
  /** Blocks free to an unprivileged process (root may use a reserve beyond them). */
  bavail: number;
  bsize: number;
  blocks: number;
}

/** One local folder the server writes to, named for what it holds (never its path: health is public). */
export interface WatchedFolder {
  name: string;
  path: string;
}

/** One file system holding some of the watched folders. */
export interface VolumeSpace {
  /** What it holds, e.g. `['stored files', 'database']`. */
  holds: string[];
  freeBytes: number;
  totalBytes: number;
}

/**
 * `ok`, `low` (below the warning threshold), `critical` (below the critical one: not ready), or
 * `unknown` when a folder's disk could not be read.
 */
export type DiskSpaceLevel = 'ok' | 'low' | 'critical' | 'unknown';

export interface DiskSpaceReport {
  level: DiskSpaceLevel;
  /** Free bytes of the fullest volume; absent when none could be read. */
  freeBytes?: number;
  volumes: VolumeSpace[];
  /** What is wrong, for the health answer and the log; absent when all is well. */
  detail?: string;
}

export interface DiskSpaceLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface DiskSpaceMonitorOptions {
  folders: readonly WatchedFolder[];
  warnBelowBytes: number;
  criticalBelowBytes: number;
  logger: DiskSpaceLogger;
  /** How often the periodic check runs; default one minute. */
  intervalMs?: number;
  /** While space stays low, the warning is repeated this often; default 15 minutes. */
  remindEveryMs?: number;
  /** Tests: a file system that reports what they need. */
  statfs?: (folder: string) => Promise<FileSystemSpace>;
  /** Tests: the device a folder lives on, to tell file systems apart. */
  deviceOf?: (folder: string) => Promise<number>;
  now?: () => number;
}

const MB = 1024 * 1024;
const megabytes = (bytes: number) => `${Math.floor(bytes / MB)} MB`;

/** The folder itself, or its nearest existing parent (a folder made on first write may not exist yet). */
async function existingFolder(folder: string): Promise<string> {
  let current = path.resolve(folder);
  for (;;) {
    try {
      await fs.stat(current);
      return current;
    } catch (error) {
      const parent = path.dirname(current);
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || parent === current) throw error;
      current = parent;
    }
  }
}

/**
 * Watches the free space of the local disks the server writes to (issue 37): answers it for the
 * readiness probe, and, started, checks it every minute and warns in the log when it runs low (again
 * every 15 minutes while it stays low; an error below the critical threshold; a note when it
 * recovers). Its timer never keeps the process alive.
 */
export class DiskSpaceMonitor {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private lastLevel: DiskSpaceLevel = 'ok';
  private lastWarnedAt = 0;
  private readonly statfs: (folder: string) => Promise<FileSystemSpace>;
  private readonly deviceOf: (folder: string) => Promise<number>;
  private readonly now: () => number;

  constructor(private readonly options: DiskSpaceMonitorOptions) {
    this.statfs = options.statfs ?? ((folder) => fs.statfs(folder));
    this.deviceOf = options.deviceOf ?? (async (folder) => (await fs.stat(folder)).dev);
    this.now = options.now ?? Date.now;
  }

  /** Free space now, by volume, against the thresholds. */
  async check(): Promise<DiskSpaceReport> {
    const { warnBelowBytes, criticalBelowBytes } = this.options;
    const byDevice = new Map<number, VolumeSpace>();
    const unreadable: string[] = [];
    for (const folder of this.options.folders) {
      try {
        const existing = await existingFolder(folder.path);
        const device = await this.deviceOf(existing);
        const known = byDevice.get(device);
        if (known) {
          if (!known.holds.includes(folder.name)) known.holds.push(folder.name);
          continue;
        }
        const space = await this.statfs(existing);
        byDevice.set(device, {
          holds: [folder.name],
          freeBytes: space.bavail * space.bsize,
          totalBytes: space.blocks * space.bsize,
        });
      } catch {
        unreadable.push(folder.name);
      }
    }
    const volumes = [...byDevice.values()];
    const fullest = volumes.reduce<VolumeSpace | undefined>(
      (least, volume) => (!least || volume.freeBytes < least.freeBytes ? volume : least),
      undefined,
    );
    const freeBytes = fullest?.freeBytes;
    const describe = (volume: VolumeSpace) =>
      `${megabytes(volume.freeBytes)} free for ${volume.holds.join(', ')}`;
    const critical = volumes.filter((volume) => volume.freeBytes < criticalBelowBytes);
    const low = volumes.filter(
      (volume) => volume.freeBytes < warnBelowBytes && volume.freeBytes >= criticalBelowBytes,
    );
    const problems = [
      ...(critical.length > 0
        ? [
            `Critically low disk space: ${critical.map(describe).join('; ')} (not ready below ${megabytes(criticalBelowBytes)})`,
          ]
        : []),
      ...(low.length > 0
        ? [`Low on disk space: ${low.map(describe).join('; ')} (warning below ${megabytes(warnBelowBytes)})`]
        : []),
      ...(unreadable.length > 0 ? [`Free space unknown for ${unreadable.join(', ')}`] : []),
    ];
    const level: DiskSpaceLevel =
      critical.length > 0 ? 'critical' : unreadable.length > 0 ? 'unknown' : low.length > 0 ? 'low' : 'ok';
    return {
      level,
      volumes,
      ...(freeBytes !== undefined ? { freeBytes } : {}),
      ...(problems.length > 0 ? { detail: problems.join('. ') } : {}),
    };
  }

  /** Checks at once, then every minute; safe to call twice. */
  start(): void {
    if (this.timer) return;
    void this.checkAndLog();
    this.timer = setInterval(() => void this.checkAndLog(), this.options.intervalMs ?? 60_000);
    this.timer.unref();
  }

  /** Stops the periodic check (and waits for one in progress). */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** One periodic check: logs what changed, and repeats a warning while space stays low. */
  async checkAndLog(): Promise<DiskSpaceReport | undefined> {
    const check = this.check().then(
      (report) => {
        this.log(report);
        return report;
      },
      (error: unknown) => {
        this.options.logger.warn({ err: error }, 'Checking free disk space failed');
        return undefined;
      },
    );
    this.running = check;
    return check;
  }

  private log(report: DiskSpaceReport): void {
    const { logger, remindEveryMs = 15 * 60_000 } = this.options;
    const previous = this.lastLevel;
    this.lastLevel = report.level;
    const fields = { freeBytes: report.freeBytes, volumes: report.volumes };
    if (report.level === 'ok') {
      if (previous !== 'ok') logger.info(fields, 'Free disk space is back above the warning threshold');
      return;
    }
    const now = this.now();
    if (report.level === previous && now - this.lastWarnedAt < remindEveryMs) return;
    this.lastWarnedAt = now;
    const message = report.detail ?? 'Low on disk space';
    if (report.level === 'critical') logger.error(fields, message);
    else logger.warn(fields, message);
  }
}
