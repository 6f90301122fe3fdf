import type { StoryboardContent } from '@reelcraft/contract';
import { z } from 'zod';
import { frameCount } from '../../media/frame-size';
import type { CloneVoice } from '../../providers';
import { isBuiltInVoiceId, BUILT_IN_VOICES } from '../../providers/speech/voice-catalogue';
import { completeSettings, espeakParametersFor } from '../../providers/speech/voice-settings';
import { captionPhrases } from '../../providers/video/scene-planner';
import { spokenSceneSeconds, STORYBOARD_FORMAT } from '../../providers/video/storyboard-scenes';

/**
 * How long a slides video will be, before it is rendered (issue 36 item 9: the screen said 20 s and
 * the video was 31 s). The renderer speaks each scene phrase by phrase and lays the phrases with
 * `spokenSceneSeconds`; this predicts each phrase's speech and lays it with the same function, over
 * the same scenes the start call renders. Pure.
 */

/** The speaking rate (espeak's words a minute) a voice is estimated at when nothing else is known. */
const NEUTRAL_RATE = 170;

/**
 * Seconds of speech per syllable, per pause inside a phrase (a comma or a full stop), and per
 * phrase, at the neutral rate: fitted on 400 phrases of slide narrations said by the eight built-in
 * voices (each voice's total within 5 %).
 */
const SECONDS_PER_SYLLABLE = 0.184;
const SECONDS_PER_PAUSE = 0.305;
const SECONDS_PER_PHRASE = 0.32;

/** What the local engine keeps of a clone (providers/speech/local-speech-provider.ts): its rate. */
const cloneRateSchema = z.object({ rate: z.number().positive() });

/** The rate a voice speaks at: a built-in voice's, a local clone's measured one, else the neutral. */
export function speakingRate(speaker: { voiceId: string; clone?: CloneVoice }): number {
  if (speaker.clone) {
    const profile = cloneRateSchema.safeParse(speaker.clone.profile);
    return profile.success ? profile.data.rate : NEUTRAL_RATE;
  }
  if (!isBuiltInVoiceId(speaker.voiceId)) return NEUTRAL_RATE;
  // The default settings move a voice's rate as a render speaks it.
  return espeakParametersFor(BUILT_IN_VOICES[speaker.voiceId].base, completeSettings()).rate;
}

const ONES = [
  ...['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'],
  ...['eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen'],
  'nineteen',
];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];

/** A whole number as it is said ("1,250": "one thousand two hundred and fifty"). */
function numberWords(value: number): string {
  if (value < 20) return ONES[value]!;
  if (value < 100) return `${TENS[Math.floor(value / 10)]} ${value % 10 ? ONES[value % 10] : ''}`;
  if (value < 1000) {
    const rest = value % 100;
    return `${ONES[Math.floor(value / 100)]} hundred${rest ? ` and ${numberWords(rest)}` : ''}`;
  }
  for (const [unit, name] of [
    [1e9, 'billion'],
    [1e6, 'million'],
    [1e3, 'thousand'],
  ] as const) {
    if (value >= unit) {
      const rest = value % unit;
      return `${numberWords(Math.floor(value / unit))} ${name}${rest ? ` ${numberWords(rest)}` : ''}`;
    }
  }
  return '';
}

/** Syllables of a plain word: its vowel groups, less a silent final "e" or "-ed". */
function wordSyllables(word: string): number {
  const letters = word.toLowerCase().replace(/[^a-z]/g, '');
  if (!letters) return 0;
  let count = letters.match(/[aeiouy]+/g)?.length ?? 0;
  if (count > 1 && /[^l]e$/.test(letters)) count -= 1;
  if (count > 1 && /[^aeiouytd]ed$/.test(letters)) count -= 1;
  return Math.max(1, count);
}

/** Syllables a phrase is said in: numbers as words, short capitals spelled out ("API": 3). */
export function syllableCount(text: string): number {
  let total = 0;
  for (const token of text.match(/[A-Za-z]+|\d[\d,]*(?:\.\d+)?|[%&@]/g) ?? []) {
    if (/^[%&@]$/.test(token)) total += token === '%' ? 2 : 1;
    else if (/^\d/.test(token)) {
      const [whole = '0', decimals = ''] = token.replace(/,/g, '').split('.');
      const value = Number(whole);
      total += value < 1e12 ? syllableCount(numberWords(value)) : whole.length;
      // "point" and one syllable a decimal digit, about.
      if (decimals) total += 1 + decimals.length;
    } else if (/^[A-Z]{2,5}$/.test(token))
      total += [...token].reduce((sum, c) => sum + (c === 'W' ? 3 : 1), 0);
    else total += wordSyllables(token);
  }
  return total;
}

/** The seconds a voice at `rate` takes to say a phrase, as the renderer measures it (trimmed). */
export function phraseSpeechSeconds(phrase: string, rate: number): number {
  const pauses = phrase.trim().match(/[.,;:!?](?=\s)/g)?.length ?? 0;
  const scale = NEUTRAL_RATE / rate;
  return (
    SECONDS_PER_PHRASE + (SECONDS_PER_SYLLABLE * syllableCount(phrase) + SECONDS_PER_PAUSE * pauses) * scale
  );
}

/**
 * Each scene's length in a storyboard's video spoken at `rate`, as the renderer makes it: a spoken
 * scene lasts its phrases and their pauses, a silent (or fixed) one its own seconds.
 */
export function storyboardSceneSeconds(content: StoryboardContent, rate: number): number[] {
  const { fps } = STORYBOARD_FORMAT;
  return content.scenes.map((scene) => {
    const phrases = content.voice_id === null ? [] : captionPhrases([scene.narration]);
    const seconds =
      phrases.length > 0 && !scene.duration_fixed
        ? spokenSceneSeconds(
            phrases,
            phrases.map((phrase) => phraseSpeechSeconds(phrase, rate)),
          )
        : scene.duration_seconds;
    return frameCount(seconds, fps) / fps;
  });
}
