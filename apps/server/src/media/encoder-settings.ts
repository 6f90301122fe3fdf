/**
 * The one set of encoder settings for every rendered MP4 (and for the benchmark's reference encode):
 * H.264 High in yuv420p with the index at the front, AAC stereo. Browsers play this everywhere.
 */
export interface EncoderSettings {
  /** x264 preset: veryfast keeps a 2-core machine well above realtime at 720p. */
  preset: string;
  crf: number;
  audioBitrateKbps: number;
  audioSampleRate: number;
  /** x264 threads; undefined lets x264 choose (all cores). */
  threads?: number;
}

export const DEFAULT_ENCODER_SETTINGS: Readonly<EncoderSettings> = {
  preset: 'veryfast',
  crf: 23,
  audioBitrateKbps: 128,
  audioSampleRate: 44_100,
};

/** Keyframe every 2 s so a browser can seek without decoding far back. */
const KEYFRAME_INTERVAL_SECONDS = 2;

export function videoEncoderArgs(settings: EncoderSettings, fps: number): string[] {
  return [
    '-c:v',
    'libx264',
    '-preset',
    settings.preset,
    '-crf',
    String(settings.crf),
    '-pix_fmt',
    'yuv420p',
    '-profile:v',
    'high',
    '-g',
    String(Math.round(fps * KEYFRAME_INTERVAL_SECONDS)),
    ...(settings.threads !== undefined ? ['-threads', String(settings.threads)] : []),
  ];
}

export function audioEncoderArgs(settings: EncoderSettings): string[] {
  return [
    '-c:a',
    'aac',
    '-b:a',
    `${settings.audioBitrateKbps}k`,
    '-ar',
    String(settings.audioSampleRate),
    '-ac',
    '2',
  ];
}

/** The index (moov) first, so playback starts before the whole file has arrived. */
export const MP4_CONTAINER_ARGS = ['-movflags', '+faststart', '-f', 'mp4'] as const;
