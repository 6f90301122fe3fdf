import { duckUnder, fitDuration, mixInto, softLimit, toStereo } from './audio-mixing';
import { synthesizeMusicBed, type MusicBedRequest } from './music-bed';
import { createSilence, type PcmAudio } from './wav';

/**
 * The soundtracks of the renders, each one pure function from its parts to the finished PCM. They
 * run in the audio worker (media/audio-worker.ts): each is a few hundred milliseconds of arithmetic
 * for a minute of sound.
 */

/** A line of speech and where it starts, in seconds. */
export type PlacedSpeech = [audio: PcmAudio, atSeconds: number];

export interface StorySoundtrack {
  seconds: number;
  sampleRate: number;
  /** The bed, `seconds` long (synthesised while the narration is spoken); ducked in place. */
  music: PcmAudio;
  /** A user's voice sample, laid in from 0.4 s. */
  voice: PcmAudio | null;
  lines: readonly PlacedSpeech[];
}

/** Music bed plus narration (and voice sample), the bed ducked under the speech, limited. */
export function storySoundtrack(input: StorySoundtrack): PcmAudio {
  const { seconds, sampleRate, music } = input;
  const narration = createSilence(sampleRate, 2, seconds);
  if (input.voice) mixInto(narration, toStereo(input.voice), 0.4);
  for (const [line, at] of input.lines) mixInto(narration, toStereo(line), at);
  duckUnder(music, narration, 0.3);
  mixInto(music, narration, 0, 0.95);
  softLimit(music, 0.97);
  return fitDuration(music, seconds);
}

export interface ExtensionSoundtrack {
  sampleRate: number;
  /** The extended clip's own sound, cut to `leadSeconds`. */
  lead: PcmAudio;
  leadSeconds: number;
  /** The bed under the part added, `addedSeconds` long from `leadSeconds`. */
  music: Omit<MusicBedRequest, 'durationSeconds' | 'sampleRate'>;
  addedSeconds: number;
  totalSeconds: number;
}

/** An extended clip's sound, then a music bed under the part added. */
export function extensionSoundtrack(input: ExtensionSoundtrack): PcmAudio {
  const { sampleRate, leadSeconds, totalSeconds } = input;
  const audio = createSilence(sampleRate, 2, totalSeconds);
  mixInto(audio, fitDuration(input.lead, leadSeconds, 0.3), 0);
  const bed = synthesizeMusicBed({ ...input.music, durationSeconds: input.addedSeconds, sampleRate });
  mixInto(audio, bed, leadSeconds);
  return fitDuration(audio, totalSeconds);
}

export interface SlidesSoundtrack {
  seconds: number;
  sampleRate: number;
  narrations: readonly PlacedSpeech[];
  /** No bed when null. */
  music: Omit<MusicBedRequest, 'durationSeconds' | 'sampleRate'> | null;
}

/** The slides' narrations, over a calm bed ducked under them when there is music, limited. */
export function slidesSoundtrack(input: SlidesSoundtrack): PcmAudio {
  const { seconds, sampleRate } = input;
  const narration = createSilence(sampleRate, 2, seconds);
  for (const [voice, at] of input.narrations) mixInto(narration, toStereo(voice), at);
  let soundtrack = narration;
  if (input.music) {
    const bed = synthesizeMusicBed({ ...input.music, durationSeconds: seconds, sampleRate });
    duckUnder(bed, narration, 0.22);
    mixInto(bed, narration, 0, 0.95);
    soundtrack = bed;
  }
  softLimit(soundtrack, 0.97);
  return fitDuration(soundtrack, seconds);
}

export interface VoiceoverSoundtrack {
  seconds: number;
  sampleRate: number;
  /** The clip's own sound, kept underneath at `clipGain`. */
  clip: PcmAudio;
  clipGain: number;
  speech: PcmAudio;
}

/** A voiceover over a clip's own sound, which is ducked while the voice speaks; limited. */
export function voiceoverSoundtrack(input: VoiceoverSoundtrack): PcmAudio {
  const { seconds, sampleRate } = input;
  const clip = fitDuration(input.clip, seconds);
  const voice = fitDuration(toStereo(input.speech), seconds);
  duckUnder(clip, voice, 0.4);
  const mix = createSilence(sampleRate, 2, seconds);
  mixInto(mix, clip, 0, input.clipGain);
  mixInto(mix, voice, 0);
  softLimit(mix, 0.97);
  return mix;
}
