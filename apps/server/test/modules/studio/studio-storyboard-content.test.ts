import { describe, expect, it } from 'vitest';
import { STORYBOARD_LIMITS, type StoryboardContent, type StoryboardScene } from '@reelcraft/contract';
import {
  candidateSeed,
  candidateStoryboard,
  candidateStoryboardId,
  extendedStoryboard,
  narratedStoryboard,
  spreadPhrases,
} from '../../../src/modules/studio/studio-storyboard-content';
import { soundApartArgs } from '../../../src/modules/studio/studio-storyboards';
import { voiceoverPhrases } from '../../../src/modules/studio/studio-voiceover';

const scene = (id: string, narration = `The line of ${id}.`): StoryboardScene => ({
  id,
  narration,
  duration_seconds: 3,
  duration_fixed: false,
  transition: 'cut',
  visual: {
    subjects: [{ kind: 'illustration', id: 'coffee', label: 'mug', tint: null }],
    setting: 'kitchen',
    time: 'day',
    weather: 'clear',
    camera: 'auto',
    action: 'hero',
    prompt: null,
  },
});

const draft = (ids: string[]): StoryboardContent => ({
  title: 'Mugs',
  aspect_ratio: '16:9',
  voice_id: 'adam',
  music: { mood: 'warm', volume: 0.5 },
  captions: { enabled: true, style: 'highlight' },
  language: 'en',
  scenes: ids.map((id) => scene(id)),
});

const look = { index: 0, subjectUris: ['memory://uploads/u/face.jpg'], tint: null };
const narrations = (content: StoryboardContent) => content.scenes.map((item) => item.narration);

describe("the studio's candidates as storyboards", () => {
  it('derives one storyboard id per job and candidate, a UUID the same every time', () => {
    const id = candidateStoryboardId('job-1', 'candidate-2');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(candidateStoryboardId('job-1', 'candidate-2')).toBe(id);
    expect(candidateStoryboardId('job-1', 'candidate-3')).not.toBe(id);
    expect(candidateStoryboardId('job-2', 'candidate-2')).not.toBe(id);
    expect(new Set([0, 1, 2, 3].map((index) => candidateSeed(2_147_483_000, index))).size).toBe(4);
  });

  it('is silent, as long as asked (each scene at least a second), the subject photo in every other scene', () => {
    const candidate = candidateStoryboard(draft(['s1', 's2', 's3', 's4']), 8, look);
    expect(candidate.voice_id).toBeNull();
    expect(candidate.scenes.map((item) => item.id)).toEqual(['s1', 's2', 's3', 's4']);
    expect(candidate.scenes.reduce((sum, item) => sum + item.duration_seconds, 0)).toBeCloseTo(8, 5);
    expect(candidate.scenes.every((item) => item.duration_fixed)).toBe(true);
    expect(candidate.scenes.map((item) => item.visual.subjects[0]!.kind)).toEqual([
      'image',
      'illustration',
      'image',
      'illustration',
    ]);
    const second = candidateStoryboard(draft(['s1', 's2', 's3']), 3, { ...look, index: 1, tint: '#ff8800' });
    expect(second.scenes[0]!.visual.subjects).toEqual([
      { kind: 'illustration', id: 'coffee', label: 'mug', tint: { color: '#ff8800', neutral: false } },
    ]);
    expect(second.scenes[1]!.visual.subjects[0]).toMatchObject({ kind: 'image' });
    // Two seconds hold two scenes: the opening one and the closing one.
    const short = candidateStoryboard(draft(['s1', 's2', 's3']), 2, look);
    expect(short.scenes.map((item) => [item.id, item.duration_seconds])).toEqual([
      ['s1', 1],
      ['s3', 1],
    ]);
  });

  it('extends with the added scenes after its own, their ids kept apart, within the limits', () => {
    const chosen = candidateStoryboard(draft(['s1', 's2', 's3']), 3, look);
    const extended = extendedStoryboard(chosen, draft(['s1', 'x2', 'x3']), 2, look);
    expect(extended.scenes.map((item) => item.id)).toEqual(['s1', 's2', 's3', 's1-2', 'x2']);
    expect(extended.scenes.slice(3).map((item) => item.duration_seconds)).toEqual([1, 1]);
    expect(extended.scenes.slice(0, 3)).toEqual(chosen.scenes);
    const full = { ...chosen, scenes: Array.from({ length: 39 }, (_, n) => scene(`f${n}`)) };
    expect(() => extendedStoryboard(full, draft(['a', 'b']), 2, look)).toThrow(/scenes/i);
  });
});

