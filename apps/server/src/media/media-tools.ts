import { createRequire } from 'node:module';
import fs from 'node:fs';
import { findExecutable } from './executables';
import { MediaError } from './media-error';
import { runProcess } from './process-runner';

/** Where a binary came from, in the order they are tried. */
export type BinarySource = 'configured' | 'path' | 'bundled';

export interface ResolvedBinary {
  /** What is spawned: the configured path, or the absolute path of the one found. */
  command: string;
  source: BinarySource;
  /** First line of `-version`, e.g. "ffmpeg version 5.1.9-0+deb12u1". */
  version: string;
}

/**
 * What the resolved ffmpeg can do. The graphs only use filters present in the bundled 2018 build; the
 * newer ones are reported so the log says what the machine has.
 */
export interface FfmpegFeatures {
  /** drawtext needs a build with libfreetype; without it the captions are left out. */
  drawtext: boolean;
  xfade: boolean;
  gradients: boolean;
  filters: ReadonlySet<string>;
  encoders: ReadonlySet<string>;
}

export interface MediaTools {
  ffmpeg: ResolvedBinary;
  ffprobe: ResolvedBinary;
  features: FfmpegFeatures;
}

export interface MediaToolsOptions {
  /** FFMPEG_PATH: used as given; a wrong path is an error rather than a silent fallback. */
  ffmpegPath?: string;
  /** FFPROBE_PATH. */
  ffprobePath?: string;
  /** Skip the PATH look-up (tests that must prove the bundled build). */
  skipPath?: boolean;
}

/** Filters and encoders every render needs; start-up fails clearly when one is missing. */
export const REQUIRED_FILTERS = [
  'zoompan',
  'overlay',
  'fade',
  'concat',
  'trim',
  'split',
  'format',
  'scale',
  'setsar',
  'setpts',
  'tpad',
  'color',
] as const;
export const REQUIRED_ENCODERS = ['libx264', 'aac'] as const;

const requireFromHere = createRequire(import.meta.url);

function bundledPath(packageName: '@ffmpeg-installer/ffmpeg' | '@ffprobe-installer/ffprobe'): string | null {
  try {
    // Both packages throw (a string) when no binary exists for this platform.
    const found = (requireFromHere(packageName) as { path?: unknown }).path;
    return typeof found === 'string' && fs.existsSync(found) ? found : null;
  } catch {
    return null;
  }
}

/** The ffmpeg shipped by @ffmpeg-installer (a 2018 static build), or null on an unsupported platform. */
export const bundledFfmpegPath = (): string | null => bundledPath('@ffmpeg-installer/ffmpeg');
export const bundledFfprobePath = (): string | null => bundledPath('@ffprobe-installer/ffprobe');

async function versionOf(command: string): Promise<string | null> {
  try {
    const { stdout } = await runProcess(command, ['-hide_banner', '-version'], {
      collectStdout: true,
      timeoutMs: 15_000,
      label: `${command} -version`,
    });
    return stdout.split('\n')[0]?.trim() ?? '';
  } catch {
    return null;
  }
}

async function resolveBinary(
  name: 'ffmpeg' | 'ffprobe',
  configured: string | undefined,
  bundled: string | null,
  skipPath: boolean,
): Promise<ResolvedBinary> {
  const variable = name === 'ffmpeg' ? 'FFMPEG_PATH' : 'FFPROBE_PATH';
  if (configured) {
    const version = await versionOf(configured);
    if (version === null) {
      throw new MediaError('missing_binary', `${variable} does not point to a working ${name}.`, {
        details: configured,
      });
    }
    return { command: configured, source: 'configured', version };
  }
  const onPath = skipPath ? null : await findExecutable(name);
  if (onPath) {
    const version = await versionOf(onPath);
    if (version !== null) return { command: onPath, source: 'path', version };
  }
  if (bundled) {
    const version = await versionOf(bundled);
    if (version !== null) return { command: bundled, source: 'bundled', version };
  }
  throw new MediaError(
    'missing_binary',
    `No ${name} found: set ${variable}, install ${name}, or install the bundled package.`,
  );
}

/** Parses the name column of `ffmpeg -filters` / `-encoders` (lines like " T.C zoompan  V->V  ..."). */
export function parseCapabilityList(output: string): Set<string> {
  const names = new Set<string>();
  for (const line of output.split('\n')) {
    const match = /^\s*[A-Z.|]{3,6}\s+([A-Za-z0-9_]+)\s/.exec(line);
    if (match?.[1] && match[1] !== '=') names.add(match[1]);
  }
  return names;
}

async function listOf(ffmpeg: string, flag: '-filters' | '-encoders'): Promise<Set<string>> {
  const { stdout } = await runProcess(ffmpeg, ['-hide_banner', flag], {
    collectStdout: true,
    timeoutMs: 15_000,
    label: `ffmpeg ${flag}`,
  });
  return parseCapabilityList(stdout);
}

/**
 * Finds ffmpeg and ffprobe (configured path, then the PATH, then the bundled build) and checks what
 * they can do. Called once at start-up; the result is passed to everything that renders.
 */
export async function resolveMediaTools(options: MediaToolsOptions = {}): Promise<MediaTools> {
  const skipPath = options.skipPath ?? false;
  const [ffmpeg, ffprobe] = await Promise.all([
    resolveBinary('ffmpeg', options.ffmpegPath, bundledFfmpegPath(), skipPath),
    resolveBinary('ffprobe', options.ffprobePath, bundledFfprobePath(), skipPath),
  ]);
  const [filters, encoders] = await Promise.all([
    listOf(ffmpeg.command, '-filters'),
    listOf(ffmpeg.command, '-encoders'),
  ]);
  const missing = [
    ...REQUIRED_FILTERS.filter((filter) => !filters.has(filter)),
    ...REQUIRED_ENCODERS.filter((encoder) => !encoders.has(encoder)),
  ];
  if (missing.length > 0) {
    throw new MediaError('missing_feature', `The ffmpeg in use lacks ${missing.join(', ')}.`, {
      details: `${ffmpeg.command}: ${ffmpeg.version}`,
    });
  }
  return {
    ffmpeg,
    ffprobe,
    features: {
      drawtext: filters.has('drawtext'),
      xfade: filters.has('xfade'),
      gradients: filters.has('gradients'),
      filters,
      encoders,
    },
  };
}

/** One log line's worth of facts about the tools in use. */
export function describeMediaTools(tools: MediaTools): Record<string, string | boolean> {
  return {
    ffmpeg: tools.ffmpeg.command,
    ffmpegSource: tools.ffmpeg.source,
    ffmpegVersion: tools.ffmpeg.version,
    ffprobe: tools.ffprobe.command,
    ffprobeSource: tools.ffprobe.source,
    drawtext: tools.features.drawtext,
    xfade: tools.features.xfade,
    gradients: tools.features.gradients,
  };
}
