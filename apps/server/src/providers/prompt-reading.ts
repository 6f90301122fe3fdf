import { createRequire } from 'node:module';
import { SCENE_SETTINGS } from '@reelcraft/contract';
import type compromise from 'compromise';

let loaded: typeof compromise | undefined;
/**
 * compromise, loaded on the first prompt read instead of when the server starts: it holds about
 * 40 MB, which an API process that never plans a video should not carry (issue 20: idle memory).
 * Renders read their prompts in a worker thread (story-work.ts): loading it takes the
 * thread 0.2-0.5 s, which the server's event loop must not wait out.
 */
function nlp(text: string) {
  loaded ??= createRequire(import.meta.url)('compromise') as typeof compromise;
  return loaded(text);
}
import { findIllustration, type IllustrationMatch, type IllustrationTint } from './video/illustrations';

/**
 * What a video prompt asks to be shown: its subjects (nouns matched to illustrations), what they do
 * (verbs), where and when (setting, time of day, weather), colours and materials, and the camera.
 * Words are tagged and lemmatised by compromise (plurals, verb forms); the tables below hold only this
 * product's vocabulary: which setting a word names, which move a verb makes. Pure and deterministic.
 */

/** How a verb moves its subject across the shot. */
export type ActionKind = 'cross' | 'arc' | 'spin' | 'bob' | 'drop' | 'grow' | 'hero';

/** The settings a scene can be drawn in: the storyboard's (the user picks from the same list). */
export const SETTINGS = SCENE_SETTINGS;
export type Setting = (typeof SETTINGS)[number];
export type TimeOfDay = 'dawn' | 'day' | 'sunset' | 'night';
export type Weather = 'clear' | 'snow' | 'rain' | 'fog' | 'storm' | 'cloudy';
/** Camera directions the prompt gives; never shown or said. */
export type CameraMove = 'push-in' | 'pull-back' | 'pan' | 'orbit' | 'aerial' | 'close-up' | 'wide';
export type Material = 'marble' | 'wood' | 'concrete' | 'glass' | 'velvet' | 'stone' | 'metal' | 'sand';

export interface PromptSubject {
  /** The noun as written, singular ("fox"). */
  word: string;
  icon: string;
  /** The illustration's own name ("hot beverage" for coffee). */
  label: string;
  tint: IllustrationTint | null;
  /** "Two cats", "dolphins": the scene shows a few. */
  plural: boolean;
  /** The noun phrase as the prompt wrote it ("a red fox"), for the narration. */
  phrase: string;
  /** The illustration's keywords ("bicycle" for the person biking). */
  tags: readonly string[];
}

export interface PromptAction {
  /** The verb's infinitive ("run"). */
  verb: string;
  kind: ActionKind;
  /** The verb as written and what follows it up to the clause's end ("runs through a snowy forest"). */
  phrase: string;
}

export interface PromptReading {
  subjects: PromptSubject[];
  action: PromptAction | null;
  setting: Setting;
  /** The word that chose the setting, for the narration ("forest"); null when none did. */
  settingWord: string | null;
  time: TimeOfDay | null;
  weather: Weather;
  /** A surface the subject stands on ("black marble"). */
  surface: { material: Material; color: string | null } | null;
  camera: CameraMove[];
  /** slow 0.6, normal 1, fast 1.5: from "slow", "gentle", "fast"... */
  pace: number;
  /** Colour words of the prompt that tint the scene's light, as #rrggbb. */
  colors: string[];
}

const words = (text: string) => text.split(/\s+/).filter(Boolean);
const table = <T extends string>(entries: Record<T, string>): Map<string, T> => {
  const map = new Map<string, T>();
  for (const [value, list] of Object.entries(entries) as [T, string][])
    for (const word of words(list)) map.set(word, value);
  return map;
};

