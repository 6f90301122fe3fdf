import type { PcmAudio } from './wav';

/** Linear-interpolation resampling: plenty for speech and a synthetic music bed. Pure. */
export function resample(audio: PcmAudio, sampleRate: number): PcmAudio {
  if (audio.sampleRate === sampleRate) return audio;
  const ratio = audio.sampleRate / sampleRate;
  const length = Math.round((audio.channels[0]?.length ?? 0) / ratio);
  return {
    sampleRate,
    channels: audio.channels.map((source) => {
      const out = new Float32Array(length);
      for (let index = 0; index < length; index += 1) {
        const position = index * ratio;
        const left = Math.floor(position);
        const fraction = position - left;
        const a = source[left] ?? 0;
        const b = source[left + 1] ?? a;
        out[index] = a + (b - a) * fraction;
      }
      return out;
    }),
  };
}

/** Mono becomes two equal channels; more than two are folded down. */
export function toStereo(audio: PcmAudio): PcmAudio {
  const [first, second] = audio.channels;
  if (!first) return { sampleRate: audio.sampleRate, channels: [new Float32Array(0), new Float32Array(0)] };
  if (audio.channels.length === 1)
    return { sampleRate: audio.sampleRate, channels: [first, Float32Array.from(first)] };
  if (audio.channels.length === 2 && second) return audio;
  const left = new Float32Array(first.length);
  const right = new Float32Array(first.length);
  audio.channels.forEach((channel, index) => {
    const target = index % 2 === 0 ? left : right;
    for (let i = 0; i < channel.length; i += 1)
      target[i] = (target[i] ?? 0) + (channel[i] ?? 0) / Math.ceil(audio.channels.length / 2);
  });
  return { sampleRate: audio.sampleRate, channels: [left, right] };
}

export function toMono(audio: PcmAudio): Float32Array {
  const [first] = audio.channels;
  if (!first) return new Float32Array(0);
  if (audio.channels.length === 1) return first;
  const out = new Float32Array(first.length);
  for (const channel of audio.channels) {
    for (let i = 0; i < out.length; i += 1)
      out[i] = (out[i] ?? 0) + (channel[i] ?? 0) / audio.channels.length;
  }
  return out;
}

/** Adds `source` into `target` from `offsetSeconds`, scaled by `gain`; what falls outside is dropped. */
export function mixInto(target: PcmAudio, source: PcmAudio, offsetSeconds: number, gain = 1): void {
  const offset = Math.round(offsetSeconds * target.sampleRate);
  const aligned = resample(source, target.sampleRate);
  target.channels.forEach((channel, index) => {
    const from = aligned.channels[Math.min(index, aligned.channels.length - 1)];
    if (!from) return;
    for (let i = 0; i < from.length; i += 1) {
      const at = offset + i;
      if (at < 0) continue;
      if (at >= channel.length) break;
      channel[at] = (channel[at] ?? 0) + (from[i] ?? 0) * gain;
    }
  });
}

/** Linear fades at both ends, in place. */
export function applyFades(audio: PcmAudio, fadeInSeconds: number, fadeOutSeconds: number): void {
  const fadeIn = Math.round(fadeInSeconds * audio.sampleRate);
  const fadeOut = Math.round(fadeOutSeconds * audio.sampleRate);
  for (const channel of audio.channels) {
    const length = channel.length;
    for (let i = 0; i < Math.min(fadeIn, length); i += 1) channel[i] = (channel[i] ?? 0) * (i / fadeIn);
    for (let i = 0; i < Math.min(fadeOut, length); i += 1) {
      const at = length - 1 - i;
      channel[at] = (channel[at] ?? 0) * (i / fadeOut);
    }
  }
}

/** Cuts or pads with silence to exactly `seconds`; a cut end gets a short fade so it does not click. */
export function fitDuration(audio: PcmAudio, seconds: number, fadeSeconds = 0.25): PcmAudio {
  const length = Math.round(seconds * audio.sampleRate);
  const current = audio.channels[0]?.length ?? 0;
  const channels = audio.channels.map((channel) => {
    const out = new Float32Array(length);
    out.set(channel.subarray(0, Math.min(length, channel.length)));
    return out;
  });
  const fitted = { sampleRate: audio.sampleRate, channels };
  if (current > length) applyFades(fitted, 0, Math.min(fadeSeconds, seconds / 4));
  return fitted;
}

export function peakLevel(audio: PcmAudio): number {
  let peak = 0;
  for (const channel of audio.channels) {
    for (const sample of channel) peak = Math.max(peak, Math.abs(sample));
  }
  return peak;
}

