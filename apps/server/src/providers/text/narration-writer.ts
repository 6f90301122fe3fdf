import { createRandom, hashText, type Random } from '../../media/seeded-random';
import { classifyPrompt, type PromptCategory } from '../prompt-categories';
import {
  readPrompt,
  type ActionKind,
  type PromptReading,
  type Setting,
  type TimeOfDay,
} from '../prompt-reading';

/** A narration script: short sentences a narrator says over the video, in order. */
export interface NarrationScript {
  sentences: string[];
}

/** Speech runs at about 2.5 words a second; the narration leaves room to breathe at both ends. */
const WORDS_PER_SECOND = 2.5;

const SETTING_PLACES: Record<Setting, string> = {
  forest: 'the forest',
  snowfield: 'the snow',
  city: 'the city',
  beach: 'the shore',
  desert: 'the desert',
  mountains: 'the mountains',
  space: 'the silence of space',
  underwater: 'the deep blue water',
  office: 'the office',
  kitchen: 'the kitchen',
  studio: 'the spotlight',
  cafe: 'the terrace',
  field: 'the open field',
  lake: 'the water',
  sky: 'the open sky',
  home: 'a quiet home',
  abstract: 'a world of colour',
};
const TIME_LINES: Record<TimeOfDay, string[]> = {
  dawn: ['The first light of dawn spills over everything.', 'Morning arrives, soft and golden.'],
  day: ['The day is bright and wide open.', 'Sunlight fills every corner.'],
  sunset: ['The sun sinks low and the sky turns gold.', 'Evening light paints everything warm.'],
  night: ['Night falls, and the lights come alive.', 'Under the night sky, all is calm.'],
};
const WEATHER_LINES: Record<string, string[]> = {
  snow: ['Snow drifts down, soft and silent.', 'Fresh snow settles all around.'],
  rain: ['Rain taps gently on every surface.', 'The rain keeps falling, steady and calm.'],
  fog: ['A gentle mist hangs in the air.', 'Fog softens every edge.'],
  storm: ['Thunder rolls somewhere far away.', 'The storm gathers overhead.'],
  cloudy: ['Clouds roll slowly across the sky.'],
};
const ACTION_LINES: Record<ActionKind, string[]> = {
  cross: ['Every stride is quick and sure.', 'It keeps moving, never looking back.'],
  arc: ['It rises higher with every beat.', 'Up it goes, light as air.'],
  spin: ['It turns slowly, showing every detail.', 'Every angle catches the light.'],
  bob: ['It drifts along, weightless and calm.', 'Gently, it glides on.'],
  drop: ['Down it tumbles, one moment at a time.', 'It falls, and everything slows down.'],
  grow: ['It opens up, bigger and brighter.', 'Little by little, it grows.'],
  hero: ['Take a closer look.', 'Every detail is worth a second look.'],
};
const CLOSINGS: Record<PromptCategory, string[]> = {
  nature: ['Wild, free, and beautiful.', 'Nature at its most quiet.'],
  product: ['Made to be noticed.', 'Designed to stand out.'],
  action: ['Feel the rush.', 'No limits.'],
  abstract: ['Pure shape and colour.', 'Let it flow.'],
  lifestyle: ['Simple moments, well lived.', 'Slow down and enjoy it.'],
  technology: ['The future is already here.', 'Smarter every day.'],
};

const capitalise = (text: string) => (text ? `${text[0]?.toUpperCase()}${text.slice(1)}` : text);
/** "A red fox" -> "a red fox"; keeps names and "AI" as they are. */
const lowerFirst = (text: string) =>
  /^[A-Z](?:[a-z]|\s)/.test(text) && !/^(I|AI)\b/.test(text)
    ? `${text[0]?.toLowerCase()}${text.slice(1)}`
    : text;
const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;

