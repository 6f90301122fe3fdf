/**
 * Gallery (`npm run bench:gallery`): renders every prompt of bench/prompts.json with the local
 * providers (8 s, standard quality, its aspect ratio), takes 4 frames of each and writes a contact
 * sheet beside the prompts and render times: bench/results/gallery.html (frames in
 * bench/results/gallery/) and bench/results/gallery.png, plus the figures in gallery.json. For judging
 * by eye whether the videos show what was asked.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import type { AspectRatio } from '../apps/server/src/media/frame-size';
import { findCaptionFonts } from '../apps/server/src/media/font-files';
import { resolveMediaTools } from '../apps/server/src/media/media-tools';
import { createTempWorkspace } from '../apps/server/src/media/temp-workspace';
import { extractFrame } from '../apps/server/src/media/video-renderer';
import { readPrompt } from '../apps/server/src/providers/prompt-reading';
import { createEspeakEngine } from '../apps/server/src/providers/speech/espeak-engine';
import { createLocalSpeechProvider } from '../apps/server/src/providers/speech/local-speech-provider';
import { createLocalTextProvider } from '../apps/server/src/providers/text/local-text-provider';
import { createLocalVideoProvider } from '../apps/server/src/providers/video/local-video-provider';

interface GalleryPrompt {
  id: string;
  group: string;
  aspect: AspectRatio;
  prompt: string;
  expect: { subject: string; setting: string };
}

const DURATION_S = Number(process.env.GALLERY_SECONDS ?? 8);
const FPS = 24;
const FRAME_AT = [0.15, 0.4, 0.65, 0.9];
const THUMB_HEIGHT = 180;
const here = path.dirname(fileURLToPath(import.meta.url));
const resultsDir = path.join(here, 'results');
const framesDir = path.join(resultsDir, 'gallery');

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

async function main() {
  const prompts = JSON.parse(await fs.readFile(path.join(here, 'prompts.json'), 'utf8')) as GalleryPrompt[];
  const only = process.env.GALLERY_ONLY?.split(',');
  const tools = await resolveMediaTools({
    ffmpegPath: process.env.FFMPEG_PATH,
    ffprobePath: process.env.FFPROBE_PATH,
  });
  const workspace = await createTempWorkspace(os.tmpdir(), 'reelcraft-gallery-');
  const speech = createLocalSpeechProvider({ tools, engine: createEspeakEngine(), workDir: workspace.dir });
  const fonts = findCaptionFonts();
  const video = createLocalVideoProvider({
    tools,
    speech,
    fonts,
    workDir: workspace.dir,
    narrationWriter: createLocalTextProvider(),
  });
  await fs.mkdir(framesDir, { recursive: true });
  const rows: {
    item: GalleryPrompt;
    frames: string[];
    wallMs: number;
    ffmpegMs: number;
    read: {
      subjects: string[];
      setting: string;
      action: string | null;
      time: string | null;
      weather: string;
    };
  }[] = [];
  try {
    for (const [index, item] of prompts.entries()) {
      if (only && !only.includes(item.id)) continue;
      const started = performance.now();
      const rendered = await video.fromText({
        prompt: item.prompt,
        durationSeconds: DURATION_S,
        aspect: item.aspect,
        fps: FPS,
        quality: 'standard',
        seed: 1,
      });
      const wallMs = performance.now() - started;
      const frames: string[] = [];
      for (const [frameIndex, at] of FRAME_AT.entries()) {
        const name = `${item.id}-${frameIndex + 1}.jpg`;
        await extractFrame(tools, rendered.path, at * DURATION_S, path.join(framesDir, name), {
          longSide: 320,
        });
        frames.push(name);
      }
      await rendered.release();
      const reading = readPrompt(item.prompt);
      rows.push({
        item,
        frames,
        wallMs,
        ffmpegMs: rendered.renderMs,
        read: {
          subjects: reading.subjects.map((subject) => subject.label),
          setting: reading.setting,
          action: reading.action?.kind ?? null,
          time: reading.time,
          weather: reading.weather,
        },
      });
      console.log(
        `${String(index + 1).padStart(2)} ${item.id.padEnd(20)} ${Math.round(wallMs)} ms (ffmpeg ${Math.round(rendered.renderMs)} ms)`,
      );
    }
  } finally {
    await speech.close();
    await workspace.remove();
  }

  const totalMs = rows.reduce((sum, row) => sum + row.wallMs, 0);
  const figures = {
    date: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      node: process.version,
      loadAverage: os.loadavg().map((v) => Number(v.toFixed(2))),
    },
    ffmpeg: tools.ffmpeg.version,
    durationSeconds: DURATION_S,
    fps: FPS,
    quality: 'standard',
    prompts: rows.length,
    meanWallMs: Math.round(totalMs / Math.max(1, rows.length)),
    meanTimesRealtime: Number(((DURATION_S * 1000 * rows.length) / Math.max(1, totalMs)).toFixed(2)),
    rows: rows.map((row) => ({
      id: row.item.id,
      aspect: row.item.aspect,
      prompt: row.item.prompt,
      expect: row.item.expect,
      read: row.read,
      wallMs: Math.round(row.wallMs),
      ffmpegMs: Math.round(row.ffmpegMs),
    })),
  };
  await fs.writeFile(path.join(resultsDir, 'gallery.json'), `${JSON.stringify(figures, null, 2)}\n`);

  const html = `<!doctype html><meta charset="utf-8"><title>ReelCraft offline gallery</title>
<style>body{font:14px system-ui,sans-serif;background:#111;color:#eee;margin:24px}td{padding:6px;vertical-align:middle}
td.p{width:300px}img{height:${THUMB_HEIGHT / 1.5}px;border-radius:4px}small{color:#aaa}</style>
<h1>Offline videos: ${rows.length} prompts</h1>
<p>${DURATION_S} s each, ${FPS} fps, standard quality, 4 frames at ${FRAME_AT.map((at) => `${Math.round(at * 100)} %`).join(', ')}; mean ${figures.meanWallMs} ms per video (${figures.meanTimesRealtime}x realtime, narration and captions included), ${figures.date}.</p>
<table>${rows
    .map(
      (row) =>
        `<tr><td class="p"><b>${escapeHtml(row.item.prompt)}</b><br><small>${row.item.group}, ${row.item.aspect}; read: ${escapeHtml(row.read.subjects.join(', ') || 'no subject')} / ${row.read.setting}${row.read.action ? ` / ${row.read.action}` : ''}${row.read.time ? ` / ${row.read.time}` : ''}${row.read.weather !== 'clear' ? ` / ${row.read.weather}` : ''}; ${Math.round(row.wallMs)} ms</small></td>${row.frames
          .map((frame) => `<td><img src="gallery/${frame}" alt=""></td>`)
          .join('')}</tr>`,
    )
    .join('\n')}</table>\n`;
  await fs.writeFile(path.join(resultsDir, 'gallery.html'), html);

  // The PNG: one row per prompt, its text on the left, the frames at one height.
  const labelWidth = 420;
  const rowImages = await Promise.all(
    rows.map(async (row) => {
      const thumbs = await Promise.all(
        row.frames.map((frame) =>
          sharp(path.join(framesDir, frame))
            .resize({ height: THUMB_HEIGHT })
            .toBuffer({ resolveWithObject: true }),
        ),
      );
      const framesWidth = thumbs.reduce((sum, thumb) => sum + thumb.info.width + 8, 0);
      const label = await sharp({
        text: {
          text: `<span foreground="#ffffff"><b>${escapeHtml(row.item.prompt)}</b></span>\n<span size="small" foreground="#aaaaaa">${row.item.aspect} · ${escapeHtml(row.read.subjects.join(', ') || 'no subject')} · ${row.read.setting} · ${(row.wallMs / 1000).toFixed(1)} s</span>`,
          font: 'DejaVu Sans 14',
          ...(fonts ? { fontfile: fonts.sans } : {}),
          width: labelWidth - 24,
          rgba: true,
          dpi: 72,
        },
      })
        .png()
        .toBuffer();
      let left = labelWidth;
      const composites = [{ input: label, left: 12, top: 12 }];
      for (const thumb of thumbs) {
        composites.push({ input: thumb.data, left, top: 0 });
        left += thumb.info.width + 8;
      }
      return { width: labelWidth + framesWidth, composites };
    }),
  );
  const sheetWidth = Math.max(...rowImages.map((row) => row.width));
  const rowHeight = THUMB_HEIGHT + 10;
  await sharp({
    create: { width: sheetWidth, height: rowHeight * rowImages.length, channels: 3, background: '#141414' },
  })
    .composite(
      rowImages.flatMap((row, index) =>
        row.composites.map((item) => ({
          ...item,
          top: item.top + index * rowHeight + (item.left === 12 ? 0 : 5),
        })),
      ),
    )
    // A palette PNG: the sheet is committed, and full colour would make it several megabytes.
    .png({ palette: true, quality: 85, compressionLevel: 9 })
    .toFile(path.join(resultsDir, 'gallery.png'));
  console.log(
    `mean ${figures.meanWallMs} ms per ${DURATION_S} s video (${figures.meanTimesRealtime}x realtime); written bench/results/gallery.{html,png,json}`,
  );
}

await main();