const SETTING_WORDS = table<Setting>({
  forest: 'forest forests woods woodland jungle rainforest grove taiga',
  snowfield: 'arctic tundra glacier iceberg antarctica winter ice',
  city: 'city cities street streets downtown urban skyline town rooftop rooftops avenue metropolis neon-lit',
  beach: 'beach coast shore seaside ocean sea bay island surf tropical',
  desert: 'desert dune dunes sahara savanna savannah canyon',
  mountains: 'mountain mountains hill hills peak peaks alps cliff cliffs valley summit volcano',
  space: 'space galaxy cosmos universe nebula outer-space orbit-less starfield',
  underwater: 'underwater reef seabed seafloor aquarium deep-sea',
  office: 'office desk workspace workplace meeting boardroom classroom laboratory lab',
  kitchen: 'kitchen counter countertop bakery',
  studio: 'studio table tabletop pedestal podium plinth backdrop showroom display counter-top board',
  cafe: 'cafe café terrace restaurant bar bistro coffeehouse patio',
  field: 'field fields meadow garden park farm grass grassland lawn vineyard prairie',
  lake: 'lake lakes river pond waterfall stream lagoon',
  sky: 'sky skies clouds heaven air',
  home: 'home room bedroom livingroom sofa couch fireplace house apartment',
  abstract: 'abstract',
});
const TIME_WORDS = table<TimeOfDay>({
  dawn: 'dawn sunrise daybreak morning',
  day: 'day daylight noon midday sunny afternoon',
  sunset: 'sunset dusk evening twilight golden-hour',
  night: 'night midnight moonlight moonlit starry nighttime',
});
const WEATHER_WORDS = table<Weather>({
  clear: 'clear',
  snow: 'snow snowy snowing snowfall snowflakes blizzard snowstorm',
  rain: 'rain rainy raining drizzle rainfall downpour',
  fog: 'fog foggy mist misty haze hazy',
  storm: 'storm stormy thunder thunderstorm lightning',
  cloudy: 'cloudy overcast',
});
const CAMERA_WORDS = table<CameraMove>({
  'push-in': 'dolly dollies dolly-in push-in zoom zooms zooming',
  'pull-back': 'pull-back zoom-out reveal',
  pan: 'pan pans panning tracking track tracks',
  orbit: 'orbit orbits orbiting turntable 360',
  aerial: 'aerial drone flyover overhead top-down birds-eye',
  'close-up': 'close-up closeup macro detail',
  wide: 'wide wide-angle establishing panoramic panorama',
});
/** Words that only qualify a camera direction or are about the video itself, never a subject. */
const NOT_SUBJECTS = new Set(
  words(`camera shot shots footage angle view video clip film scene scenes style mood light lights
  lighting glow shadow shadows color colour colors colours tone vibe atmosphere background motion
  moment moments detail details texture quality cinematic dolly pan zoom frame slow-motion
  look feel sound music aesthetic composition render animation loop minute second seconds
  commercial advert advertisement ad luxury premium product brand shape pattern form data design
  concept idea story vibe energy beauty life world way thing things lot sun moon water`),
);
const ACTION_VERBS = table<ActionKind>({
  cross: `run race drive ride gallop sprint jog walk roll skate cycle march chase travel sail cruise
    hop hurry dash move crawl wander stroll speed zoom rush trot prowl hunt skateboard bike waddle`,
  arc: 'fly soar glide jump leap launch dive-bomb flap flutter vault',
  spin: 'rotate spin turn twirl revolve whirl',
  bob: 'float swim hover drift dance bob sway bounce paddle wave',
  drop: 'fall drop tumble sink pour splash dive descend land',
  grow: 'grow bloom blossom rise expand sprout inflate open unfold emerge appear',
  hero: 'stand sit sleep rest pose shine glow sparkle gleam display lie wait',
});
/** Metals and neutral finishes tint a subject grey (no hue). */
const NEUTRAL_TINTS: Record<string, string> = {
  silver: '#c9d1d9',
  chrome: '#dde3e8',
  steel: '#9aa5b1',
  metal: '#9aa5b1',
  metallic: '#aab4be',
  grey: '#8d99a6',
  gray: '#8d99a6',
  white: '#f2f4f7',
  black: '#2a2d34',
};
export const COLOUR_TINTS: Record<string, string> = {
  red: '#e63946',
  crimson: '#b5172f',
  orange: '#f77f00',
  yellow: '#ffd60a',
  gold: '#d4af37',
  golden: '#e9b949',
  bronze: '#b08d57',
  copper: '#c77b48',
  green: '#2a9d8f',
  emerald: '#2ecc71',
  teal: '#1abc9c',
  turquoise: '#40e0d0',
  blue: '#277da1',
  navy: '#1d3557',
  purple: '#7b2cbf',
  violet: '#8f5fd7',
  pink: '#ff5d8f',
  magenta: '#d81159',
  brown: '#8b5a2b',
};
const MATERIAL_WORDS = table<Material>({
  marble: 'marble',
  wood: 'wood wooden oak walnut timber',
  concrete: 'concrete cement',
  glass: 'glass',
  velvet: 'velvet silk satin fabric linen',
  stone: 'stone granite slate rock',
  metal: 'steel aluminium aluminum',
  sand: 'sand sandy',
});
/** Words that change a setting rather than name one ("snowy forest"). */
const PACE_WORDS = table<'slow' | 'fast'>({
  slow: 'slow slowly calm gentle gently serene soft softly peaceful quiet lazy',
  fast: 'fast quick quickly dynamic energetic rapid rapidly speeding racing',
});
/** Nouns for people: with a verb they pick the matching emoji ("man" + "ride" = man biking). */
const PEOPLE = new Set(words('man woman person people girl boy child kid guy lady runner rider'));
/** Verb forms whose emoji name differs from the verb ("ride" a bicycle shows "biking"). */
const GERUNDS: Record<string, string[]> = {
  ride: ['biking', 'riding'],
  cycle: ['biking'],
  bike: ['biking'],
  run: ['running'],
  jog: ['running'],
  sprint: ['running'],
  walk: ['walking'],
  swim: ['swimming'],
  surf: ['surfing'],
  dance: ['dancing'],
  climb: ['climbing'],
  cook: ['cooking'],
  ski: ['skier'],
  skate: ['skateboard'],
  skateboard: ['skateboard'],
};
/** Words the illustration set names differently or not at all (its vocabulary, not lemmas). */
const ILLUSTRATION_ALIASES: Record<string, string> = {
  wristwatch: 'watch',
  smartwatch: 'watch',
  smartphone: 'mobile phone',
  phone: 'mobile phone',
  perfume: 'lotion bottle',
  fragrance: 'lotion bottle',
  cologne: 'lotion bottle',
  sofa: 'couch and lamp',
  couch: 'couch and lamp',
  runner: 'person running',
  jogger: 'person running',
  cyclist: 'person biking',
  biker: 'person biking',
  surfer: 'person surfing',
  swimmer: 'person swimming',
  dancer: 'person dancing',
  chef: 'cook',
  doctor: 'health worker',
  nurse: 'health worker',
  drone: 'helicopter',
  yoga: 'person in lotus position',
  meditation: 'person in lotus position',
  espresso: 'hot beverage',
  latte: 'hot beverage',
  cappuccino: 'hot beverage',
  mug: 'hot beverage',
  sneaker: 'running shoe',
  trainer: 'running shoe',
  heels: 'high-heeled shoe',
  jewel: 'gem stone',
  gem: 'gem stone',
  jewelry: 'ring',
  jewellery: 'ring',
  necklace: 'prayer beads',
  puppy: 'dog',
  kitten: 'cat',
  car: 'automobile',
  sportscar: 'racing car',
  ufo: 'flying saucer',
  spaceship: 'rocket',
  spacecraft: 'rocket',
  city: 'cityscape',
  squirrel: 'chipmunk',
  cup: 'teacup without handle',
  diamond: 'gem stone',
  football: 'soccer ball',
  headphone: 'headphone',
  earbuds: 'headphone',
  burger: 'hamburger',
  fries: 'french fries',
  plane: 'airplane',
  jet: 'airplane',
  piano: 'musical keyboard',
  sushi: 'sushi',
  skyscraper: 'office building',
  building: 'office building',
};

