import fs from 'node:fs/promises';
import path from 'node:path';
import { sharp } from './sharp';
import { runAudioTask } from './audio-work';
import { MP4_CONTAINER_ARGS, videoEncoderArgs, type EncoderSettings } from './encoder-settings';
import { findFaceRegion, type FaceRegion } from './face-region';
import { runFfmpeg } from './ffmpeg-runner';
import type { MediaTools } from './media-tools';
import type { PcmAudio } from './wav';

/** Mouth shapes drawn, from closed to wide open; each frame shows the nearest one. */
const MOUTH_LEVELS = 6;
/** The portrait is drawn this much larger than shown, so the gentle camera drift never shows an edge. */
const DRIFT_MARGIN = 1.06;
/** About how long one sway of the drift takes, each way (seconds). */
const DRIFT_SWAY_SECONDS = { x: 7, y: 5 };

export interface PresenterRequest {
  /** The avatar's portrait (any image sharp reads; square works best). */
  portrait: Buffer;
  /** What the portrait says; its mouth follows this speech frame by frame. */
  speech: PcmAudio;
  width: number;
  height: number;
  fps: number;
  /** The clip's length (a storyboard scene's); the speech is as long or shorter. */
  seconds: number;
  encoder: EncoderSettings;
  /** The folder the clip and its working files are written to (the caller removes it). */
  dir: string;
  signal?: AbortSignal;
  timeoutMs?: number;
  onProgress?: (fraction: number) => void;
}

/** Where the mouth is drawn: from the face when one was found, else where a portrait usually has it. */
function mouthGeometry(face: FaceRegion | null, side: number) {
  const box = face ?? { x: 0.36, y: 0.28, width: 0.28, height: 0.36 };
  return {
    centreX: (box.x + box.width / 2) * side,
    // Skin starts at the hairline: the mouth sits at about 72% of the way down to the chin.
    centreY: (box.y + box.height * 0.72) * side,
    width: box.width * side * 0.36,
    faceHeight: box.height * side,
    // The jaw that drops is the middle of the lower face, so the cheeks' outline stays still.
    jawLeft: Math.max(0, Math.round((box.x + box.width * 0.15) * side)),
    jawWidth: Math.round(Math.min(1 - (box.x + box.width * 0.15), box.width * 0.7) * side),
    jawBottom: Math.min(side, Math.round((box.y + box.height * 1.12) * side)),
  };
}

/**
 * The portrait with its mouth `level` of MOUTH_LEVELS - 1 open: the jaw (the face below the mouth
 * line) moved down a little, and a dark mouth with a hint of teeth and lips drawn in the gap.
 */
