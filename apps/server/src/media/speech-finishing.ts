import { normalizePeak, resample, softLimit } from './audio-mixing';
import { brightnessOf } from './speech-analysis';
import type { PcmAudio } from './wav';

/** What every line of the offline voice goes through after espeak has spoken it. */
export interface SpeechFinish {
  /** The output rate. */
  sampleRate: number;
  /** A clone's measured brightness, which its speech is filtered towards; none for built-in voices. */
  brightness?: number;
  speakerBoost: boolean;
}

/**
 * The clone's brightness (at espeak's rate, the rate its sample was measured at), the output rate,
 * then the levels. Takes over `raw` (filtered in place).
 */
export function finishSpeech(raw: PcmAudio, finish: SpeechFinish): PcmAudio {
  if (finish.brightness !== undefined) matchBrightness(raw, finish.brightness);
  const speech = resample(raw, finish.sampleRate);
  finishLevels(speech, finish.speakerBoost);
  return speech;
}

/** The part of the speech the brightness is measured on when choosing the filter (enough to judge). */
const BRIGHTNESS_PROBE_SECONDS = 20;

/**
 * Tilts the speech's spectrum towards a measured brightness: adds (or, negative, takes away) a
 * share of its sample-to-sample change, the share found by bisection on the first seconds. In place.
 */
export function matchBrightness(speech: PcmAudio, target: number): void {
  const tilt = (channel: Float32Array, share: number, length = channel.length) => {
    const out = new Float32Array(length);
    let previous = 0;
    for (let i = 0; i < length; i += 1) {
      const value = channel[i] ?? 0;
      out[i] = value + share * (value - previous);
      previous = value;
    }
    return out;
  };
  const probeLength = Math.min(speech.channels[0]?.length ?? 0, BRIGHTNESS_PROBE_SECONDS * speech.sampleRate);
  const brightnessWith = (share: number) =>
    brightnessOf({
      sampleRate: speech.sampleRate,
      channels: speech.channels.map((channel) => tilt(channel, share, probeLength)),
    });
  let low = -0.85;
  let high = 4;
  if (brightnessWith(low) >= target) high = low;
  else if (brightnessWith(high) <= target) low = high;
  for (let step = 0; step < 12 && high - low > 0.01; step += 1) {
    const middle = (low + high) / 2;
    if (brightnessWith(middle) < target) low = middle;
    else high = middle;
  }
  const share = (low + high) / 2;
  speech.channels = speech.channels.map((channel) => tilt(channel, share));
}

/** Speaker boost: louder and a touch denser; without it, a quieter, untouched level. */
function finishLevels(speech: PcmAudio, speakerBoost: boolean): void {
  if (speakerBoost) {
    normalizePeak(speech, 1.15);
    softLimit(speech, 0.97);
  } else {
    normalizePeak(speech, 0.7);
  }
}