const singularCache = new Map<string, string>();
const infinitiveCache = new Map<string, string>();

/** The singular of a noun ("strawberries" -> "strawberry", "geese" -> "goose"). */
export function singular(word: string): string {
  const cached = singularCache.get(word);
  if (cached !== undefined) return cached;
  const doc = nlp(word);
  const tagged = doc.has('#Plural') ? doc : (doc.tag('Plural') as typeof doc);
  const result = tagged.nouns().toSingular().text().toLowerCase();
  const answer = result && result !== word && result.length >= 2 ? result : word;
  singularCache.set(word, answer);
  return answer;
}

/** The infinitive of a verb form ("soars" -> "soar", "swimming" -> "swim"). */
export function infinitive(word: string): string {
  const cached = infinitiveCache.get(word);
  if (cached !== undefined) return cached;
  const doc = nlp(word);
  const result = (doc.tag('Verb') as typeof doc).verbs().toInfinitive().text().toLowerCase();
  const answer = result && !result.includes(' ') ? result : word;
  infinitiveCache.set(word, answer);
  return answer;
}

interface Term {
  text: string;
  normal: string;
  tags: Set<string>;
  /** Index of the clause (commas, "and", full stops separate them). */
  clause: number;
}

function terms(prompt: string): Term[] {
  const doc = nlp(prompt.slice(0, 600));
  const out: Term[] = [];
  let clause = 0;
  for (const sentence of doc.json({ terms: { normal: true } }) as {
    terms: { text: string; normal: string; tags: string[]; post?: string; pre?: string }[];
  }[]) {
    for (const term of sentence.terms) {
      const normal = term.normal.replace(/[^\p{L}\p{N}'’-]/gu, '');
      if (normal) out.push({ text: term.text, normal, tags: new Set(term.tags), clause });
      if (/[,;:.!?]/.test(term.post ?? '') || normal === 'and' || normal === 'while') clause += 1;
    }
    clause += 1;
  }
  return out;
}

const isVerbLike = (term: Term) =>
  term.tags.has('Verb') || term.tags.has('Gerund') || /(ing|s)$/.test(term.normal);

function tintOf(word: string): IllustrationTint | null {
  if (NEUTRAL_TINTS[word]) return { color: NEUTRAL_TINTS[word], neutral: true };
  if (COLOUR_TINTS[word]) return { color: COLOUR_TINTS[word], neutral: false };
  return null;
}

/**
 * Readings of the last prompts read. A render reads its prompt several times (the plan, the
 * narration, each candidate), and a reading made in a worker thread (story-work.ts) is
 * found here, so the server's own thread does not load or run compromise. Readings are shared: no
 * caller changes one.
 */
const recentReadings = new Map<string, PromptReading>();
const RECENT_READINGS_KEPT = 32;

/** Keeps a reading of `prompt` for `readPrompt` (the oldest goes when the list is full). */
export function rememberReading(prompt: string, reading: PromptReading): void {
  recentReadings.delete(prompt);
  recentReadings.set(prompt, reading);
  if (recentReadings.size > RECENT_READINGS_KEPT) {
    recentReadings.delete(recentReadings.keys().next().value as string);
  }
}

export const hasReading = (prompt: string) => recentReadings.has(prompt);

/** Reads a prompt (see the module comment). Pure: the same prompt always gives the same reading. */
export function readPrompt(prompt: string): PromptReading {
  const known = recentReadings.get(prompt);
  if (known) return known;
  const reading = analysePrompt(prompt);
  rememberReading(prompt, reading);
  return reading;
}

function analysePrompt(prompt: string): PromptReading {
  const list = terms(prompt);
  const lower = list.map((term) => term.normal.toLowerCase());
  const subjects: PromptSubject[] = [];
  let action: PromptAction | null = null;
  let setting: Setting | null = null;
  let settingWord: string | null = null;
  let settingIsWeak = false;
  let time: TimeOfDay | null = null;
  let weather: Weather = 'clear';
  let surface: PromptReading['surface'] = null;
  const camera = new Set<CameraMove>();
  let pace = 1;
  const colors: string[] = [];
  const cameraIndex = new Set<number>();

  // Camera directions first: their words (and "slow camera") are no subject, setting or action.
  lower.forEach((word, index) => {
    const joined = `${word}-${lower[index + 1] ?? ''}`;
    const move = CAMERA_WORDS.get(word) ?? CAMERA_WORDS.get(joined);
    const aerialShot = word === 'aerial' || word === 'drone';
    if (move && (word !== 'zoom' || true)) {
      // "zoom out" pulls back; "bird's-eye" is aerial.
      camera.add(word === 'zoom' && lower[index + 1] === 'out' ? 'pull-back' : move);
      cameraIndex.add(index);
      if (CAMERA_WORDS.get(joined)) cameraIndex.add(index + 1);
      if (aerialShot && ['shot', 'view'].includes(lower[index + 1] ?? '')) cameraIndex.add(index + 1);
    }
    if (word === 'camera') cameraIndex.add(index);
  });

  for (const [index, word] of lower.entries()) {
    if (cameraIndex.has(index)) continue;
    const term = list[index] as Term;
    const pacing = PACE_WORDS.get(word);
    if (pacing) pace = pacing === 'slow' ? 0.6 : 1.5;
    const next = lower[index + 1] ?? '';
    const timeWord = TIME_WORDS.get(word) ?? TIME_WORDS.get(`${word}-${next}`);
    if (timeWord && !time) time = timeWord;
    const weatherWord = WEATHER_WORDS.get(word);
    if (weatherWord && weather === 'clear') weather = weatherWord;
    const material = MATERIAL_WORDS.get(word);
    if (material && !surface && !(word === 'glass' && next === 'of')) {
      const before = lower[index - 1] ?? '';
      const color = NEUTRAL_TINTS[before] ?? COLOUR_TINTS[before] ?? null;
      surface = { material, color };
    }
    if (COLOUR_TINTS[word] && !colors.includes(COLOUR_TINTS[word])) colors.push(COLOUR_TINTS[word]);
    // "Shallow depth of field" (which prompt enhancement writes) is the lens, not a field.
    const place =
      lower[index - 2] === 'depth'
        ? undefined
        : (SETTING_WORDS.get(word) ?? SETTING_WORDS.get(singular(word)));
    // A table or a board is only where things stand: a room named later is the setting.
    const weakPlace = ['table', 'tabletop', 'board', 'counter', 'desk'].includes(word);
    if (place && (!setting || (settingIsWeak && !weakPlace))) {
      setting = place;
      settingWord = word;
      settingIsWeak = weakPlace;
    }
    // The first verb that moves something is the action.
    // "in falling snow" is the weather, not what the subject does.
    const aboutWeather = WEATHER_WORDS.has(next) || ['leaves', 'petals'].includes(next);
    if (aboutWeather) {
      // nothing: the weather layer shows it
    } else if (!action && isVerbLike(term) && !term.tags.has('Noun')) {
      const verb = infinitive(word);
      const kind = ACTION_VERBS.get(verb);
      if (kind) {
        const rest = list.filter((other, at) => at >= index && other.clause === term.clause);
        action = { verb, kind, phrase: rest.map((other) => other.text).join(' ') };
      }
    } else if (!action && term.tags.has('Gerund')) {
      const verb = infinitive(word);
      const kind = ACTION_VERBS.get(verb);
      if (kind) action = { verb, kind, phrase: word };
    }
  }
  // Gerunds compromise took for nouns ("dolphins swimming") still move their subject.
  if (!action) {
    for (const [index, word] of lower.entries()) {
      if (cameraIndex.has(index) || !/(ing|s)$/.test(word) || word.length < 5) continue;
      const verb = infinitive(word);
      const kind = ACTION_VERBS.get(verb);
      if (kind && verb !== word) {
        const term = list[index] as Term;
        const rest = list.filter((other, at) => at >= index && other.clause === term.clause);
        action = { verb, kind, phrase: rest.map((other) => other.text).join(' ') };
        break;
      }
    }
  }

  // Subjects: nouns the illustration set can show, that are not the setting, time, weather or camera.
  for (const [index, word] of lower.entries()) {
    if (cameraIndex.has(index) || subjects.length >= 3) continue;
    const term = list[index] as Term;
    // A prompt opening on a plural ("Pancakes with syrup") reads to compromise like a verb.
    const openingPlural =
      index === 0 && term.tags.has('Verb') && /s$/.test(word) && !ACTION_VERBS.has(infinitive(word));
    if (!term.tags.has('Noun') && !term.tags.has('Plural') && !term.tags.has('Singular') && !openingPlural)
      continue;
    if (term.tags.has('Pronoun') || term.tags.has('Value') || term.tags.has('Date')) continue;
    const base = singular(word);
    if (NOT_SUBJECTS.has(word) || NOT_SUBJECTS.has(base)) continue;
    if (SETTING_WORDS.has(word) || SETTING_WORDS.has(base)) {
      // A few settings are things too: a coffee "terrace" is a place, a "sofa" can be the subject.
      if (!['sofa', 'couch', 'table', 'desk', 'house'].includes(base) || subjects.length > 0) continue;
    }
    if (TIME_WORDS.has(word) || WEATHER_WORDS.has(word) || MATERIAL_WORDS.has(word)) continue;
    if (action && infinitive(word) === action.verb && /(ing|s)$/.test(word)) continue;
    if (PACE_WORDS.has(word)) continue;
    // "while rain falls": a verb compromise took for a plural noun.
    if (/(ing|s)$/.test(word) && ACTION_VERBS.has(infinitive(word)) && infinitive(word) !== base) continue;
    // A compound noun is one subject ("perfume bottle", "coffee cup"): the first word that matched.
    const previous = list[index - 1];
    if (
      previous &&
      subjects.at(-1)?.word === singular(lower[index - 1] ?? '') &&
      previous.clause === term.clause
    )
      continue;
    const lookup = ILLUSTRATION_ALIASES[base] ?? base;
    const context = PEOPLE.has(base) && action ? (GERUNDS[action.verb] ?? [`${action.verb}ing`]) : [];
    let match = lookup.includes(' ')
      ? findIllustrationByLabel(lookup)
      : (findIllustration(lookup, PEOPLE.has(base) ? ['person', ...context] : context) ??
        (word !== base ? findIllustration(word) : null));
    if (PEOPLE.has(base) && context.length > 0) {
      for (const gerund of context) {
        const composite =
          findIllustrationByLabel(`${base === 'people' ? 'person' : base} ${gerund}`) ??
          findIllustrationByLabel(`person ${gerund}`);
        if (composite) {
          match = composite;
          break;
        }
      }
    }
    if (!match) continue;
    if (subjects.some((subject) => subject.icon === match.icon)) continue;
    // The person biking already shows the bicycle.
    if (subjects.some((subject) => subject.tags.includes(base))) continue;
    // "A woman doing yoga": the person in the pose stands for the woman.
    const personFirst = subjects.findIndex(
      (subject) => PEOPLE.has(subject.word) && subject.label === subject.word,
    );
    const replacesPerson = personFirst >= 0 && /^(person|man|woman) /.test(match.label);
    // Adjectives just before the noun tint it ("silver wristwatch", "red fox").
    let tint: IllustrationTint | null = null;
    const phraseStart = (() => {
      let start = index;
      while (start > 0) {
        const before = list[start - 1] as Term;
        if (before.clause !== term.clause) break;
        const verbal = isVerbLike(before) && ACTION_VERBS.has(infinitive(before.normal.toLowerCase()));
        const modifier =
          before.tags.has('Adjective') ||
          before.tags.has('Determiner') ||
          before.tags.has('Value') ||
          tintOf(before.normal.toLowerCase()) !== null ||
          (before.tags.has('Noun') && start === index);
        if (verbal || !modifier) break;
        if (cameraIndex.has(start - 1)) break;
        start -= 1;
      }
      return start;
    })();
    const determiner = list.slice(phraseStart, index).findLastIndex((other) => other.tags.has('Determiner'));
    const start = determiner >= 0 ? phraseStart + determiner : phraseStart;
    for (let at = index - 1; at >= phraseStart; at -= 1) {
      tint = tintOf(lower[at] ?? '');
      if (tint) break;
    }
    const subject: PromptSubject = {
      word: base,
      icon: match.icon,
      label: match.label,
      tint,
      plural: term.tags.has('Plural') || base !== word,
      phrase: list
        .slice(start, index + 1)
        .map((other) => other.text)
        .join(' ')
        .replace(/[,.;:!?]+$/, ''),
      tags: match.tags,
    };
    if (replacesPerson)
      subjects[personFirst] = {
        ...subject,
        word: subjects[personFirst]?.word ?? base,
        phrase: subjects[personFirst]?.phrase ?? subject.phrase,
      };
    else subjects.push(subject);
  }

  // "Snowy forest": the snow is on the ground and in the air; a setting named only by the weather.
  if (!setting) {
    if (weather === 'snow') setting = 'snowfield';
    else if (surface) setting = 'studio';
    else if (
      subjects[0] &&
      ['hot beverage', 'teacup without handle', 'croissant'].includes(subjects[0].label)
    )
      setting = 'cafe';
  }
  return {
    subjects,
    action,
    setting: setting ?? 'abstract',
    settingWord,
    time,
    weather,
    surface,
    camera: [...camera],
    pace,
    colors,
  };
}

/** An illustration whose emoji name is exactly `label`, or null. */
function findIllustrationByLabel(label: string): IllustrationMatch | null {
  const head = label.split(' ').at(-1) ?? label;
  const first = label.split(' ')[0] ?? label;
  for (const key of [head, first]) {
    const match = findIllustration(key, label.split(' '));
    if (match && match.label === label) return match;
  }
  return null;
}