async function mouthFrame(
  portrait: Buffer,
  side: number,
  face: FaceRegion | null,
  level: number,
): Promise<Buffer> {
  if (level === 0) return portrait;
  const open = level / (MOUTH_LEVELS - 1);
  const mouth = mouthGeometry(face, side);
  const drop = Math.max(1, Math.round(open * mouth.faceHeight * 0.055));
  const jawTop = Math.round(mouth.centreY);
  const jawHeight = Math.max(1, mouth.jawBottom - jawTop - drop);
  const jaw = await sharp(portrait)
    .extract({ left: mouth.jawLeft, top: jawTop, width: Math.max(1, mouth.jawWidth), height: jawHeight })
    .toBuffer();
  const rx = (mouth.width / 2) * (0.82 + 0.18 * open);
  const ry = Math.max(1.5, open * mouth.faceHeight * 0.075);
  const lipWidth = Math.max(1, mouth.faceHeight * 0.012);
  const cy = mouth.centreY + drop / 2;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${side}" height="${side}">
    <defs><clipPath id="m"><ellipse cx="${mouth.centreX}" cy="${cy}" rx="${rx}" ry="${ry}"/></clipPath></defs>
    <ellipse cx="${mouth.centreX}" cy="${cy}" rx="${rx}" ry="${ry}" fill="#2b0f10"/>
    <rect x="${mouth.centreX - rx}" y="${cy - ry}" width="${rx * 2}" height="${ry * 0.38}" fill="#efe7df" fill-opacity="${open > 0.3 ? 0.85 : 0}" clip-path="url(#m)"/>
    <ellipse cx="${mouth.centreX}" cy="${cy}" rx="${rx}" ry="${ry}" fill="none" stroke="#9a4a4a" stroke-opacity="0.75" stroke-width="${lipWidth}"/>
  </svg>`;
  // RGB like the closed mouth (the portrait itself): ffmpeg rebuilds its filters when the stills'
  // pixel format changes, and dropped the run of frames it held (the first closed mouth).
  return sharp(portrait)
    .composite([
      { input: jaw, left: mouth.jawLeft, top: jawTop + drop },
      { input: await sharp(Buffer.from(svg)).blur(0.6).png().toBuffer(), left: 0, top: 0 },
    ])
    .removeAlpha()
    .png()
    .toBuffer();
}

/**
 * A talking portrait made offline (a storyboard scene's footage, talking-portrait-footage.ts): the
 * avatar's portrait with its mouth moving with the speech (frame by frame), a slow camera drift
 * that is at rest where the clip starts and ends (so scenes of one presenter cut without a jump),
 * on a blurred copy of itself when the frame is wider or taller than the portrait. Written as a
 * list of mouth images with their durations, so ffmpeg encodes a few stills instead of every frame
 * being drawn in Node. Answers the silent MP4's path.
 */
export async function renderPresenterVideo(tools: MediaTools, request: PresenterRequest): Promise<string> {
  const { width, height, fps, seconds, dir } = request;
  const shown = Math.min(width, height);
  const side = Math.round((shown * DRIFT_MARGIN) / 2) * 2;
  const portrait = await sharp(request.portrait)
    .resize(side, side, { fit: 'cover' })
    .removeAlpha()
    .png()
    .toBuffer();
  const face = await findFaceRegion(portrait);
  const frames = Math.max(1, Math.round(seconds * fps));
  const levels = Array.from(
    await runAudioTask('mouthOpenness', { speech: request.speech, fps, frames }),
    (open) => Math.round(open * (MOUTH_LEVELS - 1)),
  );
  const used = [...new Set(levels)];
  await Promise.all(
    used.map(async (level) =>
      fs.writeFile(path.join(dir, `mouth-${level}.png`), await mouthFrame(portrait, side, face, level)),
    ),
  );
  // The concat list: one entry per run of frames with the same mouth (the last entry repeated, as
  // the concat demuxer wants for the final duration to count).
  const lines: string[] = ['ffconcat version 1.0'];
  for (let start = 0; start < frames;) {
    let end = start + 1;
    while (end < frames && levels[end] === levels[start]) end += 1;
    lines.push(`file mouth-${levels[start]}.png`, `duration ${((end - start) / fps).toFixed(4)}`);
    start = end;
  }
  lines.push(`file mouth-${levels[frames - 1]}.png`);
  const listPath = path.join(dir, 'mouths.ffconcat');
  await fs.writeFile(listPath, `${lines.join('\n')}\n`);

  // Whole half-sways in the clip: the drift leaves its rest position and is back at the last frame.
  const length = frames / fps;
  const sway = (axis: 'x' | 'y') => Math.max(1, Math.round(length / DRIFT_SWAY_SECONDS[axis]));
  const drift = (side - shown) / 2;
  const foreground =
    `crop=${shown}:${shown}:x='${drift}+${(drift * 0.8).toFixed(2)}*sin(PI*${sway('x')}*t/${length.toFixed(3)})':` +
    `y='${drift}+${(drift * 0.7).toFixed(2)}*sin(PI*${sway('y')}*t/${length.toFixed(3)})'`;
  const filter =
    width === height
      ? `[0:v]fps=${fps},${foreground},format=yuv420p[v]`
      : `[0:v]fps=${fps},split[a][b];` +
        `[a]scale=${Math.max(width, height)}:${Math.max(width, height)},crop=${width}:${height},boxblur=24:2,eq=brightness=-0.12[bg];` +
        `[b]${foreground}[fg];` +
        // Portrait frames keep the face in the upper part, leaving room below for captions.
        `[bg][fg]overlay=x=${(width - shown) / 2}:y=${width > height ? 0 : Math.round((height - shown) * 0.35)},format=yuv420p[v]`;
  const videoPath = path.join(dir, 'portrait.mp4');
  await runFfmpeg(
    tools,
    [
      '-f',
      'concat',
      '-safe',
      '0',
      '-i',
      listPath,
      '-filter_complex',
      filter,
      '-map',
      '[v]',
      '-frames:v',
      String(frames),
      // The scene's render encodes it once more under its captions: keep this generation sharp.
      ...videoEncoderArgs({ ...request.encoder, crf: Math.min(request.encoder.crf, 18) }, fps),
      '-an',
      ...MP4_CONTAINER_ARGS,
      videoPath,
    ],
    {
      signal: request.signal,
      timeoutMs: request.timeoutMs ?? 10 * 60_000,
      expectedSeconds: length,
      ...(request.onProgress ? { onProgress: request.onProgress } : {}),
      label: 'presenter',
    },
  );
  return videoPath;
}
