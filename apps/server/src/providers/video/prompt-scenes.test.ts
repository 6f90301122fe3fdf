import { describe, expect, it } from 'vitest';
import { readPrompt, type ActionKind, type CameraMove, type Setting } from '../prompt-reading';
import { writeNarration } from '../text/narration-writer';
import { captionPhrases, placeNarration, planTextVideo } from './scene-planner';

interface Case {
  prompt: string;
  /** Emoji names of the subjects, main first; [] for none. */
  subjects: string[];
  action: ActionKind | null;
  setting: Setting;
  camera?: CameraMove[];
  time?: string;
  weather?: string;
}

/* Prompt -> what the planner reads from it. Subjects are the illustration set's own names. */
const CASES: Case[] = [
  {
    prompt: 'A red fox runs through a snowy forest at dawn, soft golden light, slow camera dolly',
    subjects: ['fox'],
    action: 'cross',
    setting: 'forest',
    camera: ['push-in'],
    time: 'dawn',
    weather: 'snow',
  },
  { prompt: 'A silver wristwatch on black marble', subjects: ['watch'], action: null, setting: 'studio' },
  { prompt: 'A coffee terrace', subjects: ['hot beverage'], action: null, setting: 'cafe' },
  {
    prompt: 'Two cats sleeping on a sofa while rain falls outside',
    subjects: ['cat'],
    action: 'hero',
    setting: 'home',
    weather: 'rain',
  },
  {
    prompt: 'An eagle soars over snowy mountains',
    subjects: ['eagle'],
    action: 'arc',
    setting: 'mountains',
    weather: 'snow',
  },
  {
    prompt: 'Dolphins swimming underwater near a coral reef',
    subjects: ['dolphin', 'coral'],
    action: 'bob',
    setting: 'underwater',
  },
  {
    prompt: 'A man riding a bicycle in the city at night',
    subjects: ['man biking'],
    action: 'cross',
    setting: 'city',
    time: 'night',
  },
  {
    prompt: 'Fresh strawberries falling into milk, close-up',
    subjects: ['strawberry', 'glass of milk'],
    action: 'drop',
    setting: 'abstract',
    camera: ['close-up'],
  },
  {
    prompt: 'A premium perfume bottle rotating on a pedestal, luxury commercial',
    subjects: ['lotion bottle'],
    action: 'spin',
    setting: 'studio',
  },
  {
    prompt: 'Abstract fluid shapes swirling in vivid colours',
    subjects: [],
    action: null,
    setting: 'abstract',
  },
  {
    prompt: 'A futuristic AI robot analysing data on holographic screens',
    subjects: ['robot'],
    action: null,
    setting: 'abstract',
  },
  {
    prompt: 'An astronaut floating in space next to a ringed planet',
    subjects: ['astronaut', 'ringed planet'],
    action: 'bob',
    setting: 'space',
  },
  {
    prompt: 'A sunflower blooming in a field on a sunny afternoon',
    subjects: ['sunflower'],
    action: 'grow',
    setting: 'field',
    time: 'day',
  },
  {
    prompt: 'Drone shot of a lighthouse on a rocky cliff at sunset',
    subjects: [],
    action: null,
    setting: 'mountains',
    camera: ['aerial'],
    time: 'sunset',
  },
  {
    prompt: 'A woman doing yoga on the beach at sunrise',
    subjects: ['person in lotus position'],
    action: null,
    setting: 'beach',
    time: 'dawn',
  },
  {
    prompt: 'A horse gallops across a green meadow at sunset',
    subjects: ['horse'],
    action: 'cross',
    setting: 'field',
    time: 'sunset',
  },
  {
    prompt: 'A penguin waddles across the arctic ice in falling snow',
    subjects: ['penguin'],
    action: 'cross',
    setting: 'snowfield',
    weather: 'snow',
  },
  {
    prompt: 'A butterfly flutters over a flower garden on a sunny morning',
    subjects: ['butterfly', 'white flower'],
    action: 'arc',
    setting: 'field',
    time: 'day',
  },
  {
    prompt: 'An owl sitting in a dark forest at night, close-up',
    subjects: ['owl'],
    action: 'hero',
    setting: 'forest',
    camera: ['close-up'],
    time: 'night',
  },
  {
    prompt: 'A red sneaker on grey concrete, orbit camera',
    subjects: ['running shoe'],
    action: null,
    setting: 'studio',
    camera: ['orbit'],
  },
  {
    prompt: 'Wireless headphones on a wooden desk in a bright office',
    subjects: ['headphone'],
    action: null,
    setting: 'office',
  },
  {
    prompt: 'A blue smartphone floating in a studio, push-in',
    subjects: ['mobile phone'],
    action: 'bob',
    setting: 'studio',
    camera: ['push-in'],
  },
  {
    prompt: 'A hot pizza on the table in a cozy kitchen',
    subjects: ['pizza'],
    action: null,
    setting: 'kitchen',
  },
  {
    prompt: 'A golden croissant and a cup of tea in a Paris cafe in the morning',
    subjects: ['croissant', 'teacup without handle'],
    action: null,
    setting: 'cafe',
    time: 'dawn',
  },
  {
    prompt: 'A juicy burger on a wooden board, macro shot',
    subjects: ['hamburger'],
    action: null,
    setting: 'studio',
    camera: ['close-up'],
  },
  {
    prompt: 'A sailboat on the ocean near a tropical beach at sunset, aerial view',
    subjects: ['sailboat'],
    action: null,
    setting: 'beach',
    camera: ['aerial'],
    time: 'sunset',
  },
  {
    prompt: 'A camel walks over desert dunes under a blazing sun',
    subjects: ['camel'],
    action: 'cross',
    setting: 'desert',
  },
  {
    prompt: 'An old castle on a hill in thick fog',
    subjects: ['castle'],
    action: null,
    setting: 'mountains',
    weather: 'fog',
  },
  {
    prompt: 'A woman runs through the park on a rainy morning',
    subjects: ['woman running'],
    action: 'cross',
    setting: 'field',
    weather: 'rain',
  },
  { prompt: 'A chef cooking in a busy kitchen', subjects: ['cook'], action: null, setting: 'kitchen' },
  {
    prompt: 'A red balloon rising into a cloudy sky',
    subjects: ['balloon'],
    action: 'grow',
    setting: 'sky',
    weather: 'cloudy',
  },
  {
    prompt: 'A rocket launches into space at night, wide shot',
    subjects: ['rocket'],
    action: 'arc',
    setting: 'space',
    camera: ['wide'],
    time: 'night',
  },
  {
    prompt: 'A dog jumps into a lake on a summer day',
    subjects: ['dog'],
    action: 'arc',
    setting: 'lake',
    time: 'day',
  },
  { prompt: 'A tiger walking through the jungle', subjects: ['tiger'], action: 'cross', setting: 'forest' },
  { prompt: 'A shark swims in the deep ocean', subjects: ['shark'], action: 'bob', setting: 'beach' },
  {
    prompt: 'Leaves fall from a tree in autumn',
    subjects: ['maple leaf', 'evergreen tree'],
    action: 'drop',
    setting: 'abstract',
  },
  { prompt: 'A turtle crawls along the beach', subjects: ['turtle'], action: 'cross', setting: 'beach' },
  {
    prompt: 'A panda eating bamboo in a misty forest',
    subjects: ['panda'],
    action: null,
    setting: 'forest',
    weather: 'fog',
  },
  {
    prompt: 'A car drives down a mountain road at sunset, tracking shot',
    subjects: ['automobile'],
    action: 'cross',
    setting: 'mountains',
    camera: ['pan'],
    time: 'sunset',
  },
  {
    prompt: 'A hot air balloon floats over the valley at dawn',
    subjects: ['balloon'],
    action: 'bob',
    setting: 'sky',
    time: 'dawn',
  },
  {
    prompt: 'A snowman in a snowy field at night',
    subjects: ['snowman'],
    action: null,
    setting: 'field',
    time: 'night',
    weather: 'snow',
  },
  { prompt: 'A guitar on a stage under the lights', subjects: ['guitar'], action: null, setting: 'abstract' },
  {
    prompt: 'A cupcake with pink frosting on a marble counter',
    subjects: ['cupcake'],
    action: null,
    setting: 'kitchen',
  },
  {
    prompt: 'A laptop on a desk in a quiet office, slow pan',
    subjects: ['laptop'],
    action: null,
    setting: 'office',
    camera: ['pan'],
  },
  { prompt: 'A rabbit hops across a spring meadow', subjects: ['rabbit'], action: 'cross', setting: 'field' },
  {
    prompt: 'Jellyfish drifting in dark blue water',
    subjects: ['jellyfish'],
    action: 'bob',
    setting: 'abstract',
  },
  {
    prompt: 'A train crossing a bridge in the mountains',
    subjects: ['train', 'bridge at night'],
    action: null,
    setting: 'mountains',
  },
  {
    prompt: 'A bee flies over a sunflower in the garden',
    subjects: ['honeybee', 'sunflower'],
    action: 'arc',
    setting: 'field',
  },
  {
    prompt: 'Pancakes with syrup on a kitchen table in the morning',
    subjects: ['pancakes'],
    action: null,
    setting: 'kitchen',
    time: 'dawn',
  },
  {
    prompt: 'An elephant walks across the savanna at sunset',
    subjects: ['elephant'],
    action: 'cross',
    setting: 'desert',
    time: 'sunset',
  },
  {
    prompt: 'A diamond ring on black velvet, close-up',
    subjects: ['gem stone'],
    action: null,
    setting: 'studio',
    camera: ['close-up'],
  },
  {
    prompt: 'A wolf howls on a snowy hill under the moon',
    subjects: ['wolf'],
    action: null,
    setting: 'mountains',
    weather: 'snow',
  },
  {
    prompt: 'Children play football in the park',
    subjects: ['child', 'soccer ball'],
    action: null,
    setting: 'field',
  },
];

