import { describe, expect, it } from 'vitest';
import { buildFitVideoCommand } from '../../../src/media/fit-video-graph';
import { DEFAULT_ENCODER_SETTINGS } from '../../../src/media/encoder-settings';
import { layVoiceover, voiceoverPhrases } from '../../../src/modules/studio/studio-voiceover';
import { captionCardWindows } from '../../../src/providers/lip-sync/voiceover-captions';

describe('a typed voiceover as caption phrases', () => {
  it('splits the script into the phrases every flow captions, keeping every word', () => {
    const script = 'Meet the mug that makes every morning warmer. Made by hand, for you!';
    const phrases = voiceoverPhrases(script);
    expect(phrases).not.toBeNull();
    expect(phrases!.join(' ')).toBe(script);
    expect(phrases!.every((phrase) => phrase.split(' ').length <= 6)).toBe(true);
  });

  it('answers null for a script the captions would cut: it is then spoken whole, without captions', () => {
    expect(voiceoverPhrases('Visit https://example.com/a-very-long-path-that-no-caption-holds today.')).toBe(
      null,
    );
    expect(voiceoverPhrases('你好，欢迎光临。')).toBe(null);
  });

  it('lays the phrases one after another and times each caption to its voice', () => {
    const phrases = ['Made by hand,', 'for you.', 'Every morning.'];
    const spoken = [
      { seconds: 1, voicedStart: 0.05, voicedEnd: 0.95 },
      { seconds: 0.6, voicedStart: 0.05, voicedEnd: 0.55 },
      { seconds: 0.8, voicedStart: 0.05, voicedEnd: 0.75 },
    ];
    const laid = layVoiceover(phrases, spoken, { lead: 0.2, phraseGap: 0.1, sentenceGap: 0.3, tail: 0.1 });
    expect(laid.starts).toEqual([0.2, 1.3, 2.2]);
    expect(laid.seconds).toBeCloseTo(3.1, 6);
    expect(laid.captions.map((caption) => caption.text)).toEqual(phrases);
    // Each caption starts with its voice and stays until the next one (or a little after, within the voiceover).
    expect(laid.captions[0]).toMatchObject({ start: 0.25, end: 1.35 });
    expect(laid.captions[1]!.start).toBeCloseTo(1.35, 6);
    expect(laid.captions[2]!.end).toBeCloseTo(3.1, 6);
    expect(laid.captions[2]!.words).toHaveLength(2);
    expect(laid.captions[2]!.words[0]!.start).toBeCloseTo(2.25, 6);
    expect(laid.captions[2]!.words[1]!.end).toBeCloseTo(2.95, 6);
  });
});

describe('the export burning the captions in', () => {
  it('shows one card per word said, swapped as the words are spoken, cut to the video', () => {
    const windows = captionCardWindows(
      [
        {
          text: 'Made by',
          start: 0.1,
          end: 1,
          words: [
            { start: 0.1, end: 0.4 },
            { start: 0.5, end: 0.8 },
          ],
        },
        { text: 'hand', start: 1, end: 9, words: [{ start: 1, end: 1.5 }] },
      ],
      10,
      20,
    );
    expect(windows).toEqual([
      { text: 'Made by', highlight: 0, startFrame: 1, endFrame: 5 },
      { text: 'Made by', highlight: 1, startFrame: 5, endFrame: 10 },
      { text: 'hand', highlight: 0, startFrame: 10, endFrame: 20 },
    ]);
  });

  it('draws the cards in the fit pass, each only in its frames', () => {
    const command = buildFitVideoCommand({
      videoPath: 'clip.mp4',
      videoFrames: 48,
      fps: 24,
      width: 1280,
      height: 720,
      targetFrames: 72,
      audioPath: 'voice.wav',
      overlays: [
        { imagePath: 'card-0.png', x: 101, y: 600, startFrame: 10, endFrame: 20 },
        { imagePath: 'card-1.png', x: 101, y: 600, startFrame: 20, endFrame: 90 },
        { imagePath: 'late.png', x: 0, y: 0, startFrame: 80, endFrame: 90 },
      ],
      encoder: DEFAULT_ENCODER_SETTINGS,
      outputPath: 'out.mp4',
    });
    const graph = command.args[command.args.indexOf('-filter_complex') + 1]!;
    expect(command.args.filter((arg) => arg.endsWith('.png'))).toEqual(['card-0.png', 'card-1.png']);
    expect(graph).toContain(
      '[fitted][2:v]overlay=x=101:y=600:format=yuv420:enable=between(t\\,0.395833\\,0.8125)',
    );
    expect(graph).toContain('[card0][3:v]overlay=');
    expect(graph).toMatch(/format=yuv420p\[vout\]$/);
  });
});