/** Scales so the loudest sample sits at `targetPeak`; silence stays silence. */
export function normalizePeak(audio: PcmAudio, targetPeak: number): void {
  const peak = peakLevel(audio);
  if (peak < 1e-6) return;
  const gain = targetPeak / peak;
  for (const channel of audio.channels) {
    for (let i = 0; i < channel.length; i += 1) channel[i] = (channel[i] ?? 0) * gain;
  }
}

/** Root-mean-square level over windows of `windowSeconds`, for ducking and speech analysis. */
export function rmsEnvelope(samples: Float32Array, sampleRate: number, windowSeconds: number): Float32Array {
  const window = Math.max(1, Math.round(windowSeconds * sampleRate));
  const out = new Float32Array(Math.ceil(samples.length / window));
  for (let w = 0; w < out.length; w += 1) {
    let sum = 0;
    const end = Math.min(samples.length, (w + 1) * window);
    for (let i = w * window; i < end; i += 1) sum += (samples[i] ?? 0) ** 2;
    out[w] = Math.sqrt(sum / Math.max(1, end - w * window));
  }
  return out;
}

/**
 * Lowers `music` to `duckGain` wherever `voice` speaks, with smooth attack and release, so the
 * narration stays intelligible over the bed. In place.
 */
export function duckUnder(music: PcmAudio, voice: PcmAudio, duckGain = 0.35): void {
  const aligned = resample(voice, music.sampleRate);
  const window = 0.02;
  const envelope = rmsEnvelope(toMono(aligned), music.sampleRate, window);
  const windowSamples = Math.round(window * music.sampleRate);
  // Attack in ~60 ms, release in ~400 ms, expressed per 20 ms window.
  const attack = 0.33;
  const release = 0.05;
  let gain = 1;
  const gains = new Float32Array(envelope.length);
  for (let w = 0; w < envelope.length; w += 1) {
    const target = (envelope[w] ?? 0) > 0.015 ? duckGain : 1;
    gain += (target - gain) * (target < gain ? attack : release);
    gains[w] = gain;
  }
  for (const channel of music.channels) {
    for (let i = 0; i < channel.length; i += 1) {
      const w = Math.floor(i / windowSamples);
      const g = w < gains.length ? (gains[w] ?? 1) : 1;
      channel[i] = (channel[i] ?? 0) * g;
    }
  }
}

/** Gentle soft-knee limiter: keeps mixes from clipping without the harshness of a hard clip. */
export function softLimit(audio: PcmAudio, ceiling = 0.95): void {
  for (const channel of audio.channels) {
    for (let i = 0; i < channel.length; i += 1) {
      const x = (channel[i] ?? 0) / ceiling;
      channel[i] =
        ceiling * (Math.abs(x) < 0.6 ? x : Math.sign(x) * (0.6 + 0.4 * Math.tanh((Math.abs(x) - 0.6) / 0.4)));
    }
  }
}

/**
 * Cuts audio at its `count - 1` longest silences (each at least `minGapSeconds`), e.g. lines spoken
 * in one run with pauses between them; each part is trimmed of silence at both ends. Null when there
 * are not enough such pauses. Pure.
 */
export function splitAtSilences(
  audio: PcmAudio,
  count: number,
  minGapSeconds: number,
  threshold = 0.004,
): PcmAudio[] | null {
  const mono = toMono(audio);
  const minGap = Math.round(minGapSeconds * audio.sampleRate);
  const gaps: { start: number; end: number }[] = [];
  let runStart = -1;
  for (let i = 0; i <= mono.length; i += 1) {
    const silent = i < mono.length && Math.abs(mono[i] ?? 0) < threshold;
    if (silent && runStart < 0) runStart = i;
    if (!silent && runStart >= 0) {
      // Silence at the very start or end is not a pause between lines.
      if (i - runStart >= minGap && runStart > 0 && i < mono.length) gaps.push({ start: runStart, end: i });
      runStart = -1;
    }
  }
  if (gaps.length < count - 1) return null;
  const cuts = gaps
    .sort((a, b) => b.end - b.start - (a.end - a.start))
    .slice(0, count - 1)
    .sort((a, b) => a.start - b.start);
  const bounds = [0, ...cuts.flatMap((gap) => [gap.start, gap.end]), mono.length];
  const parts: PcmAudio[] = [];
  const pad = Math.round(0.03 * audio.sampleRate);
  for (let k = 0; k < bounds.length; k += 2) {
    let from = bounds[k] ?? 0;
    let to = bounds[k + 1] ?? mono.length;
    while (from < to && Math.abs(mono[from] ?? 0) < threshold) from += 1;
    while (to > from && Math.abs(mono[to - 1] ?? 0) < threshold) to -= 1;
    from = Math.max(0, from - pad);
    to = Math.min(mono.length, to + pad);
    parts.push({
      sampleRate: audio.sampleRate,
      channels: audio.channels.map((channel) => channel.slice(from, to)),
    });
  }
  return parts;
}
