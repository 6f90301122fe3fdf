import { SILENT_SLIDE_SECONDS } from '@reelcraft/contract';
import { describe, expect, it } from 'vitest';
import { BUILT_IN_VOICES } from '../../providers/speech/voice-catalogue';
import { slidesStoryboard } from './slides-storyboard';
import { phraseSpeechSeconds, speakingRate, storyboardSceneSeconds, syllableCount } from './slides-length';

const videoSeconds = (...args: Parameters<typeof storyboardSceneSeconds>) =>
  storyboardSceneSeconds(...args).reduce((sum, seconds) => sum + seconds, 0);

const deck = (...narrations: string[]) =>
  slidesStoryboard(
    'Deck',
    { voice_id: 'rachel', aspect_ratio: '16:9', music: true },
    narrations.map((narration, index) => ({ imageKey: `slide-${index}.png`, narration })),
    (key) => `s3://bucket/${key}`,
  );

describe('the length of a slides video, before it renders', () => {
  it('counts the syllables a voice says: numbers as words, short capitals spelled out', () => {
    expect(syllableCount('running shoes')).toBe(3);
    // "twenty four percent", "one thousand two hundred and fifty"
    expect(syllableCount('24%')).toBe(5);
    expect(syllableCount('1,250')).toBe(8);
    expect(syllableCount('the API')).toBe(4);
  });

  it('speaks at each voice’s rate: a built-in voice’s, a local clone’s, else a neutral one', () => {
    expect(speakingRate({ voiceId: 'bella' })).toBe(BUILT_IN_VOICES.bella.base.rate);
    expect(speakingRate({ voiceId: 'domi' })).toBe(BUILT_IN_VOICES.domi.base.rate);
    expect(
      speakingRate({ voiceId: 'clone-1', clone: { providerVoiceId: null, profile: { rate: 140 } } }),
    ).toBe(140);
    expect(speakingRate({ voiceId: 'clone-2', clone: { providerVoiceId: 'v', profile: null } })).toBe(170);
    expect(phraseSpeechSeconds('a slower voice says this', 140)).toBeGreaterThan(
      phraseSpeechSeconds('a slower voice says this', 200),
    );
  });

  it('adds each spoken slide’s speech and pauses and each silent slide’s seconds', () => {
    const silent = deck('', '');
    expect(videoSeconds(silent, 165)).toBeCloseTo(2 * SILENT_SLIDE_SECONDS);
    const short = videoSeconds(deck('Thank you.'), 165);
    const long = videoSeconds(
      deck(
        'October: we launched the new app in Spain and Portugal, hired ten engineers, and doubled our weekly active users.',
      ),
      165,
    );
    expect(short).toBeGreaterThan(1);
    expect(short).toBeLessThan(2);
    // Rachel says it in 7.7 s (measured with espeak-ng); 19 words at 3.6 a second would be 5.9.
    expect(long).toBeGreaterThan(6.8);
    expect(long).toBeLessThan(8.4);
    expect(videoSeconds(deck('Thank you.', ''), 165)).toBeCloseTo(short + SILENT_SLIDE_SECONDS, 1);
  });
});
