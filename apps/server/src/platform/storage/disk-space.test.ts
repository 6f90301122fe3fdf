import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { DiskSpaceMonitor, type DiskSpaceMonitorOptions, type FileSystemSpace } from './disk-space';
import { isOutOfSpaceError } from './out-of-space';

const MB = 1024 * 1024;
const enospc = () => Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });

describe('out-of-space errors', () => {
  it("are a file system's ENOSPC or EDQUOT, and PostgreSQL's disk_full", () => {
    expect(isOutOfSpaceError(enospc())).toBe(true);
    expect(isOutOfSpaceError(Object.assign(new Error('quota'), { code: 'EDQUOT' }))).toBe(true);
    expect(
      isOutOfSpaceError(
        Object.assign(new Error('could not extend file "base/5/16400": No space left on device'), {
          code: '53100',
        }),
      ),
    ).toBe(true);
  });

  it("are found wrapped: as a cause, in an AggregateError, in a media tool's stderr", () => {
    expect(isOutOfSpaceError(new Error('The media could not be created.', { cause: enospc() }))).toBe(true);
    expect(isOutOfSpaceError(new AggregateError([new Error('other'), enospc()]))).toBe(true);
    expect(
      isOutOfSpaceError(
        // A MediaError of a media tool: its stderr is in `details`.
        Object.assign(new Error('Processing the media failed.'), {
          details: 'ffmpeg exited with 1: av_interleaved_write_frame(): No space left on device',
        }),
      ),
    ).toBe(true);
  });

  it('are nothing else, and a cycle of causes ends', () => {
    expect(isOutOfSpaceError(Object.assign(new Error('gone'), { code: 'ENOENT' }))).toBe(false);
    expect(isOutOfSpaceError(new Error('Internal failure'))).toBe(false);
    expect(isOutOfSpaceError('ENOSPC')).toBe(false);
    expect(isOutOfSpaceError(undefined)).toBe(false);
    const looped: Error & { cause?: unknown } = new Error('loop');
    looped.cause = looped;
    expect(isOutOfSpaceError(looped)).toBe(false);
  });
});

/** A file system per folder name, as the test sets it. */
function fakeDisks(free: Record<string, number>, devices: Record<string, number> = {}) {
  const space = (folder: string): FileSystemSpace => {
    const freeBytes = free[path.basename(folder)];
    if (freeBytes === undefined) throw Object.assign(new Error('EACCES'), { code: 'EACCES' });
    return { bavail: freeBytes / 4096, bsize: 4096, blocks: (10_000 * MB) / 4096 };
  };
  return {
    statfs: async (folder: string) => space(folder),
    deviceOf: async (folder: string) =>
      devices[path.basename(folder)] ?? Object.keys(free).indexOf(path.basename(folder)),
  };
}

const logger = () => ({ info: vi.fn(), warn: vi.fn(), error: vi.fn() });