/** The verb phrase in the present tense, third person, without the camera words ("runs through..."). */
function actionClause(reading: PromptReading, plural: boolean): string | null {
  const action = reading.action;
  if (!action) return null;
  const words = action.phrase.split(/\s+/).filter(Boolean);
  const first = words[0]?.toLowerCase() ?? '';
  // "swimming near a reef" -> "swims near a reef" ("dolphins swim"); "runs through" stays.
  if (plural) words[0] = action.verb;
  else if (first.endsWith('ing')) {
    const verb = action.verb;
    const third = /(s|sh|ch|x|z|o)$/.test(verb)
      ? `${verb}es`
      : /[^aeiou]y$/.test(verb)
        ? `${verb.slice(0, -1)}ies`
        : `${verb}s`;
    words[0] = third;
  }
  // The verb and its first part only ("runs through a snowy forest"), so the line is not the prompt.
  const openers = new Set([
    'in',
    'on',
    'at',
    'under',
    'over',
    'through',
    'across',
    'into',
    'near',
    'by',
    'with',
    'while',
    'and',
    'as',
  ]);
  const second = words.findIndex(
    (word, index) =>
      index > 1 &&
      openers.has(word.toLowerCase()) &&
      words.slice(1, index).some((w) => openers.has(w.toLowerCase())),
  );
  const kept = second > 0 ? words.slice(0, second) : words;
  const clause = kept
    .join(' ')
    .replace(/[,;:.]+$/, '')
    .replace(/\s+(while|and|as|with|then)$/i, '');
  return wordCount(clause) <= 10 ? clause : words.slice(0, 8).join(' ');
}

function subjectPhrase(reading: PromptReading): string | null {
  const subject = reading.subjects[0];
  if (!subject) return null;
  const phrase = lowerFirst(subject.phrase.trim());
  if (/^(a|an|the|two|three|some|many|one|our|my|your|its|his|her|their)\b/i.test(phrase)) return phrase;
  if (subject.plural) return phrase;
  return `${/^[aeiou]/i.test(phrase) ? 'an' : 'a'} ${phrase}`;
}

function opening(reading: PromptReading, random: Random): string {
  const subject = subjectPhrase(reading);
  const clause = actionClause(reading, reading.subjects[0]?.plural ?? false);
  const place = reading.settingWord ? SETTING_PLACES[reading.setting] : null;
  const when = reading.time
    ? { dawn: 'At dawn', day: 'In broad daylight', sunset: 'At sunset', night: 'At night' }[reading.time]
    : null;
  if (subject && clause) {
    // "At dawn, a fox runs through the forest" rather than "... the forest at dawn" twice.
    const once = when
      ? clause.replace(
          /\s+(at|in the|during|by)\s+(\w+\s+)?(dawn|sunrise|sunset|dusk|night|midnight|morning|evening|daylight|afternoon|noon)\b/i,
          '',
        )
      : clause;
    return capitalise(`${when ? `${when}, ` : ''}${subject} ${once}.`);
  }
  const waits = reading.subjects[0]?.plural ? 'wait' : 'waits';
  if (subject && place) return capitalise(`${when ? `${when}, ` : 'Here, '}${subject} ${waits} in ${place}.`);
  if (subject) return capitalise(random.pick([`Meet ${subject}.`, `This is ${subject}.`]));
  if (place) return capitalise(`${when ? `${when}, ` : ''}welcome to ${place}.`);
  return random.pick(['Watch closely.', 'Here is something to see.']);
}

/**
 * Writes the narration of a video from its prompt: an opening sentence that says who does what where,
 * then lines about the time, the weather and the movement, and a closing line in the prompt's mood;
 * about 2.5 words a second of video. Not the prompt read aloud: camera words and style notes are
 * left out. Pure: the same prompt, length and seed give the same script.
 */
export function writeNarration(prompt: string, durationSeconds: number, seed = 0): NarrationScript {
  const random = createRandom(hashText(`narration|${prompt.trim().toLowerCase()}`, seed >>> 0));
  const reading = readPrompt(prompt);
  const category = classifyPrompt(prompt, 'lifestyle').category;
  const budget = Math.max(4, Math.floor(Math.max(1, durationSeconds - 1.2) * WORDS_PER_SECOND));
  const candidates = [
    opening(reading, random),
    ...(reading.weather !== 'clear' && WEATHER_LINES[reading.weather]
      ? [random.pick(WEATHER_LINES[reading.weather] as string[])]
      : []),
    ...(reading.time ? [random.pick(TIME_LINES[reading.time])] : []),
    reading.subjects[0]?.plural
      ? random.pick(['Together, they move as one.', 'Watch them go.'])
      : random.pick(ACTION_LINES[reading.action?.kind ?? 'hero']),
    random.pick(CLOSINGS[category]),
  ];
  const sentences: string[] = [];
  let used = 0;
  for (const sentence of candidates) {
    const count = wordCount(sentence);
    if (used + count > budget && sentences.length > 0) continue;
    sentences.push(
      count > budget
        ? sentence
            .split(' ')
            .slice(0, budget)
            .join(' ')
            .replace(/[,;]?$/, '.')
        : sentence,
    );
    used += count;
  }
  return { sentences };
}
