import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { UPLOAD_MAX_BYTES } from '@reelcraft/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { intakeAudio, measureAudioSeconds } from '../../src/media/audio-intake';
import { vetVoiceSample } from '../../src/media/voice-sample-vetting';
import { pcmDuration } from '../../src/media/wav';
import { toneWav } from '../fixtures/test-images';
import { silentAudio, withMatroskaDuration, withMp3FrameCount } from '../fixtures/lying-audio';
import { probe, tools } from './media-test-kit';

// Issue 37: a sample's length is what decodes, not what its header claims.
describe('audio length, measured by decoding', () => {
  let dir: string;
  let lying: { name: string; data: Buffer; claims: number | null }[];
  const limits = { maxBytes: UPLOAD_MAX_BYTES, maxSeconds: 300 };
  const tooLong = 'The audio is too long (at most 300 seconds).';

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'audio-length-'));
    const webm = await silentAudio('webm', 400);
    const mp3 = await silentAudio('mp3', 400);
    lying = [
      { name: 'WebM, Duration patched to 5 s', data: withMatroskaDuration(webm, 5), claims: 5 },
      { name: 'WebM, Duration removed', data: withMatroskaDuration(webm, null), claims: null },
      { name: 'MP3, Info frame count patched', data: withMp3FrameCount(mp3, 10), claims: 0.72 },
    ];
  });
  afterAll(() => fs.rm(dir, { recursive: true, force: true }));

  it('builds files whose header lies: ffprobe believes it', async () => {
    for (const [n, sample] of lying.entries()) {
      const file = path.join(dir, `lying-${n}`);
      await fs.writeFile(file, sample.data);
      const probed = await probe(file);
      expect(probed.audio, sample.name).not.toBeNull();
      expect(probed.durationSeconds ?? probed.audio?.durationSeconds ?? null, sample.name).toEqual(
        sample.claims === null ? null : expect.closeTo(sample.claims, 1),
      );
    }
  });

  it('refuses each at every entry: the upload vetting and the render intake', async () => {
    for (const sample of lying) {
      await expect(
        vetVoiceSample(sample.data, await tools(), dir, 'Refused.', ['audio/webm', 'audio/mpeg']),
        sample.name,
      ).rejects.toThrow(`Refused. ${tooLong}`);
      await expect(
        intakeAudio(await tools(), sample.data, limits, { sampleRate: 16_000, channels: 1, workDir: dir }),
        sample.name,
      ).rejects.toMatchObject({ code: 'media_too_large', message: tooLong });
    }
  });

  it('stops decoding just past the limit, whatever the length', async () => {
    const file = path.join(dir, 'long.webm');
    await fs.writeFile(file, withMatroskaDuration(await silentAudio('webm', 400), null));
    expect(await measureAudioSeconds(await tools(), file, 20)).toBeCloseTo(21, 0);
    expect(await measureAudioSeconds(await tools(), file, 600)).toBeCloseTo(400, 0);
  });

  it('takes honest samples, a recorder WebM without a Duration among them, at their decoded length', async () => {
    const webm = withMatroskaDuration(await silentAudio('webm', 3), null);
    const vetted = await vetVoiceSample(webm, await tools(), dir, 'Refused.', ['audio/webm']);
    expect(vetted.durationSeconds).toBeCloseTo(3, 1);
    const wav = await vetVoiceSample(toneWav(2), await tools(), dir, 'Refused.');
    expect(wav.durationSeconds).toBeCloseTo(2, 2);
    const clone = await intakeAudio(
      await tools(),
      webm,
      { ...limits, minSeconds: 1 },
      { sampleRate: 16_000, channels: 1, workDir: dir },
    );
    expect(pcmDuration(clone)).toBeCloseTo(3, 1);
    await expect(
      intakeAudio(
        await tools(),
        toneWav(0.5),
        { ...limits, minSeconds: 1 },
        { sampleRate: 16_000, channels: 1 },
      ),
    ).rejects.toMatchObject({ message: 'The audio is too short (at least 1 seconds).' });
  });
});
