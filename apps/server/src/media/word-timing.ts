import type { PcmAudio } from './wav';

/** When one word of a spoken line is said, in seconds from the line's start. */
export interface WordTime {
  start: number;
  end: number;
}

/** Syllables of an English word, counted from its vowel groups (good to about one syllable). */
export function syllables(word: string): number {
  const letters = word.toLowerCase().replace(/[^a-z]/g, '');
  if (!letters) return /\d/.test(word) ? Math.max(1, word.replace(/\D/g, '').length) : 1;
  const groups = letters
    .replace(/(?:[^laeiouy]es|ed|[^laeiouy]e)$/, '')
    .replace(/^y/, '')
    .match(/[aeiouy]{1,2}/g);
  return Math.max(1, groups?.length ?? 1);
}

/**
 * Where the voice is in a line of speech: from the first to the last 10 ms window louder than a
 * fraction of the line's peak (espeak pads lines with silence).
 */
export function voicedSpan(audio: PcmAudio, threshold = 0.06): WordTime {
  const samples = audio.channels[0] ?? new Float32Array(0);
  const windowSize = Math.max(1, Math.round(audio.sampleRate * 0.01));
  const levels: number[] = [];
  for (let at = 0; at < samples.length; at += windowSize) {
    let peak = 0;
    for (let i = at; i < Math.min(samples.length, at + windowSize); i += 1)
      peak = Math.max(peak, Math.abs(samples[i] ?? 0));
    levels.push(peak);
  }
  const loudest = Math.max(0, ...levels);
  const duration = samples.length / audio.sampleRate;
  if (loudest === 0) return { start: 0, end: duration };
  const first = levels.findIndex((level) => level >= loudest * threshold);
  const last = levels.findLastIndex((level) => level >= loudest * threshold);
  return {
    start: (first * windowSize) / audio.sampleRate,
    end: Math.min(duration, ((last + 1) * windowSize) / audio.sampleRate),
  };
}

/**
 * A phrase of speech cut to its voice and `marginSeconds` either side (engines pad what they say
 * with silence), so phrases laid one after another follow each other as a narrator says them.
 */
export function trimToVoice(audio: PcmAudio, marginSeconds = 0.05): PcmAudio {
  const span = voicedSpan(audio);
  if (!(span.end > span.start)) return audio;
  const from = Math.max(0, Math.floor((span.start - marginSeconds) * audio.sampleRate));
  const to = Math.ceil((span.end + marginSeconds) * audio.sampleRate);
  return {
    ...audio,
    channels: audio.channels.map((channel) => channel.subarray(from, Math.min(channel.length, to))),
  };
}

/**
 * The words of a line spread over its voiced span in proportion to their syllables (plus a little for
 * each word and for a pause after a comma). espeak-ng gives no word timings; a line is synthesised on
 * its own, so the error is bounded by one short phrase. Pure.
 */
export function wordTimes(text: string, span: WordTime): WordTime[] {
  const words = text.split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const weights = words.map((word) => syllables(word) + 0.4 + (/[,;:]$/.test(word) ? 0.8 : 0));
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const length = Math.max(0.05, span.end - span.start);
  let at = span.start;
  return weights.map((weight) => {
    const start = at;
    at += (weight / total) * length;
    return { start, end: at };
  });
}

/** A line's length when no speech is synthesised (captions of silent studio candidates). */
export function estimatedLineSeconds(text: string): number {
  const words = text.split(/\s+/).filter(Boolean);
  return 0.2 + words.reduce((sum, word) => sum + syllables(word) * 0.2 + 0.05, 0);
}
