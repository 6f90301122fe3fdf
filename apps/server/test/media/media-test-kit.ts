import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import {
  bundledFfmpegPath,
  bundledFfprobePath,
  resolveMediaTools,
  type MediaTools,
} from '../../src/media/media-tools';
import { probeMedia, type MediaProbe } from '../../src/media/media-probe';
import { runProcess } from '../../src/media/process-runner';
import { createProviders, type Providers } from '../../src/providers';

/** Providers over a fresh work folder; `bundled` forces the 2018 ffmpeg (no xfade, no gradients). */
export async function createTestProviders(
  options: { bundled?: boolean } = {},
): Promise<Providers & { workDir: string; dispose(): Promise<void> }> {
  const workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'reelcraft-media-test-'));
  const media = options.bundled
    ? { ffmpegPath: bundledFfmpegPath() ?? undefined, ffprobePath: bundledFfprobePath() ?? undefined }
    : {};
  const providers = await createProviders({
    media: { ...media, workDir },
  });
  return {
    ...providers,
    workDir,
    async dispose() {
      await providers.close();
      await fs.rm(workDir, { recursive: true, force: true });
    },
  };
}

let defaultTools: Promise<MediaTools> | null = null;
/** The machine's ffmpeg/ffprobe (Debian's on these machines) for checking results. */
export const tools = (): Promise<MediaTools> => (defaultTools ??= resolveMediaTools());

export async function probe(file: string): Promise<MediaProbe> {
  return probeMedia(await tools(), file);
}

/** ffmpeg's per-frame MD5s of the video stream: equal lists mean identical pictures. */
export async function frameHashes(file: string): Promise<string[]> {
  const { stdout } = await runProcess(
    (await tools()).ffmpeg.command,
    ['-nostdin', '-v', 'error', '-i', file, '-map', '0:v:0', '-f', 'framemd5', '-'],
    { collectStdout: true, label: 'framemd5' },
  );
  return stdout
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => line.split(',').at(-1)?.trim() ?? '');
}

/** True when the MP4's index (moov) comes before the media data (mdat): playback starts at once. */
export async function hasIndexFirst(file: string): Promise<boolean> {
  const data = await fs.readFile(file);
  let offset = 0;
  while (offset + 8 <= data.length) {
    const size = data.readUInt32BE(offset);
    const type = data.toString('ascii', offset + 4, offset + 8);
    if (type === 'moov') return true;
    if (type === 'mdat') return false;
    if (size < 8) return false;
    offset += size;
  }
  return false;
}

/** A photo-like JPEG: a gradient, a disc and a band, with an optional EXIF orientation. */
export async function photo(width: number, height: number, hue: number, orientation = 1): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue},60%,30%)"/><stop offset="1" stop-color="hsl(${hue + 60},70%,70%)"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${width * 0.5}" cy="${height * 0.45}" r="${Math.min(width, height) * 0.22}" fill="hsl(${hue + 180},70%,55%)"/>
    <rect x="${width * 0.1}" y="${height * 0.72}" width="${width * 0.8}" height="${height * 0.08}" fill="#ffffff" fill-opacity="0.6"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).withMetadata({ orientation }).toBuffer();
}

/** Keeps a rendered file for inspection after `release` removes the original. */
export async function keep(file: string, dir: string, name: string): Promise<string> {
  const target = path.join(dir, name);
  await fs.copyFile(file, target);
  return target;
}

/** Seconds of the file's sound that are not silence (ffmpeg silencedetect: under -40 dB for 0.6 s). */
export async function voicedSeconds(file: string, duration: number): Promise<number> {
  const { stderr } = await promisify(execFile)((await tools()).ffmpeg.command, [
    '-nostdin',
    '-hide_banner',
    '-i',
    file,
    '-map',
    '0:a:0',
    '-af',
    'silencedetect=noise=-40dB:d=0.6',
    '-f',
    'null',
    '-',
  ]);
  const silent = [...stderr.matchAll(/silence_duration: ([\d.]+)/g)].reduce(
    (sum, match) => sum + Number(match[1]),
    0,
  );
  // A silence still open at the end is reported without its duration.
  const open =
    [...stderr.matchAll(/silence_start: ([\d.]+)/g)].length > [...stderr.matchAll(/silence_end/g)].length;
  const lastStart = Number([...stderr.matchAll(/silence_start: ([\d.]+)/g)].at(-1)?.[1] ?? duration);
  return duration - silent - (open ? duration - lastStart : 0);
}