describe('reading a prompt (table of ' + CASES.length + ' prompts)', () => {
  it.each(CASES)('$prompt', (expected) => {
    const reading = readPrompt(expected.prompt);
    expect(reading.subjects.map((subject) => subject.label)).toEqual(expected.subjects);
    expect(reading.action?.kind ?? null).toBe(expected.action);
    expect(reading.setting).toBe(expected.setting);
    expect(reading.camera).toEqual(expected.camera ?? []);
    if (expected.time) expect(reading.time).toBe(expected.time);
    expect(reading.weather).toBe(expected.weather ?? 'clear');
  });

  it('tints subjects and surfaces with the colour and material words', () => {
    const watch = readPrompt('A silver wristwatch on black marble');
    expect(watch.subjects[0]?.tint).toMatchObject({ neutral: true });
    expect(watch.surface).toEqual({ material: 'marble', color: expect.stringMatching(/^#/) });
    expect(readPrompt('A blue smartphone floating in a studio').subjects[0]?.tint).toMatchObject({
      neutral: false,
    });
  });
});

describe('planning the scenes from the reading', () => {
  const plan = (prompt: string, seed = 1, durationSeconds = 15) =>
    planTextVideo({ prompt, durationSeconds, fps: 24, seed, narration: true });

  it.each(CASES.filter((item) => item.subjects.length > 0))(
    'shows the subject of "$prompt" in every scene',
    ({ prompt, subjects }) => {
      const scenes = plan(prompt).scenes;
      const shown = (scene: (typeof scenes)[number]) => [
        ...(scene.figures ?? []).map((figure) => figure.icon),
        ...(scene.moving ?? []).map((subject) => subject.icon),
      ];
      const main = readPrompt(prompt).subjects[0]?.icon;
      expect(subjects.length).toBeGreaterThan(0);
      for (const scene of scenes) expect(shown(scene).length).toBeGreaterThan(0);
      expect(shown(scenes[0]!)).toContain(main);
    },
  );

  it('moves the subject by its verb: runs cross, flies arc, floats bob, falls drop', () => {
    const moving = (prompt: string) => plan(prompt).scenes.flatMap((scene) => scene.moving ?? [])[0];
    const fox = moving('A red fox runs through a snowy forest');
    expect(fox && Math.abs(fox.toX - fox.fromX)).toBeGreaterThan(0.4);
    expect(moving('An eagle soars over the mountains')?.arc).toBeGreaterThan(0.1);
    expect(moving('An astronaut floating in space')?.bob).toBeGreaterThan(0);
    const fall = moving('Strawberries falling into milk');
    expect(fall?.fromY).toBeLessThan(0);
    expect(fall?.easing).toBe('in');
    // No verb: the subject stands in the still and the camera moves.
    const watch = plan('A silver wristwatch on black marble').scenes;
    expect(watch.every((scene) => (scene.moving ?? []).length === 0)).toBe(true);
    expect(watch[0]?.figures?.[0]?.tint?.neutral).toBe(true);
  });

  it('lets camera words move the camera, never captions or narration', () => {
    const camera = /\b(camera|dolly|drone|shot|pans?|zoom|tracking|push-in|orbit|aerial)\b/i;
    for (const item of CASES) {
      const planned = plan(item.prompt);
      for (const line of planned.narrationLines) expect(line, item.prompt).not.toMatch(camera);
      for (const scene of planned.scenes)
        for (const caption of scene.captions) expect(caption.text).not.toMatch(camera);
    }
    expect(plan('A silver wristwatch on black marble, slow camera dolly').scenes[0]?.motion.kind).toBe(
      'zoom-in',
    );
    expect(plan('A car drives down a mountain road, tracking shot').scenes[0]?.motion.kind).toBe('pan-left');
    expect(plan('A sailboat near a beach, aerial view').scenes[0]?.motion.kind).toBe('pan-down');
    expect(plan('A red sneaker on concrete, orbit camera').scenes[0]?.motion.kind).toBe('drift');
  });

  it('writes a narration from the prompt rather than reading the prompt aloud', () => {
    for (const item of CASES) {
      const { sentences } = writeNarration(item.prompt, 15, 1);
      expect(sentences.length, item.prompt).toBeGreaterThanOrEqual(2);
      const spoken = sentences.join(' ');
      // At least one sentence shares no three words in a row with the prompt.
      const prompt = item.prompt.toLowerCase().replace(/[^a-z ]/g, '');
      const fresh = sentences.filter((sentence) => {
        const words = sentence
          .toLowerCase()
          .replace(/[^a-z ]/g, '')
          .split(' ');
        return words.every(
          (_, i) => i + 3 > words.length || !prompt.includes(words.slice(i, i + 3).join(' ')),
        );
      });
      expect(fresh.length, item.prompt).toBeGreaterThanOrEqual(1);
      // About 2.5 words a second, within the video.
      expect(spoken.split(' ').length).toBeLessThanOrEqual(36);
      for (const sentence of sentences) expect(sentence).toMatch(/^[A-Z].*[.!?]$/);
    }
    expect(writeNarration('A red fox runs through a snowy forest at dawn', 15, 1).sentences[0]).toBe(
      'At dawn, a red fox runs through a snowy forest.',
    );
    expect(writeNarration('Dolphins swimming underwater near a coral reef', 15, 1).sentences[0]).toBe(
      'Dolphins swim underwater near a coral reef.',
    );
    // A short video gets a short script.
    expect(
      writeNarration('A red fox runs through a snowy forest at dawn', 4, 1).sentences.join(' ').split(' ')
        .length,
    ).toBeLessThanOrEqual(8);
  });

  it('captions the narration in whole phrases, timed word by word to the speech', () => {
    const phrases = captionPhrases([
      'At dawn, a red fox runs through a snowy forest.',
      'Fresh snow settles all around.',
    ]);
    expect(phrases).toEqual([
      'At dawn,',
      'a red fox runs',
      'through a snowy forest.',
      'Fresh snow settles all around.',
    ]);
    for (const phrase of phrases) expect(phrase).not.toMatch(/\b(a|an|the)$/i);
    const planned = plan('A red fox runs through a snowy forest at dawn', 1, 15);
    const spoken = planned.narrationLines.map(() => ({ seconds: 1.2, voicedStart: 0.1, voicedEnd: 1.0 }));
    const placed = placeNarration(planned, spoken);
    expect(placed.starts.length).toBe(planned.narrationLines.length);
    const captions = placed.plan.scenes.flatMap((scene) => scene.captions);
    expect(captions.length).toBeGreaterThanOrEqual(planned.narrationLines.length);
    for (const scene of placed.plan.scenes) {
      for (const caption of scene.captions) {
        expect(caption.startFrame).toBeGreaterThanOrEqual(0);
        expect(caption.endFrame).toBeLessThanOrEqual(scene.frames);
        const words = caption.words ?? [];
        expect(words).toHaveLength(caption.text.split(' ').length);
        for (let i = 1; i < words.length; i += 1)
          expect(words[i]!.startFrame).toBeGreaterThanOrEqual(words[i - 1]!.startFrame);
      }
    }
    // Lines that would run past the end are left out, not squeezed.
    const tooLong = placeNarration(
      planned,
      planned.narrationLines.map(() => ({ seconds: 6, voicedStart: 0.1, voicedEnd: 5.8 })),
    );
    expect(tooLong.starts.length).toBeLessThan(planned.narrationLines.length);
    expect(Math.max(...tooLong.starts) + 5.8).toBeLessThanOrEqual(15);
  });
});