describe("the voiceover as a storyboard's narration", () => {
  it('spreads phrases over scenes in order, as evenly as their words allow, each scene at least one', () => {
    expect(spreadPhrases(['a b c', 'd', 'e f', 'g h i j'], 2)).toEqual(['a b c d e f', 'g h i j']);
    expect(spreadPhrases(['a', 'b', 'c'], 3)).toEqual(['a', 'b', 'c']);
    expect(spreadPhrases(['one two three four five six'], 1)).toEqual(['one two three four five six']);
    expect(spreadPhrases(['a b c d e f g h', 'i', 'j'], 3)).toEqual(['a b c d e f g h', 'i', 'j']);
  });

  it("replaces the narration with the voiceover's words, in the voice, each scene as long as its speech", () => {
    const script =
      'Our mugs are made by hand. Each one keeps your coffee warm, from the first sip to the last.';
    const phrases = voiceoverPhrases(script)!;
    const chosen = candidateStoryboard(draft(['s1', 's2', 's3']), 3, look);
    const narrated = narratedStoryboard(chosen, phrases, 'clone-1')!;
    expect(narrations(narrated).join(' ')).toBe(script);
    expect(narrated.voice_id).toBe('clone-1');
    expect(narrated.captions.enabled).toBe(true);
    expect(narrated.scenes.map((item) => item.id)).toEqual(['s1', 's2', 's3']);
    expect(narrated.scenes.every((item) => !item.duration_fixed && item.duration_seconds >= 1)).toBe(true);
    expect(narrated.scenes[0]!.visual).toEqual(chosen.scenes[0]!.visual);
    // Fewer phrases than scenes: the scenes it does not reach are left out.
    const short = narratedStoryboard(chosen, ['Hello there.'], 'adam')!;
    expect(narrations(short)).toEqual(['Hello there.']);
  });

  it('repeats the pictures for a voiceover longer than the scenes hold, and gives up past 3 minutes', () => {
    const sentence = 'Each handmade mug is thrown on the wheel, trimmed, glazed twice and fired for a day.';
    const long = Array.from({ length: 30 }, () => sentence).join(' ');
    const chosen = candidateStoryboard(draft(['s1', 's2']), 2, look);
    const narrated = narratedStoryboard(chosen, voiceoverPhrases(long)!, 'adam')!;
    expect(narrations(narrated).join(' ')).toBe(long);
    expect(narrated.scenes.length).toBeGreaterThan(2);
    expect(
      narrated.scenes.every((item) => item.narration.length <= STORYBOARD_LIMITS.maxNarrationChars),
    ).toBe(true);
    expect(new Set(narrated.scenes.map((item) => item.id)).size).toBe(narrated.scenes.length);
    expect(narrated.scenes[2]!.visual).toEqual(chosen.scenes[0]!.visual);
    const tooLong = Array.from({ length: 70 }, () => sentence).join(' ');
    expect(narratedStoryboard(chosen, voiceoverPhrases(tooLong)!, 'adam')).toBeNull();
  });

  it('copies the pictures without sound and decodes the soundtrack apart, in one ffmpeg run', () => {
    const args = soundApartArgs('in.mp4', 'pictures.mp4', 'sound.wav');
    expect(args.slice(0, 2)).toEqual(['-i', 'in.mp4']);
    const pictures = args.indexOf('pictures.mp4');
    expect(args.slice(2, pictures)).toEqual(['-map', '0:v:0', '-c:v', 'copy', '-an', '-f', 'mp4']);
    expect(args.slice(pictures + 1)).toEqual([
      '-map',
      '0:a:0',
      '-vn',
      '-c:a',
      'pcm_s16le',
      '-ar',
      '44100',
      '-ac',
      '2',
      '-f',
      'wav',
      'sound.wav',
    ]);
  });
});
