import { toMono } from './audio-mixing';
import type { PcmAudio } from './wav';

/**
 * How open the mouth is on each frame, 0..1, from the spoken audio itself: loudness in a 40 ms
 * window against the narration's own loud parts, opening fast and closing a little slower as lips
 * do; hissing sounds (many zero crossings, little energy) keep it narrow. Pure.
 */
export function mouthOpenness(speech: PcmAudio, fps: number, frames: number): Float32Array {
  const samples = toMono(speech);
  const rate = speech.sampleRate;
  const half = Math.round(rate * 0.02);
  const loudness = new Float32Array(frames);
  const crossings = new Float32Array(frames);
  for (let frame = 0; frame < frames; frame += 1) {
    const centre = Math.round((frame / fps) * rate);
    const start = Math.max(0, centre - half);
    const end = Math.min(samples.length, centre + half);
    let sum = 0;
    let zeroCrossings = 0;
    for (let i = start; i < end; i += 1) {
      const value = samples[i] ?? 0;
      sum += value * value;
      if (i > start && value >= 0 !== (samples[i - 1] ?? 0) >= 0) zeroCrossings += 1;
    }
    loudness[frame] = end > start ? Math.sqrt(sum / (end - start)) : 0;
    crossings[frame] = end > start ? zeroCrossings / (end - start) : 0;
  }
  const sorted = [...loudness].sort((a, b) => a - b);
  const loud = sorted[Math.floor(sorted.length * 0.95)] || 1;
  const open = new Float32Array(frames);
  let previous = 0;
  for (let frame = 0; frame < frames; frame += 1) {
    let target = Math.min(1, Math.max(0, ((loudness[frame] ?? 0) / loud - 0.08) * 1.25));
    // A hiss ("s", "f") has many zero crossings: teeth together, lips apart a little.
    if ((crossings[frame] ?? 0) > 0.25) target = Math.min(target, 0.3);
    previous =
      target > previous ? previous + (target - previous) * 0.8 : previous + (target - previous) * 0.45;
    open[frame] = previous;
  }
  return open;
}