describe('the disk space monitor', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'reelcraft-disk-'));
  for (const name of ['objects', 'db', 'work']) fs.mkdirSync(path.join(root, name));
  const folders = [
    { name: 'stored files', path: path.join(root, 'objects') },
    { name: 'database', path: path.join(root, 'db') },
    { name: 'render work files', path: path.join(root, 'work') },
  ];
  const monitor = (options: Partial<DiskSpaceMonitorOptions> & Pick<DiskSpaceMonitorOptions, 'statfs'>) =>
    new DiskSpaceMonitor({
      folders,
      warnBelowBytes: 1024 * MB,
      criticalBelowBytes: 100 * MB,
      logger: logger(),
      ...options,
    });

  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('reports each disk once, by what it holds, and the least free space', async () => {
    const disks = fakeDisks(
      { objects: 5000 * MB, db: 5000 * MB, work: 3000 * MB },
      { objects: 1, db: 1, work: 2 },
    );
    const report = await monitor(disks).check();
    expect(report).toEqual({
      level: 'ok',
      freeBytes: 3000 * MB,
      volumes: [
        { holds: ['stored files', 'database'], freeBytes: 5000 * MB, totalBytes: 10_000 * MB },
        { holds: ['render work files'], freeBytes: 3000 * MB, totalBytes: 10_000 * MB },
      ],
    });
  });

  it('is low below the warning threshold and critical below the critical one, saying where', async () => {
    const low = await monitor(fakeDisks({ objects: 500 * MB, db: 5000 * MB, work: 5000 * MB })).check();
    expect(low).toMatchObject({ level: 'low', freeBytes: 500 * MB });
    expect(low.detail).toBe('Low on disk space: 500 MB free for stored files (warning below 1024 MB)');

    const critical = await monitor(fakeDisks({ objects: 500 * MB, db: 5000 * MB, work: 42 * MB })).check();
    expect(critical).toMatchObject({ level: 'critical', freeBytes: 42 * MB });
    expect(critical.detail).toBe(
      'Critically low disk space: 42 MB free for render work files (not ready below 100 MB). ' +
        'Low on disk space: 500 MB free for stored files (warning below 1024 MB)',
    );
  });

  it('measures a folder not made yet on the disk of its nearest parent', async () => {
    const statfs = vi.fn(async () => ({ bavail: 1, bsize: 4096, blocks: 10 }));
    const report = await new DiskSpaceMonitor({
      folders: [{ name: 'stored files', path: path.join(root, 'not-yet', 'objects') }],
      warnBelowBytes: 0,
      criticalBelowBytes: 0,
      logger: logger(),
      statfs,
    }).check();
    expect(statfs).toHaveBeenCalledWith(root);
    expect(report).toMatchObject({ level: 'ok', freeBytes: 4096 });
  });

  it('says when a disk cannot be read, without calling it full', async () => {
    const report = await monitor(fakeDisks({ objects: 5000 * MB, work: 5000 * MB })).check();
    expect(report).toMatchObject({ level: 'unknown', detail: 'Free space unknown for database' });
  });

  it('warns when space runs low, repeats every 15 minutes, errs when critical, and says when it recovers', async () => {
    const free = { objects: 5000 * MB, db: 5000 * MB, work: 5000 * MB };
    const log = logger();
    let now = 0;
    const watcher = monitor({ ...fakeDisks(free), logger: log, now: () => now });
    const minutes = async (count: number) => {
      for (let i = 0; i < count; i += 1) {
        now += 60_000;
        await watcher.checkAndLog();
      }
    };
    await minutes(1);
    expect(log.warn).not.toHaveBeenCalled();

    free.objects = 800 * MB;
    await minutes(1);
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(log.warn).toHaveBeenLastCalledWith(
      expect.objectContaining({ freeBytes: 800 * MB }),
      'Low on disk space: 800 MB free for stored files (warning below 1024 MB)',
    );
    await minutes(14);
    expect(log.warn).toHaveBeenCalledTimes(1);
    await minutes(1);
    expect(log.warn).toHaveBeenCalledTimes(2);

    free.objects = 50 * MB;
    await minutes(1);
    expect(log.error).toHaveBeenCalledTimes(1);
    expect(log.error).toHaveBeenLastCalledWith(
      expect.anything(),
      expect.stringMatching(/^Critically low disk space: 50 MB free for stored files/),
    );

    free.objects = 5000 * MB;
    await minutes(1);
    expect(log.info).toHaveBeenCalledWith(
      expect.anything(),
      'Free disk space is back above the warning threshold',
    );
    expect(log.warn).toHaveBeenCalledTimes(2);
  });

  it('checks at start and then every minute on a timer that keeps no process alive, until stopped', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const watcher = monitor(fakeDisks({ objects: 5000 * MB, db: 5000 * MB, work: 5000 * MB }));
    const checks = vi.spyOn(watcher, 'checkAndLog').mockResolvedValue(undefined);
    const intervals = vi.spyOn(globalThis, 'setInterval');
    watcher.start();
    watcher.start();
    expect(checks).toHaveBeenCalledTimes(1);
    expect(intervals).toHaveBeenCalledTimes(1);
    expect((intervals.mock.results[0]?.value as NodeJS.Timeout).hasRef()).toBe(false);
    await vi.advanceTimersByTimeAsync(3 * 60_000);
    expect(checks).toHaveBeenCalledTimes(4);
    await watcher.stop();
    await vi.advanceTimersByTimeAsync(3 * 60_000);
    expect(checks).toHaveBeenCalledTimes(4);
  });
});
