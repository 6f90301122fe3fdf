import fs from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProviderError, type TaskProgress } from '../../src/providers';
import {
  createRenderProcessVideoProvider,
  type RenderProcessVideoProvider,
} from '../../src/providers/render-process/render-process';
import { createTestProviders, frameHashes, probe } from './media-test-kit';

type TestProviders = Awaited<ReturnType<typeof createTestProviders>>;

const request = {
  prompt: 'A lighthouse on a rocky coast at dusk, waves crashing',
  durationSeconds: 2,
  aspect: '16:9' as const,
  fps: 24,
  quality: 'standard' as const,
  seed: 5,
};

/** A process's niceness, from /proc/<pid>/stat (Linux): the 19th field, counted after the name. */
async function niceness(pid: number): Promise<number> {
  const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
}

const isRunning = (pid: number) =>
  fs.access(`/proc/${pid}`).then(
    () => true,
    () => false,
  );

async function waitUntilGone(pid: number): Promise<void> {
  while (await isRunning(pid)) await sleep(100);
}

/*
 * A server in ROLE=all renders in a process of its own (decision 031): real renders through it,
 * compared with the same provider run in the test's own process.
 */
describe('the render process (offline video provider in a process of its own)', () => {
  let inProcess: TestProviders;
  let renderProcess: RenderProcessVideoProvider;
  const warnings: unknown[] = [];
  beforeAll(async () => {
    inProcess = await createTestProviders();
    renderProcess = createRenderProcessVideoProvider({
      settings: { media: { workDir: inProcess.workDir } },
      logLevel: 'warn',
      logger: { warn: (details) => warnings.push(details) },
      idleExitMs: 1000,
    });
  });
  afterAll(async () => {
    await renderProcess.close();
    await inProcess.dispose();
  });

  it('renders the same video as the provider in this process, from a process below its priority', async () => {
    const reports: TaskProgress[] = [];
    let renderingNiceness: Promise<number> | undefined;
    const rendering = renderProcess.fromText(request, {
      onProgress: (report) => {
        reports.push(report);
        // Read once the process runs Node (it starts as `nice`, which then runs it).
        renderingNiceness ??= niceness(renderProcess.pid!);
      },
    });
    expect(renderProcess.pid).toBeDefined();
    expect(renderProcess.pid).not.toBe(process.pid);
    const video = await rendering;
    expect(await renderingNiceness).toBeGreaterThanOrEqual(10);
    const local = await inProcess.video.fromText(request);
    try {
      expect(video.path.startsWith(inProcess.workDir)).toBe(true);
      expect(video).toMatchObject({ contentType: 'video/mp4', width: 1280, height: 720, fps: 24, seed: 5 });
      expect(video.fileSizeBytes).toBe((await fs.stat(video.path)).size);
      expect((await probe(video.thumbnailPath)).video).toMatchObject({ codec: 'mjpeg' });
      expect(await frameHashes(video.path)).toEqual(await frameHashes(local.path));
      // Progress crossed over as it was reported, climbing to 1.
      expect(reports.at(-1)).toEqual({ progress: 1, stage: 'final_combination' });
      expect(reports.map((report) => report.progress)).toEqual(
        [...reports.map((report) => report.progress)].sort((a, b) => a - b),
      );
    } finally {
      await Promise.all([video.release(), local.release()]);
    }
    await expect(fs.access(path.dirname(video.path))).rejects.toThrow();
  });

  it('hands each candidate over as it is made and answers them all, each releasable', async () => {
    const handedOver: string[] = [];
    const candidates = await renderProcess.candidates(
      { prompt: request.prompt, durationSeconds: 1, aspect: '1:1', fps: 12, seed: 9, count: 2 },
      {
        onCandidate: async (candidate) => {
          await fs.access(candidate.path);
          handedOver.push(candidate.id);
        },
      },
    );
    expect(handedOver.sort()).toEqual(['candidate-1', 'candidate-2']);
    expect(candidates.map((candidate) => candidate.id).sort()).toEqual(['candidate-1', 'candidate-2']);
    for (const candidate of candidates) {
      expect((await probe(candidate.path)).video).toMatchObject({ width: 720, height: 720 });
      await candidate.release();
      await expect(fs.access(candidate.path)).rejects.toThrow();
    }
  });

  it("fails a call with the provider's own code and words", async () => {
    const failure = await renderProcess.fromText({ ...request, durationSeconds: 0 }).catch((error) => error);
    expect(failure).toBeInstanceOf(ProviderError);
    expect(failure).toMatchObject({
      code: 'invalid_input',
      message: 'The duration must be between 1 and 120 seconds.',
    });
  });

  it("fails a call with its caller's error when the progress callback throws, as the provider does", async () => {
    const saveFailure = new Error('The progress could not be saved');
    const throwing = {
      onProgress: () => {
        throw saveFailure;
      },
    };
    await expect(inProcess.video.fromText(request, throwing)).rejects.toBe(saveFailure);
    await expect(renderProcess.fromText(request, throwing)).rejects.toBe(saveFailure);

    // The render process stopped that render and takes the next call.
    const video = await renderProcess.fromText(request);
    await video.release();
  });

  it('stops a render when its caller aborts', async () => {
    const controller = new AbortController();
    const failure = await renderProcess
      .fromText(
        { ...request, durationSeconds: 30 },
        {
          signal: controller.signal,
          onProgress: (report) => {
            if (report.stage === 'video_generation') controller.abort();
          },
        },
      )
      .catch((error) => error);
    expect(failure).toBeInstanceOf(ProviderError);
    expect(failure).toMatchObject({ code: 'cancelled' });
  });

  it('fails the calls of a process that dies, and starts another for the next call', async () => {
    const rendering = renderProcess.fromText(
      { ...request, durationSeconds: 30 },
      {
        onProgress: (report) => {
          if (report.stage === 'video_generation' && renderProcess.pid)
            process.kill(renderProcess.pid, 'SIGKILL');
        },
      },
    );
    const failure = await rendering.catch((error) => error);
    expect(failure).toBeInstanceOf(ProviderError);
    expect(failure).toMatchObject({ code: 'unavailable', message: 'The video could not be rendered.' });
    expect(failure.details).toMatch(/exited \(SIGKILL\)/);

    const video = await renderProcess.fromText(request);
    await video.release();
  });

  it('ends when idle and starts again with the next call', async () => {
    const first = renderProcess.fromText(request);
    const pid = renderProcess.pid!;
    await (await first).release();
    await waitUntilGone(pid);
    expect(renderProcess.pid).toBeUndefined();

    const second = renderProcess.fromText(request);
    expect(renderProcess.pid).toBeDefined();
    expect(renderProcess.pid).not.toBe(pid);
    await (await second).release();
    expect(warnings).toEqual([]);
  });
});
