import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { STUDIO_CANDIDATE_COUNT } from '@reelcraft/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runProcess } from '../../src/media/process-runner';
import type { CandidatesRequest, RenderedVideo, TaskProgress, VideoCandidate } from '../../src/providers';
import { createTestProviders, frameHashes, photo, probe, tools } from './media-test-kit';

const THUMB = { width: 160, height: 90 };

/** Every frame of a video, shrunk to a grey 160x90 thumbnail, one Buffer each. */
async function greyFrames(file: string, dir: string): Promise<Buffer[]> {
  // Every render is named video.mp4: a name of its own, or two at once would share one file.
  const out = path.join(dir, `${crypto.randomUUID()}.grey`);
  await runProcess((await tools()).ffmpeg.command, [
    '-nostdin',
    '-v',
    'error',
    '-i',
    file,
    '-vf',
    `scale=${THUMB.width}:${THUMB.height},format=gray`,
    '-f',
    'rawvideo',
    '-y',
    out,
  ]);
  const data = await fs.readFile(out);
  const size = THUMB.width * THUMB.height;
  return Array.from({ length: data.length / size }, (_, index) =>
    data.subarray(index * size, (index + 1) * size),
  );
}

/** Mean absolute difference of two thumbnails over rows `from`..`to` (fractions of the height). */
function meanDifference(a: Buffer, b: Buffer, from: number, to: number): number {
  const start = Math.round(from * THUMB.height) * THUMB.width;
  const end = Math.round(to * THUMB.height) * THUMB.width;
  let sum = 0;
  for (let i = start; i < end; i += 1) sum += Math.abs(a[i]! - b[i]!);
  return sum / (end - start);
}

type TestProviders = Awaited<ReturnType<typeof createTestProviders>>;

describe('studio: candidates, extend and lip-sync', () => {
  let providers: TestProviders;
  let candidates: VideoCandidate[] = [];
  let request: CandidatesRequest;
  const extra: RenderedVideo[] = [];
  beforeAll(async () => {
    providers = await createTestProviders();
  });
  afterAll(async () => {
    await Promise.all([...candidates, ...extra].map((video) => video.release()));
    await providers.dispose();
  });

  it('renders 4 distinct candidates concurrently, each with its facts', async () => {
    const reports: TaskProgress[] = [];
    request = {
      prompt: 'A sleek sneaker on a pedestal, premium product showcase',
      durationSeconds: 2,
      aspect: '16:9',
      fps: 24,
      seed: 5,
      subjectRefs: [await photo(900, 900, 10)],
      styleRef: await photo(400, 300, 200),
    };
    candidates = await providers.video.candidates(request, {
      onProgress: (report) => reports.push(report),
    });
    expect(candidates).toHaveLength(STUDIO_CANDIDATE_COUNT);
    expect(new Set(candidates.map((candidate) => candidate.id)).size).toBe(STUDIO_CANDIDATE_COUNT);
    for (const candidate of candidates) {
      const result = await probe(candidate.path);
      expect(Math.abs((result.durationSeconds ?? 0) - 2)).toBeLessThanOrEqual(0.1);
      expect(candidate).toMatchObject({ width: 1280, height: 720, fps: 24 });
      expect(candidate.fileSizeBytes).toBeGreaterThan(10_000);
    }
    const hashes = await Promise.all(candidates.map((candidate) => frameHashes(candidate.path)));
    for (let i = 0; i < hashes.length; i += 1) {
      for (let j = i + 1; j < hashes.length; j += 1) expect(hashes[i]).not.toEqual(hashes[j]);
    }
    expect(reports.at(-1)?.progress).toBeCloseTo(1, 5);
  });

  it('renders a chosen candidate again without its caption cards: the same pictures, only the captions gone', async () => {
    const chosen = candidates[1];
    if (!chosen) throw new Error('needs the candidates');
    expect(providers.video.captionedClips).toBe(true);
    const again = await providers.video.candidates({ ...request, ids: [chosen.id], captions: false });
    extra.push(...again);
    expect(again.map((video) => video.id)).toEqual([chosen.id]);
    const [captioned, clean] = await Promise.all([
      greyFrames(chosen.path, providers.workDir),
      greyFrames(again[0]!.path, providers.workDir),
    ]);
    expect(clean).toHaveLength(captioned.length);
    // Above the captions the frames are the same (encoding noise aside); the captions' band differs
    // where the preview shows a caption.
    let captionFrames = 0;
    captioned.forEach((frame, index) => {
      expect(meanDifference(frame, clean[index]!, 0, 0.7), `frame ${index}`).toBeLessThan(1.5);
      if (meanDifference(frame, clean[index]!, 0.75, 0.95) > 4) captionFrames += 1;
    });
    expect(captionFrames).toBeGreaterThan(4);
  });

  it('extends a clip from its last frame by the asked seconds', async () => {
    const clip = candidates[0];
    if (!clip) throw new Error('needs the candidates');
    const extended = await providers.video.extend({
      videoPath: clip.path,
      additionalSeconds: 1.5,
      prompt: 'The sneaker steps into the light',
      seed: 9,
    });
    extra.push(extended);
    const result = await probe(extended.path);
    expect(Math.abs((result.durationSeconds ?? 0) - 3.5)).toBeLessThanOrEqual(0.1);
    expect(result.video).toMatchObject({ width: 1280, height: 720, frames: 84 });
    expect(result.audio?.codec).toBe('aac');
    // The original part is the clip itself (same frame count before the join).
    const [original, longer] = await Promise.all([frameHashes(clip.path), frameHashes(extended.path)]);
    expect(longer).toHaveLength(original.length + 36);
  });

  it('lays a voiceover on a clip, holding the last frame while the speech runs on', async () => {
    const clip = candidates[1];
    if (!clip) throw new Error('needs the candidates');
    const speech = await providers.speech.synthesize({
      text: 'Meet the lightest sneaker we have ever made.',
      voiceId: 'josh',
    });
    expect(speech.durationSeconds).toBeGreaterThan(2);
    const synced = await providers.lipSync.apply({
      videoPath: clip.path,
      audio: speech.audio,
      model: 'sync-1.6.0',
    });
    extra.push(synced);
    const result = await probe(synced.path);
    expect(Math.abs((result.durationSeconds ?? 0) - (speech.durationSeconds + 0.4))).toBeLessThanOrEqual(0.1);
    expect(result.audio?.codec).toBe('aac');
    expect(result.video).toMatchObject({ width: 1280, height: 720 });
  });

  it('trims the clip to a short voiceover', async () => {
    const clip = candidates[2];
    if (!clip) throw new Error('needs the candidates');
    const speech = await providers.speech.synthesize({ text: 'Go.', voiceId: 'domi' });
    const synced = await providers.lipSync.apply({ videoPath: clip.path, audio: speech.audio });
    extra.push(synced);
    const result = await probe(synced.path);
    expect(result.durationSeconds ?? 0).toBeLessThan(2);
    expect(Math.abs((result.durationSeconds ?? 0) - (speech.durationSeconds + 0.4))).toBeLessThanOrEqual(0.1);
  });
});
