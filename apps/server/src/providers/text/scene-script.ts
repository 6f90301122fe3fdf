import { NARRATION_WORDS_PER_SECOND } from '@reelcraft/contract';
import { createRandom, hashText, type Random } from '../../media/seeded-random';
import {
  COLOUR_TINTS,
  type ActionKind,
  type PromptReading,
  type Setting,
  type TimeOfDay,
} from '../prompt-reading';

/**
 * The offline narration of a storyboard: one line per scene, each about what that scene shows (who
 * or what is there, what happens, the place and its light, a detail, a second subject, a last look)
 * and sized to be spoken in the scene's seconds. Every sentence names something of the prompt (its
 * subject, object, place...), so no stock tagline repeats across unrelated videos. Pure: the same
 * request gives the same lines.
 */

/** What a scene is for: the order a storyboard's scenes take (see below). */
export type SceneRole = 'hero' | 'action' | 'wide' | 'close' | 'second' | 'closing';

export interface SceneScriptRequest {
  prompt: string;
  /** readPrompt(prompt) from ../prompt-reading (subjects, action, setting, settingWord, time, weather, surface, colors...). */
  reading: PromptReading;
  /** One entry per scene, in order: its role and its length in seconds. */
  scenes: readonly { role: SceneRole; seconds: number }[];
  seed: number;
}

/** The pace lines are sized for: the contract's, which the editor's estimate uses too. */
const WORDS_PER_SECOND = NARRATION_WORDS_PER_SECOND;
/** Silence a scene keeps around its line. */
const BREATH_SECONDS = 0.6;

const MIDDLE_ROLES: readonly SceneRole[] = ['action', 'wide', 'close', 'action', 'second'];

/** The role of scene `index` of `count`: 0 is 'hero', the last of 3+ is 'closing', the others cycle action, wide, close, action, second. */
export function sceneRole(index: number, count: number): SceneRole {
  if (index <= 0) return 'hero';
  if (count >= 3 && index === count - 1) return 'closing';
  return MIDDLE_ROLES[(index - 1) % MIDDLE_ROLES.length] as SceneRole;
}

/** Words a scene of `seconds` can hold when spoken at 2.5 words a second, leaving ~0.6 s to breathe. */
export function sceneWordBudget(seconds: number): number {
  const words = Math.floor((seconds - BREATH_SECONDS) * WORDS_PER_SECOND);
  return Number.isFinite(words) ? Math.max(3, words) : 3;
}

// ---------------------------------------------------------------------------------------------
// Vocabulary. Small lists of this product's words: enough to shape a sentence, not a grammar.

const set = (text: string) => new Set(text.split(/\s+/).filter(Boolean));

/** Words about the video rather than what it shows: never read aloud. */
const STYLE_WORDS = set(`cinematic cinematography 4k 8k hd uhd hdr 1080p 720p photorealistic realistic
  hyperrealistic hyper-realistic ultra ultra-realistic detailed high-quality close-up closeup close-ups macro
  drone aerial shot shots footage camera slow-motion timelapse time-lapse hyperlapse wide-angle establishing
  panoramic tracking dolly dolly-in push-in zoom zooming pan panning orbit orbiting bokeh lens film filmic
  movie video clip render rendered 3d cgi octane artstation stylized anamorphic 35mm 50mm 85mm fps
  shallow depth-of-field dof award-winning masterpiece trending vertical horizontal widescreen`);
/** Words that may open a camera direction before "of" ("a close-up of", "an aerial view of"). */
const LEAD_IN_WORDS = set(`view views image picture photo photograph scene shot shots footage video clip
  close-up closeup macro aerial drone cinematic wide slow motion timelapse time-lapse top-down overhead
  birds-eye bird's-eye establishing tracking a an the beautiful stunning epic dramatic`);
const DETERMINERS = set(`a an the this that these those my your our their his her its some several many
  few one two three four five six seven eight nine ten dozens hundreds thousands`);
const PLURAL_DETERMINERS = set(`these those some several many few two three four five six seven eight
  nine ten dozens hundreds thousands`);
const PREPOSITIONS = set(`in on at over above under below beneath underneath near beside by along
  alongside across through into onto around down up behind against among amid inside outside atop past
  toward towards from for with without during off within between beyond throughout`);
/** Words after a noun that describe it ("a rocket ready for liftoff"). */
const POSTNOMINAL = set('ready covered filled full surrounded bathed wrapped set perched dressed');
const CLAUSE_ENDS = set('while as where which who that then when because so but');
/** Words in -ing that are nouns or adjectives, not what the subject does. */
const ING_NOUNS = set(`morning evening building ceiling painting clothing wedding ring king spring string
  wing swing thing pudding icing lighting living dining landing railing sibling duckling something
  nothing everything anything evening bedding stuffing topping frosting awning sapling seedling offering
  gathering meeting opening setting ending beginning blessing feeling lightning shopping parking`);
const ADJECTIVES = set(`abstract beautiful big small tiny huge giant large little old young new vintage
  modern ancient cozy cosy rustic warm cold cool hot bright dark soft gentle calm quiet busy wild lonely
  lone elegant luxurious luxury sleek shiny glossy colorful colourful vibrant vivid pastel golden silver
  wooden fresh ripe juicy crispy crunchy delicious tasty sweet fluffy furry fuzzy tall short long wide
  narrow deep shallow empty crowded peaceful serene majestic mysterious magical futuristic retro classic
  european asian african american french italian japanese chinese indian mexican quarterly annual monthly
  weekly daily minimalist minimal simple clean sunny rainy snowy foggy misty stormy windy cloudy dusty
  sandy rocky grassy leafy icy frosty smoky steamy wet dry happy sad playful curious sleepy lazy proud
  brave tropical coastal urban rural floating flying glowing shining sparkling flowing spinning running
  dancing burning falling rising blooming swirling neon pink purple white black grey gray brown`);
const NEUTRAL_COLOURS = ['white', 'black', 'silver', 'grey', 'gray'];
const COLOUR_WORDS = new Set([...Object.keys(COLOUR_TINTS), ...NEUTRAL_COLOURS]);
const TIME_NOUNS = set(`dawn sunrise daybreak morning noon midday afternoon day daytime daylight sunset
  dusk evening twilight night midnight nighttime moonlight eve christmas halloween weekend summer winter
  autumn fall spring hour golden-hour`);
const WEATHER_NOUNS = set(
  'storm thunderstorm rain rainfall snow snowfall blizzard fog mist drizzle downpour hail sleet wind',
);
const TIME_OF_NOUN: Record<string, TimeOfDay> = {
  dawn: 'dawn',
  sunrise: 'dawn',
  daybreak: 'dawn',
  morning: 'dawn',
  noon: 'day',
  midday: 'day',
  afternoon: 'day',
  day: 'day',
  daytime: 'day',
  daylight: 'day',
  sunset: 'sunset',
  dusk: 'sunset',
  evening: 'sunset',
  twilight: 'sunset',
  night: 'night',
  midnight: 'night',
  nighttime: 'night',
  moonlight: 'night',
  eve: 'night',
};
const MASS_NOUNS = set(`coffee tea water wine beer oil milk juice bread sand snow rain smoke fire light
  music traffic chocolate honey ice cream steam mist fog lava paint ink gold art nature food
  football soccer basketball tennis golf baseball volleyball hockey cricket rugby chess cards yoga
  meditation homework laundry karate ballet`);
const SINGULAR_IN_S = set(`news series species mathematics physics gas atlas canvas chaos lens iris bus
  campus cactus octopus glass grass class dress moss bass compass chess`);
const IRREGULAR_PLURALS = set(
  'people children men women mice geese feet teeth sheep fish deer police cattle',
);
/** Collective nouns: "a flock of birds" is about the birds. */
const COLLECTIVES = set(
  'group flock herd pack school pair couple crowd bunch swarm pod team family line row stack pile',
);
/** Heads too vague alone: "the launch pad", not "the pad". */
const VAGUE_HEADS = set(`pad shop store stand room station house board machine cleaner update report
  oven bottle cup glass box bag case set table area space court lot yard`);

type Kind = 'person' | 'animal' | 'place' | 'thing' | 'glow' | 'abstract' | 'topic';

const PEOPLE = set(`man men woman women person people girl girls boy boys child children kid kids baby
  chef cook baker barista waiter astronaut dancer dancers runner runners rider surfer skier skater athlete
  athletes player players family couple friends student students teacher doctor nurse worker workers
  farmer fisherman musician singer artist painter mother father mom dad grandmother grandfather teenager
  teenagers team crowd knight warrior king queen princess prince wizard pilot driver cyclist climber hiker
  traveler traveller tourist tourists model scientist engineer programmer businessman businesswoman
  gardener monk soldier firefighter officer detective explorer diver swimmer photographer guitarist
  drummer dj bride groom boxer golfer gymnast yogi lady gentleman guy grandma grandpa toddler
  skateboarder snowboarder kayaker rower skydiver biker jogger walker ballerina vlogger influencer
  entrepreneur designer developer mechanic carpenter potter tailor florist butcher barber hairdresser`);
const BIRDS = set(`bird birds parrot parrots eagle eagles owl owls hummingbird flamingo flamingos
  penguin penguins swan swans duck ducks pigeon pigeons seagull seagulls gull gulls crow crows robin
  sparrow hawk falcon peacock toucan chicken chickens hen rooster heron stork crane`);
const SEA_ANIMALS = set(`whale whales dolphin dolphins fish shark sharks turtle turtles octopus jellyfish
  seal seals otter otters orca orcas crab crabs stingray manta seahorse koi goldfish`);
const ANIMALS = set(`dog dogs puppy puppies cat cats kitten kittens fox foxes horse horses bear bears lion
  lions tiger tigers elephant elephants deer wolf wolves rabbit rabbits bunny bunnies squirrel squirrels
  butterfly butterflies bee bees monkey monkeys giraffe giraffes zebra zebras cow cows sheep goat goats
  pig pigs frog frogs snake snakes lizard lizards dragon dragons unicorn unicorns panda pandas koala
  koalas kangaroo camel camels hamster mouse mice cheetah leopard jaguar gorilla hedgehog raccoon moose
  bison buffalo llama alpaca sloth ant ants ladybug dragonfly firefly fireflies`);
const PLACES = set(`street streets road highway river stream creek shop cafe café restaurant kitchen
  room house home city town village park garden beach forest jungle lake harbour harbor market pad
  station square plaza alley lane office studio classroom library bakery bar pub hotel lobby farm field
  meadow valley canyon desert island mountain mountains hill hills landscape skyline port pier dock
  airport stadium arena courtyard balcony terrace rooftop bay coast shore ocean sea waterfall lagoon pond
  canal bridge castle temple church cathedral palace gallery museum mall warehouse factory workshop
  greenhouse vineyard orchard playground campsite trail path boulevard avenue neighborhood neighbourhood`);
const WATER_PLACES = set('river stream creek lake harbour harbor bay ocean sea waterfall lagoon pond canal');
const BUSY_PLACES = set(`street streets shop cafe café restaurant market station square plaza city town
  village park harbour harbor pier mall airport stadium bar pub bakery lobby avenue boulevard beach`);
const GLOWING = set(`firework fireworks lantern lanterns candle candles aurora neon lights sparkler
  sparklers stars star lamp lamps torch bonfire campfire fire flame flames sunrise sunset rainbow moon
  moonrise sky skies`);
const FIREWORKS = set('firework fireworks sparkler sparklers');
const ABSTRACT_HEADS = set(`colours colors colour color shapes shape patterns pattern lines waves
  particles gradient gradients swirls swirl light lights ink smoke fractal fractals geometry`);
const TOPIC_HEADS = set(`update updates report results plan strategy presentation announcement news
  summary overview review recap metrics numbers figures data roadmap briefing pitch forecast budget
  agenda milestone milestones goals objectives quarter introduction tutorial lesson explainer guide tips
  message welcome invitation greeting announcement promo promotion campaign offer webinar course onboarding
  training highlights explanation findings insights proposal policy checklist schedule`);
const FLYING_THINGS = set(
  'kite kites balloon balloons plane airplane airplanes helicopter lantern lanterns glider',
);
const FOOD_MODIFIERS = set(
  'coffee pizza bread tea chocolate cinnamon garlic bacon popcorn barbecue bbq curry',
);

const MATERIAL_FEEL: Record<string, string> = {
  marble: 'cool and smooth',
  wood: 'warm and full of grain',
  wooden: 'warm and full of grain',
  oak: 'warm and full of grain',
  walnut: 'dark and full of grain',
  glass: 'clear and bright',
  stone: 'rough and cool',
  granite: 'hard and speckled',
  slate: 'dark and matte',
  concrete: 'rough and grey',
  steel: 'cold and polished',
  metal: 'cold and polished',
  velvet: 'soft and deep',
  silk: 'soft and shining',
  linen: 'soft and creased',
  sand: 'soft and warm',
  sandy: 'soft and warm',
};

/** Setting words a place's head implies ("kitchen" is a kitchen even in a restaurant). */
const PLACE_SETTING: Record<string, Setting> = {
  kitchen: 'kitchen',
  counter: 'kitchen',
  shop: 'cafe',
  cafe: 'cafe',
  café: 'cafe',
  restaurant: 'cafe',
  bar: 'cafe',
  street: 'city',
  streets: 'city',
  city: 'city',
  town: 'city',
  avenue: 'city',
  highway: 'city',
  road: 'field',
  river: 'lake',
  lake: 'lake',
  harbour: 'lake',
  harbor: 'lake',
  room: 'home',
  office: 'office',
  table: 'studio',
  canyon: 'desert',
  desert: 'desert',
  iceberg: 'snowfield',
  earth: 'space',
  park: 'field',
  hill: 'mountains',
  jungle: 'forest',
  forest: 'forest',
  beach: 'beach',
  reef: 'underwater',
};
const INDOOR: ReadonlySet<Setting> = new Set<Setting>(['office', 'kitchen', 'studio', 'cafe', 'home']);

const SCENERY: Partial<Record<Setting, (where: string) => string>> = {
  forest: (where) => `Tall trees rise on every side of ${where}.`,
  snowfield: (where) => `Cold blue ice stretches away from ${where}.`,
  city: (where) => `Buildings and windows line ${where} on both sides.`,
  beach: (where) => `Waves roll in along ${where}, one after another.`,
  desert: (where) => `Sand and red rock run to the horizon beyond ${where}.`,
  mountains: (where) => `Hills roll away to the horizon beyond ${where}.`,
  space: (where) => `Stars hang in the dark, far beyond ${where}.`,
  underwater: (where) => `Blue water drifts slowly around ${where}.`,
  office: (where) => `Desks and screens fill ${where}.`,
  kitchen: (where) => `Pans, boards and knives fill ${where}.`,
  studio: (where) => `Nothing distracts from ${where} in this simple space.`,
  cafe: (where) => `Tables and chairs fill ${where}.`,
  field: (where) => `Green grass runs out on all sides of ${where}.`,
  lake: (where) => `The water around ${where} moves slowly.`,
  sky: (where) => `Open sky spreads out all around ${where}.`,
  home: (where) => `Soft furniture and warm lamps fill ${where}.`,
};
const LIGHT: Record<TimeOfDay, string> = {
  dawn: 'pale morning light',
  day: 'bright sunlight',
  sunset: 'warm golden light',
  night: 'cool blue moonlight',
};
const TIME_LIGHT: Record<TimeOfDay, (where: string) => string> = {
  dawn: (where) => `The first light of day touches ${where}.`,
  day: (where) => `Bright daylight fills every corner of ${where}.`,
  sunset: (where) => `The low sun turns ${where} to gold.`,
  night: (where) => `Darkness wraps around ${where}, broken only by a few lights.`,
};
const TIME_PASSING: Record<TimeOfDay, string> = {
  dawn: 'As the morning grows brighter',
  day: 'As the day goes on',
  sunset: 'As the sun goes down',
  night: 'As the night goes on',
};
const WEATHER_LINES: Record<string, ((where: string) => string)[]> = {
  rain: [
    (where) => `Rain streaks down around ${where}.`,
    (where) => `Raindrops gather and run over ${where}.`,
  ],
  storm: [(where) => `Wind and rain batter ${where}.`, (where) => `Lightning flashes above ${where}.`],
  snow: [(where) => `Snow drifts down over ${where}.`, (where) => `Fresh snow settles on ${where}.`],
  fog: [(where) => `Mist hangs low over ${where}.`, (where) => `Fog softens the edges of ${where}.`],
  cloudy: [(where) => `Grey clouds roll slowly over ${where}.`],
};
const MANNER: Record<ActionKind, string> = {
  cross: 'steady and sure',
  arc: 'higher with every moment',
  spin: 'turning slowly',
  bob: 'light and easy',
  drop: 'down and down',
  grow: 'a little more each moment',
  hero: 'calm and unhurried',
};
/** Verbs that double their last letter before -ing. */
const DOUBLING = set(`run swim hop sit jog dig spin stop skip drop plan shop grab wrap chat step clap
  trim nod get set cut hit put shut win begin bob sip tap rub hug stir skim dip slip trot`);

// ---------------------------------------------------------------------------------------------
// Reading the prompt's words into the pieces a sentence needs.

interface Token {
  /** As written, without surrounding punctuation. */
  text: string;
  lower: string;
}

interface Noun {
  /** First mention, as the prompt says it ("a humpback whale", "fireworks"). */
  first: string;
  /** Later mentions ("the humpback whale"). */
  the: string;
  /** Short mentions ("the whale", "the launch pad"). */
  short: string;
  /** A short first mention ("a whale"). */
  brief: string;
  head: string;
  plural: boolean;
  kind: Kind;
  /** Words before the head ("humpback"). */
  mods: string[];
  /** The noun after "of" ("berries" in "a bowl of berries"). */
  of: { text: string; plural: boolean } | null;
  /** A description after the noun ("ready for liftoff"). */
  post: string | null;
}

interface Scene {
  subject: Noun;
  /** The object of the action or a companion ("a kite", "parrots"). */
  other: Noun | null;
  verb: { ing: string; object: Noun | null; kind: ActionKind | null } | null;
  /** The first place phrase ("next to an iceberg"). */
  place: { prep: string; noun: Noun } | null;
  /** Where the scene is, to talk about: the place, the subject when it is one, or the setting word. */
  where: Noun | null;
  whereIsSubject: boolean;
  /** "in a storm" */
  weatherPhrase: string | null;
  /** "the storm" */
  weatherNoun: string | null;
  time: { phrase: string; noun: string; tod: TimeOfDay | null } | null;
  weather: string;
  surface: { noun: Noun; feel: string } | null;
  colour: string | null;
  purpose: string | null;
  /** "the team" in "for the team". */
  purposeNoun: string | null;
  setting: Setting;
}

const capitalise = (text: string) => (text ? `${text[0]?.toUpperCase()}${text.slice(1)}` : text);
const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;
const isPlural = (head: string) =>
  IRREGULAR_PLURALS.has(head) || (/[^sui]s$/.test(head) && head.length > 3 && !SINGULAR_IN_S.has(head));
const singularOf = (word: string) =>
  /ies$/.test(word)
    ? `${word.slice(0, -3)}y`
    : /(ches|shes|xes|sses)$/.test(word)
      ? word.slice(0, -2)
      : /[^s]s$/.test(word)
        ? word.slice(0, -1)
        : word;
const NOT_ADJECTIVES = set('olive chive hive archive detective locomotive motive relative bed shed sled');
const isAdjective = (word: string) =>
  (ADJECTIVES.has(word) && !NOT_ADJECTIVES.has(word)) ||
  COLOUR_WORDS.has(word) ||
  (/(ful|ous|ive|ic|ish|less|able|ible|ed)$/.test(word) && !NOT_ADJECTIVES.has(word)) ||
  (/ing$/.test(word) && !ING_NOUNS.has(word));

function tokenize(text: string): Token[] {
  return text
    .split(/\s+/)
    .map((raw) => raw.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}'’]+$/gu, '').replace(/’/g, "'"))
    .filter(Boolean)
    .map((word) => ({ text: word, lower: word.toLowerCase() }));
}

function kindOf(head: string, reading: PromptReading): Kind {
  const one = singularOf(head);
  const has = (words: ReadonlySet<string>) => words.has(head) || words.has(one);
  if (has(PEOPLE)) return 'person';
  if (has(BIRDS) || has(SEA_ANIMALS) || has(ANIMALS)) return 'animal';
  if (has(GLOWING)) return 'glow';
  if (has(ABSTRACT_HEADS)) return 'abstract';
  if (has(TOPIC_HEADS)) return 'topic';
  if (has(PLACES)) return 'place';
  const known = reading.subjects.find((subject) => subject.word === one || subject.word === head);
  if (known && /^(person|man|woman|people)\b/.test(known.label)) return 'person';
  return 'thing';
}

const article = (word: string) =>
  /^(eu|uni|use|one|uk|ufo)/i.test(word)
    ? 'a'
    : /^(hour|honest|honou?r)/i.test(word)
      ? 'an'
      : /^[aeiou]/i.test(word)
        ? 'an'
        : 'a';

/** A noun phrase from its words ("a bowl of berries", "two dolphins", "quarterly sales update"). */
function nounOf(tokens: Token[], reading: PromptReading, promptStart: boolean, bare = false): Noun | null {
  let words = tokens.filter((token) => !STYLE_WORDS.has(token.lower));
  if (words.length === 0) return null;
  const determiner = words[0] && DETERMINERS.has(words[0].lower) ? (words[0] as Token) : null;
  if (determiner) words = words.slice(1);
  const ofAt = words.findIndex((token) => token.lower === 'of');
  let before = ofAt > 0 ? words.slice(0, ofAt) : words;
  let after = ofAt > 0 ? words.slice(ofAt + 1).filter((token) => !DETERMINERS.has(token.lower)) : [];
  if (before.length === 0) {
    before = after;
    after = [];
  }
  if (before.length === 0) return null;
  const show = (token: Token, index: number) =>
    index === 0 && promptStart && !/^[A-Z]{2,}$/.test(token.text) ? token.lower : token.text;
  const written = (list: Token[], offset = 0) => list.map((token, i) => show(token, i + offset)).join(' ');
  let head = (before.at(-1) as Token).lower;
  const mods = before.slice(0, -1).map((token) => token.lower);
  const ofHead = after.at(-1)?.lower ?? null;
  const ofText = after.length ? written(after, 1) : null;
  // "a flock of birds" is about the birds.
  const collective = COLLECTIVES.has(head) && ofHead !== null;
  const counted = determiner !== null && PLURAL_DETERMINERS.has(determiner.lower);
  let plural = collective ? true : isPlural(head) || counted;
  if (collective && ofHead) head = ofHead;
  const proper = !determiner && /^[A-Z]/.test(before[0]?.text ?? '') && !promptStart;
  const body = written(before, determiner ? 1 : 0) + (ofText ? ` of ${ofText}` : '');
  const kind = kindOf(head, reading);
  let first: string;
  if (determiner) first = `${show(determiner, 0)} ${body}`;
  // "on black marble", "in space": a place the prompt names without an article keeps none.
  else if (plural || proper || bare || MASS_NOUNS.has(head)) first = body;
  else if (kind === 'topic') first = `the ${body}`;
  else first = `${article(body)} ${body}`;
  const possessive = determiner && /^(my|your|our|their|his|her|its)$/.test(determiner.lower);
  const lead = proper ? '' : possessive ? `${determiner?.lower} ` : 'the ';
  const the = collective
    ? `${lead}${ofText}`
    : `${lead}${counted ? `${determiner?.lower} ` : ''}${body}`.replace(/^the (a|an) /, 'the ');
  const keep = VAGUE_HEADS.has(head) && mods.length > 0 && !isAdjective(mods.at(-1) ?? '');
  const short = collective
    ? `${lead}${ofHead}`
    : `${lead}${keep ? `${before.at(-2)?.text} ` : ''}${(before.at(-1) as Token).text}`;
  if (collective) plural = true;
  const shortBody = short.replace(/^the /, '');
  const brief =
    proper || possessive || counted || collective || short === the
      ? first
      : plural || MASS_NOUNS.has(head)
        ? shortBody
        : kind === 'topic'
          ? short
          : `${article(shortBody)} ${shortBody}`;
  return {
    first,
    the,
    short: proper ? body : short,
    brief,
    head,
    plural,
    kind,
    mods,
    of: ofText && !collective ? { text: ofText, plural: isPlural(ofHead ?? '') } : null,
    post: null,
  };
}

/** "run" -> "running", "slice" -> "slicing", "fly" -> "flying". */
function ingOf(verb: string): string {
  if (verb.endsWith('ie')) return `${verb.slice(0, -2)}ying`;
  if (/[^aeiouy]e$/.test(verb) || /[aiou]e$/.test(verb)) return `${verb.slice(0, -1)}ing`;
  if (DOUBLING.has(verb)) return `${verb}${verb.at(-1)}ing`;
  return `${verb}ing`;
}
/** "breaches" -> "breach": the infinitive of a written third-person verb. */
const baseOf = (word: string) =>
  /ies$/.test(word)
    ? `${word.slice(0, -3)}y`
    : /(ches|shes|sses|xes|zes|oes)$/.test(word)
      ? word.slice(0, -2)
      : word.replace(/s$/, '');

/** The main clause of a prompt, without its camera directions ("A close-up of ..., 4k"). */
function mainClauses(prompt: string): Token[][] {
  const clauses = prompt
    .split(/[,;:.!?()\n]+|\s[-–—]\s/)
    .map((clause) => tokenize(clause))
    .map((tokens) => {
      // "an aerial view of a city": drop what comes before "of" when it is all camera words.
      const of = tokens.findIndex((token) => token.lower === 'of');
      if (
        of > 0 &&
        tokens.slice(0, of).every((token) => LEAD_IN_WORDS.has(token.lower) || STYLE_WORDS.has(token.lower))
      )
        return tokens.slice(of + 1);
      return tokens;
    })
    .map((tokens) =>
      tokens.filter(
        (token, index) =>
          !STYLE_WORDS.has(token.lower) &&
          !(token.lower === 'slow' && tokens[index + 1]?.lower === 'motion') &&
          !(token.lower === 'motion' && tokens[index - 1]?.lower === 'slow'),
      ),
    )
    .filter((tokens) =>
      tokens.some((token) => !DETERMINERS.has(token.lower) && !PREPOSITIONS.has(token.lower)),
    );
  return clauses;
}

interface Segment {
  kind: 'verb' | 'prep' | 'post';
  lead: string;
  tokens: Token[];
}

/** Splits a clause into its head noun phrase and what follows (verbs, prepositions, descriptions). */
function segments(clause: Token[], reading: PromptReading): { head: Token[]; rest: Segment[] } {
  const actionWord = reading.action?.phrase.split(/\s+/)[0]?.toLowerCase() ?? null;
  const subjectWords = new Set(reading.subjects.map((subject) => subject.word));
  const head: Token[] = [];
  const rest: Segment[] = [];
  let current: Segment | null = null;
  for (let index = 0; index < clause.length; index += 1) {
    const token = clause[index] as Token;
    const word = token.lower;
    const previous = clause[index - 1]?.lower ?? '';
    const next = clause[index + 1]?.lower ?? '';
    if (CLAUSE_ENDS.has(word) && index > 0) break;
    if ((word === 'is' || word === 'are') && /ing$/.test(next)) continue;
    const started = head.length > 0 || current !== null;
    const twoWordPrep = (word === 'next' || word === 'close') && next === 'to';
    const frontOf = word === 'in' && next === 'front' && clause[index + 2]?.lower === 'of';
    const ing =
      /ing$/.test(word) &&
      word.length >= 5 &&
      !ING_NOUNS.has(word) &&
      !DETERMINERS.has(previous) &&
      !isAdjective(previous) &&
      previous !== '' &&
      !PREPOSITIONS.has(previous);
    const nextIsVerb = /ing$/.test(next) && next.length >= 5 && !ING_NOUNS.has(next);
    const thirdPerson =
      (word === actionWord && !nextIsVerb) ||
      (/[^s]s$/.test(word) &&
        !nextIsVerb &&
        !isPlural(previous) &&
        subjectWords.has(previous) &&
        current === null);
    if (started && (twoWordPrep || frontOf)) {
      current = { kind: 'prep', lead: frontOf ? 'in front of' : `${word} to`, tokens: [] };
      rest.push(current);
      index += frontOf ? 2 : 1;
    } else if (started && PREPOSITIONS.has(word) && !(word === 'of' && current?.kind !== 'prep')) {
      current = { kind: 'prep', lead: word, tokens: [] };
      rest.push(current);
    } else if (started && (ing || (thirdPerson && word !== previous))) {
      const verb = word.endsWith('ing')
        ? word
        : ingOf(word === actionWord && reading.action ? reading.action.verb : baseOf(word));
      current = { kind: 'verb', lead: verb, tokens: [] };
      rest.push(current);
    } else if (started && POSTNOMINAL.has(word) && current?.kind !== 'verb') {
      current = { kind: 'post', lead: token.text, tokens: [] };
      rest.push(current);
    } else if (current) current.tokens.push(token);
    else head.push(token);
  }
  return { head, rest };
}

const phraseText = (tokens: Token[]) => tokens.map((token) => token.text).join(' ');

/** What the narration can say about a prompt: its subject, what it does, where, when, a detail. */
function readScene(prompt: string, reading: PromptReading): Scene {
  const clauses = mainClauses(prompt);
  const main = clauses[0] ?? tokenize(prompt);
  const { head, rest } = segments(main, reading);
  const extra = clauses
    .slice(1)
    .flatMap((clause) => segments([{ text: 'it', lower: 'it' }, ...clause], reading).rest);
  const promptStart = prompt
    .trim()
    .toLowerCase()
    .startsWith(head[0]?.lower ?? '\u0000');
  // "a cat and a dog": the first is the subject, the second its companion.
  const and = head.findIndex((token) => token.lower === 'and' || token.lower === '&');
  const subject =
    nounOf(and > 0 ? head.slice(0, and) : head, reading, promptStart) ??
    nounOf(main, reading, true) ??
    nounOf([{ text: 'scene', lower: 'scene' }], reading, false);
  let other = and > 0 ? nounOf(head.slice(and + 1), reading, false) : null;
  let verb: Scene['verb'] = null;
  let place: Scene['place'] = null;
  let weatherPhrase: string | null = null;
  let weatherNoun: string | null = null;
  let time: Scene['time'] = null;
  let purpose: string | null = null;
  let purposeNoun: string | null = null;
  let surface: Scene['surface'] = null;
  let attachPost: Noun | null = subject as Noun;
  for (const segment of [...rest, ...extra]) {
    const words = segment.tokens.map((token) => token.lower);
    if (segment.kind === 'verb') {
      if (verb) continue;
      const object = segment.tokens.length ? nounOf(segment.tokens, reading, false) : null;
      // The reading's kind of movement, when it read the same verb.
      const same = reading.action && ingOf(reading.action.verb) === segment.lead;
      verb = { ing: segment.lead, object, kind: same ? (reading.action?.kind ?? null) : null };
      if (object && !other && object.kind !== 'place') other = object;
      if (object?.kind === 'place' && !place) place = { prep: 'in', noun: object };
      attachPost = object;
      continue;
    }
    if (segment.kind === 'post') {
      if (attachPost && !attachPost.post)
        attachPost.post = `${segment.lead} ${phraseText(segment.tokens)}`.trim();
      continue;
    }
    const noun = nounOf(segment.tokens, reading, false, true);
    if (!noun) continue;
    const timeWord = words.find((word) => TIME_NOUNS.has(word));
    if (timeWord && ['at', 'on', 'in', 'during', 'under', 'by'].includes(segment.lead)) {
      if (!time) {
        const text = phraseText(segment.tokens);
        time = {
          phrase: `${segment.lead} ${text}`,
          noun: text.replace(/^the /i, ''),
          tod: reading.time ?? TIME_OF_NOUN[timeWord] ?? null,
        };
      }
      continue;
    }
    if (
      words.some((word) => WEATHER_NOUNS.has(word)) &&
      ['in', 'during', 'through', 'under'].includes(segment.lead)
    ) {
      weatherPhrase ??= `${segment.lead} ${phraseText(segment.tokens)}`;
      weatherNoun ??= noun.the;
      continue;
    }
    if (segment.lead === 'with' && !other) {
      other = noun;
      attachPost = noun;
      continue;
    }
    if (segment.lead === 'for') {
      if (attachPost && attachPost.post && !attachPost.post.includes(' for '))
        attachPost.post += ` for ${noun.the.replace(/^the /, '')}`;
      else if (attachPost?.post?.startsWith('ready')) continue;
      else if (!purpose) {
        purpose = `for ${noun.first}`;
        purposeNoun = noun.the;
      }
      continue;
    }
    if (segment.lead === 'of' || segment.lead === 'with') continue;
    if (!place) {
      place = { prep: segment.lead, noun };
      attachPost = noun;
    }
  }
  const subjectNoun = subject as Noun;
  const lowerPrompt = prompt.toLowerCase();
  const settingWord = reading.settingWord;
  const settingInSubject =
    settingWord !== null && subjectNoun.first.toLowerCase().split(/\s+/).includes(settingWord);
  let where: Noun | null = place?.noun ?? null;
  let whereIsSubject = false;
  if (!where && subjectNoun.kind === 'place') {
    where = subjectNoun;
    whereIsSubject = true;
  }
  if (!where && settingWord && !settingInSubject && lowerPrompt.includes(settingWord)) {
    where = nounOf([{ text: settingWord, lower: settingWord }], reading, false);
  }
  for (const noun of [place?.noun, verb?.object]) {
    if (!noun) continue;
    const material = [...noun.mods, noun.head].find((word) => MATERIAL_FEEL[word]);
    if (material && !surface) surface = { noun, feel: MATERIAL_FEEL[material] as string };
  }
  const colour = subjectNoun.mods.find((word) => COLOUR_WORDS.has(word)) ?? null;
  const placeHead = where?.head ?? '';
  const setting = PLACE_SETTING[placeHead] ?? PLACE_SETTING[singularOf(placeHead)] ?? reading.setting;
  if (!time && reading.time) {
    const noun = { dawn: 'dawn', day: 'daylight', sunset: 'sunset', night: 'night' }[reading.time];
    const phrase = { dawn: 'at dawn', day: 'in broad daylight', sunset: 'at sunset', night: 'at night' }[
      reading.time
    ];
    // Only what the prompt says: "morning" in "morning light" is the time, but not its own phrase.
    const said = tokenize(prompt).find(
      (token) =>
        TIME_OF_NOUN[token.lower] === reading.time && !head.some((word) => word.lower === token.lower),
    );
    if (said) time = { phrase, noun, tod: reading.time };
  }
  return {
    subject: subjectNoun,
    other,
    verb,
    place,
    where,
    whereIsSubject,
    weatherPhrase,
    weatherNoun:
      weatherNoun ??
      ({ rain: 'the rain', snow: 'the snow', fog: 'the fog', storm: 'the storm' } as Record<string, string>)[
        reading.weather
      ] ??
      null,
    time,
    weather: reading.weather,
    surface,
    colour,
    purpose,
    purposeNoun,
    setting,
  };
}

// ---------------------------------------------------------------------------------------------
// Sentences. Each template gives a sentence for a scene, or null when the prompt lacks what it
// needs; the options leave out the place, the time or the object to fit the scene's length.

interface Options {
  place: boolean;
  time: boolean;
  object: boolean;
}
type Template = (scene: Scene, options: Options) => string | null | undefined | false | '';

const be = (noun: Noun) => (noun.plural ? 'are' : 'is');
const verbS = (noun: Noun, singular: string, plural: string) => (noun.plural ? plural : singular);
const itOf = (noun: Noun) => (noun.plural ? 'they' : 'it');
const possessive = (noun: Noun) =>
  noun.plural && /s$/.test(noun.short) ? `${noun.short}'` : `${noun.short}'s`;
const theOf = (place: Scene['place']) => (place ? `${place.prep} ${place.noun.the}` : '');
const join = (...parts: (string | null | false | undefined)[]) =>
  parts
    .filter((part): part is string => Boolean(part))
    .join(' ')
    .replace(/\s+,/g, ',')
    .replace(/\s+/g, ' ')
    .trim();
const sentence = (...parts: (string | null | false | undefined)[]) => {
  const text = join(...parts).replace(/[,\s]+$/, '');
  return text ? `${capitalise(text)}${/[.!?]$/.test(text) ? '' : '.'}` : null;
};
/** The place, unless the verb already named it ("cleaning a living room"). */
const placeOf = (scene: Scene) =>
  scene.place && scene.verb?.object?.head !== scene.place.noun.head ? scene.place : null;
const placeFirst = (scene: Scene, options: Options) => {
  const place = placeOf(scene);
  return options.place && place ? `${place.prep} ${place.noun.first}` : null;
};
const placeThe = (scene: Scene, options: Options) => (options.place ? theOf(placeOf(scene)) : null);
/** Prepositions that say where something is, rather than where it goes. */
const STATIC_PREPOSITIONS = new Set(
  'in on at near by beside above over under below beneath inside atop underneath'
    .split(' ')
    .concat(['next to', 'close to', 'in front of']),
);
const staticPlace = (scene: Scene, options: Options) => {
  const place = placeOf(scene);
  return place && STATIC_PREPOSITIONS.has(place.prep) ? placeFirst(scene, options) : null;
};
const staticThe = (scene: Scene, options: Options) => {
  const place = placeOf(scene);
  return place && STATIC_PREPOSITIONS.has(place.prep) ? placeThe(scene, options) : null;
};
const timeText = (scene: Scene, options: Options) => (options.time && scene.time ? scene.time.phrase : null);
const withOther = (scene: Scene, options: Options) =>
  options.object && scene.other && !scene.verb?.object ? `with ${scene.other.first}` : null;
/** The place to talk about, or the subject when there is none. */
const around = (scene: Scene) => scene.where?.the ?? scene.subject.the;
const outdoors = (scene: Scene) => !INDOOR.has(scene.setting) && scene.setting !== 'abstract';

interface Entry {
  say: Template;
  /** A short line that only pads a scene to its length: used when nothing better fits. */
  filler?: true;
}
const good = (...templates: Template[]): Entry[] => templates.map((say) => ({ say }));
const fillers = (...templates: Template[]): Entry[] => templates.map((say) => ({ say, filler: true }));

const isLiving = (noun: Noun) => noun.kind === 'person' || noun.kind === 'animal';
const SHE = set('girl woman lady mother mom grandma grandmother queen princess bride daughter sister wife');
const HE = set('boy man guy father dad grandpa grandfather king prince groom gentleman son brother husband');
/** "it", or "them" for people (a singular they) and for plurals. */
const objectPronoun = (noun: Noun) =>
  noun.plural
    ? 'them'
    : noun.kind !== 'person'
      ? 'it'
      : SHE.has(noun.head)
        ? 'her'
        : HE.has(noun.head)
          ? 'him'
          : 'them';
/** "This is" / "These are". */
const thisIs = (noun: Noun) => (noun.plural ? 'These are' : 'This is');
const verbOf = (s: Scene) => (s.verb ? join(s.verb.ing, s.verb.object?.first) : null);
const where = (s: Scene, o: Options) => placeFirst(s, o) ?? (o.place ? s.weatherPhrase : null);
const staticWhere = (s: Scene, o: Options) => staticPlace(s, o) ?? (o.place ? s.weatherPhrase : null);
/** "it keeps", "they keep", "she keeps". */
const pronounWith = (noun: Noun, singular: string, plural: string) => {
  if (noun.plural) return `they ${plural}`;
  if (noun.kind !== 'person') return `it ${singular}`;
  if (SHE.has(noun.head)) return `she ${singular}`;
  if (HE.has(noun.head)) return `he ${singular}`;
  return `they ${plural}`;
};

const HERO: Entry[] = [
  ...good(
    (s, o) => s.verb && sentence(s.subject.first, be(s.subject), verbOf(s), placeFirst(s, o), timeText(s, o)),
    (s, o) =>
      s.verb &&
      s.time &&
      o.time &&
      sentence(`${s.time.phrase},`, s.subject.first, be(s.subject), verbOf(s), placeFirst(s, o)),
    (s, o) =>
      s.verb &&
      s.subject.kind !== 'topic' &&
      sentence(`Meet ${s.subject.first},`, verbOf(s), placeFirst(s, o), timeText(s, o)),
    (s, o) =>
      s.verb &&
      isLiving(s.subject) &&
      sentence(`Here ${be(s.subject)}`, `${s.subject.first},`, verbOf(s), timeText(s, o)),
    (s, o) =>
      !s.verb &&
      s.subject.kind !== 'topic' &&
      s.subject.kind !== 'place' &&
      (where(s, o) || timeText(s, o)) &&
      sentence(`There ${be(s.subject)}`, s.subject.first, s.subject.post, where(s, o), timeText(s, o)),
    (s, o) =>
      s.subject.kind !== 'topic' &&
      sentence('Our story begins with', s.subject.first, verbOf(s), where(s, o), timeText(s, o)),
    (s, o) =>
      staticPlace(s, o) &&
      s.subject.kind !== 'topic' &&
      sentence(`Our story starts ${staticPlace(s, o)}`, timeText(s, o), `, with ${s.subject.first}`),
    (s, o) =>
      !s.verb &&
      (s.subject.kind === 'thing' || s.subject.kind === 'glow') &&
      s.place &&
      sentence(
        s.subject.first,
        ['over', 'above'].includes(s.place.prep) || s.setting === 'sky'
          ? verbS(s.subject, 'hangs', 'hang')
          : verbS(s.subject, 'stands', 'stand'),
        placeFirst(s, { ...o, place: true }),
        timeText(s, o),
      ),
    (s, o) =>
      s.subject.kind !== 'topic' &&
      s.subject.kind !== 'place' &&
      sentence('Take a moment to look at', s.subject.first, staticWhere(s, o), timeText(s, o)),
    (s, o) =>
      !s.verb &&
      s.subject.kind !== 'topic' &&
      sentence(`All eyes are on ${s.subject.first}`, staticWhere(s, o), timeText(s, o)),
    (s, o) =>
      s.subject.kind === 'place' && sentence('Welcome to', s.subject.first, withOther(s, o), timeText(s, o)),
    (s, o) =>
      s.subject.kind === 'place' &&
      sentence(thisIs(s.subject), s.subject.first, withOther(s, o), timeText(s, o)),
    (s, o) => s.subject.kind === 'topic' && sentence('Here is', s.subject.the, o.object && s.purpose),
    (s, o) =>
      s.subject.kind === 'topic' && sentence("Let's walk through", s.subject.the, o.object && s.purpose),
    (s, o) =>
      s.subject.kind === 'topic' && sentence('Today we look at', s.subject.the, o.object && s.purpose),
    (s, o) => s.subject.kind === 'topic' && sentence('Welcome to', s.subject.the, o.object && s.purpose),
    (s, o) =>
      s.subject.kind === 'abstract' &&
      sentence(s.subject.first, verbS(s.subject, 'fills', 'fill'), 'the whole screen', timeText(s, o)),
    (s) =>
      s.subject.kind === 'abstract' &&
      sentence(`Soft waves of ${s.subject.first} drift slowly across the screen.`),
    (s) => s.subject.kind === 'abstract' && sentence(`A slow dance of ${s.subject.first} begins.`),
    (s) =>
      (s.subject.kind === 'abstract' || s.subject.kind === 'glow') &&
      s.subject.plural &&
      sentence(`Here come ${s.subject.first}, bright against the dark.`),
  ),
  ...fillers(
    (s) => isLiving(s.subject) && sentence(`Meet ${s.subject.first}.`),
    (s) => s.subject.kind !== 'topic' && sentence(`${thisIs(s.subject)} ${s.subject.first}.`),
  ),
];

const mannerOf = (s: Scene) =>
  s.verb?.kind ? MANNER[s.verb.kind] : s.subject.kind === 'person' ? 'with real focus' : 'without a pause';

const ACTION: Entry[] = [
  ...good(
    (s, o) =>
      s.verb && sentence(s.subject.short, verbS(s.subject, 'keeps', 'keep'), verbOf(s), placeThe(s, o)),
    (s, o) =>
      s.verb &&
      sentence(
        `Watch ${s.subject.short} as`,
        pronounWith(s.subject, 'keeps', 'keep'),
        verbOf(s),
        placeThe(s, o),
      ),
    (s, o) =>
      s.verb && sentence('Again and again,', s.subject.short, be(s.subject), verbOf(s), placeThe(s, o)),
    (s) => s.verb && sentence(s.subject.short, be(s.subject), `${verbOf(s)},`, mannerOf(s)),
    (s, o) => s.verb && sentence(`Nothing stops ${s.subject.short} from`, verbOf(s), placeThe(s, o)),
    (s, o) => s.verb && sentence('All the while,', s.subject.short, be(s.subject), verbOf(s), timeText(s, o)),
    (s) => s.verb && sentence('Moment by moment,', s.subject.the, be(s.subject), 'still', verbOf(s)),
    (s, o) =>
      s.verb?.object &&
      s.verb.object.kind !== 'place' &&
      sentence(
        s.verb.object.the,
        be(s.verb.object),
        'the focus as',
        s.subject.short,
        verbS(s.subject, 'keeps', 'keep'),
        s.verb.ing,
        s.verb.object.plural ? 'them' : 'it',
        placeThe(s, o),
      ),
    (s, o) =>
      !s.verb &&
      s.subject.kind === 'person' &&
      sentence(
        s.subject.short,
        verbS(s.subject, 'moves', 'move'),
        'with calm, steady purpose',
        placeThe(s, o),
      ),
    (s, o) =>
      !s.verb &&
      s.subject.kind === 'person' &&
      sentence(
        s.subject.short,
        verbS(s.subject, 'takes', 'take'),
        'a quiet moment',
        placeThe(s, o),
        timeText(s, o),
      ),
    (s, o) =>
      !s.verb &&
      s.subject.kind === 'animal' &&
      sentence(s.subject.short, verbS(s.subject, 'moves', 'move'), 'with slow, easy power', placeThe(s, o)),
    (s, o) =>
      !s.verb &&
      s.subject.kind === 'animal' &&
      sentence(
        s.subject.short,
        verbS(s.subject, 'turns', 'turn'),
        'and',
        verbS(s.subject, 'looks', 'look'),
        'around',
        placeThe(s, o),
      ),
    (s, o) =>
      !s.verb &&
      FIREWORKS.has(s.subject.head) &&
      sentence(
        s.subject.short,
        verbS(s.subject, 'bursts', 'burst'),
        'and',
        verbS(s.subject, 'fades', 'fade'),
        ', one after another',
        placeThe(s, o),
      ),
    (s, o) =>
      !s.verb &&
      FIREWORKS.has(s.subject.head) &&
      sentence(`Sparks from ${s.subject.short}`, 'drift slowly down', placeThe(s, o)),
    (s, o) =>
      !s.verb &&
      s.subject.kind === 'glow' &&
      sentence(
        s.subject.short,
        verbS(s.subject, 'glows', 'glow'),
        'softer, then brighter again',
        placeThe(s, o),
      ),
    (s, o) =>
      !s.verb &&
      s.subject.kind === 'glow' &&
      sentence(
        s.subject.short,
        verbS(s.subject, 'lights', 'light'),
        'up the sky',
        placeThe(s, o),
        timeText(s, o),
      ),
    (s, o) =>
      !s.verb &&
      s.subject.kind === 'thing' &&
      sentence('Light shifts slowly across', s.subject.the, placeThe(s, o), timeText(s, o)),
    (s, o) =>
      !s.verb &&
      s.subject.kind === 'thing' &&
      !FLYING_THINGS.has(s.subject.head) &&
      sentence(
        s.subject.short,
        verbS(s.subject, 'holds', 'hold'),
        'perfectly still',
        placeThe(s, o),
        timeText(s, o),
      ),
    (s, o) =>
      !s.verb &&
      FLYING_THINGS.has(s.subject.head) &&
      sentence(
        s.subject.short,
        verbS(s.subject, 'drifts', 'drift'),
        'slowly on the breeze',
        placeThe(s, o),
        timeText(s, o),
      ),
    (s, o) =>
      !s.verb &&
      FLYING_THINGS.has(s.subject.head) &&
      sentence(s.subject.short, verbS(s.subject, 'rises', 'rise'), 'a little higher', placeThe(s, o)),
    (s, o) =>
      s.subject.kind === 'place' &&
      WATER_PLACES.has(s.subject.head) &&
      sentence(s.subject.short, verbS(s.subject, 'flows', 'flow'), 'on, slow and steady', timeText(s, o)),
    (s) =>
      s.subject.kind === 'place' &&
      WATER_PLACES.has(s.subject.head) &&
      sentence(`The water of ${s.subject.the} never stops moving.`),
    (s, o) =>
      s.subject.kind === 'place' &&
      !WATER_PLACES.has(s.subject.head) &&
      sentence('Life moves quietly through', s.subject.the, timeText(s, o)),
    (s, o) =>
      s.subject.kind === 'place' &&
      BUSY_PLACES.has(s.subject.head) &&
      sentence(`People come and go around ${s.subject.short}`, timeText(s, o)),
    (s, o) =>
      s.subject.kind === 'place' && sentence(`Slowly, ${s.subject.the} comes to life`, timeText(s, o)),
    (s) =>
      s.subject.kind === 'place' &&
      !WATER_PLACES.has(s.subject.head) &&
      sentence(`Quiet moments pass one by one in ${s.subject.short}.`),
    (s, o) =>
      !s.verb &&
      s.subject.kind === 'thing' &&
      sentence(`Shadows move softly around ${s.subject.the}`, placeThe(s, o), timeText(s, o)),
    (s) =>
      !s.verb &&
      s.subject.kind === 'thing' &&
      sentence(`Slowly, the light around ${s.subject.short} begins to change.`),
    (s, o) =>
      s.weatherNoun &&
      ['storm', 'snow', 'fog'].includes(s.weather) &&
      s.subject.kind !== 'topic' &&
      s.subject.kind !== 'abstract' &&
      sentence(
        s.subject.short,
        verbS(s.subject, 'stands', 'stand'),
        'firm against',
        s.weatherNoun,
        timeText(s, o),
      ),
    (s, o) =>
      s.weather === 'rain' &&
      INDOOR.has(s.setting) &&
      sentence(
        s.subject.short,
        verbS(s.subject, 'stays', 'stay'),
        'warm and dry, out of the rain',
        timeText(s, o),
      ),
    (s) =>
      s.subject.kind === 'abstract' &&
      sentence(
        s.subject.short,
        verbS(s.subject, 'shifts', 'shift'),
        'and',
        verbS(s.subject, 'blends', 'blend'),
        'into',
        s.subject.plural ? 'one another' : 'new shapes',
      ),
    (s) =>
      s.subject.kind === 'abstract' &&
      sentence(
        s.subject.short,
        verbS(s.subject, 'twists', 'twist'),
        'and',
        verbS(s.subject, 'folds', 'fold'),
        'as',
        itOf(s.subject),
        verbS(s.subject, 'flows', 'flow'),
        'on',
      ),
    (s) =>
      s.subject.kind === 'abstract' &&
      sentence(
        `Slowly, ${s.subject.the} ${verbS(s.subject, 'ripples', 'ripple')} and ${verbS(s.subject, 'changes', 'change')} shape.`,
      ),
    (s) =>
      s.subject.kind === 'abstract' &&
      sentence(
        `${s.subject.short} ${verbS(s.subject, 'rises', 'rise')}, ${verbS(s.subject, 'falls', 'fall')} and ${verbS(s.subject, 'rises', 'rise')} again.`,
      ),
    (s) =>
      s.subject.kind === 'abstract' &&
      s.subject.plural &&
      sentence(`${s.subject.short} drift apart, then find each other again.`),
    (s) =>
      s.subject.kind === 'abstract' && sentence(`Bright edges of ${s.subject.the} slide past one another.`),
    (s) => s.subject.kind === 'topic' && sentence(`${s.subject.short} moves from one point to the next.`),
    (s) => s.subject.kind === 'topic' && sentence(`Each part of ${s.subject.short} builds on the last.`),
    (s) => s.subject.kind === 'topic' && sentence(`${s.subject.short} moves point by point.`),
    (s) =>
      s.subject.kind === 'topic' &&
      sentence(`${s.subject.short} starts with the big picture, then the details.`),
    (s) => s.subject.kind === 'topic' && sentence(`Point by point, ${s.subject.the} comes together.`),
    (s, o) =>
      !s.verb &&
      s.subject.kind === 'thing' &&
      sentence(`Nothing hurries ${s.subject.the}`, placeThe(s, o), timeText(s, o)),
    (s, o) =>
      !s.verb &&
      (s.subject.kind === 'thing' || s.subject.kind === 'place') &&
      sentence(`Time seems to slow down around ${s.subject.the}`, timeText(s, o)),
    (s, o) =>
      s.subject.kind === 'topic' && sentence(s.subject.the, 'sets out what matters', o.object && s.purpose),
    // What the second subject does, when the first one does nothing.
    (s, o) =>
      !s.verb &&
      s.other?.post &&
      sentence(
        s.other.the,
        verbS(s.other, 'stands', 'stand'),
        s.other.post,
        o.place && (s.subject.kind === 'place' ? `at ${s.subject.the}` : `beside ${s.subject.short}`),
      ),
    (s, o) =>
      !s.verb &&
      s.other &&
      BIRDS.has(s.other.head) &&
      sentence(
        s.other.first,
        verbS(s.other, 'flits', 'flit'),
        'from branch to branch',
        o.place && `around ${s.subject.the}`,
      ),
    (s) =>
      !s.verb &&
      s.other &&
      s.subject.kind === 'place' &&
      s.other.plural &&
      !isLiving(s.other) &&
      sentence(`${s.other.first} line ${s.subject.the}, one after another.`),
    (s) =>
      !s.verb &&
      s.other &&
      isLiving(s.other) &&
      sentence(
        `${s.other.the} ${verbS(s.other, 'moves', 'move')} in and out of view around ${s.subject.short}.`,
      ),
  ),
  ...fillers(
    (s) => s.verb && sentence(s.subject.short, verbS(s.subject, 'keeps', 'keep'), s.verb.ing),
    (s) => sentence(`Watch ${s.subject.short}.`),
    (s) => sentence(`Watch ${s.subject.short} closely.`),
  ),
];

const WIDE: Entry[] = [
  ...good(
    (s) => s.time && sentence(s.time.noun, 'settles over', around(s)),
    (s) => s.time?.tod && sentence(TIME_LIGHT[s.time.tod](around(s))),
    (s) => s.where && s.time?.tod && sentence(s.where.the, be(s.where), `bathed in ${LIGHT[s.time.tod]}`),
    (s) =>
      s.where &&
      !s.time &&
      sentence(
        s.where.the,
        be(s.where),
        `bathed in ${INDOOR.has(s.setting) ? 'soft, warm light' : 'soft daylight'}`,
      ),
    (s) => (WEATHER_LINES[s.weather]?.[0] ? sentence(WEATHER_LINES[s.weather]?.[0]?.(around(s))) : null),
    (s) => (WEATHER_LINES[s.weather]?.[1] ? sentence(WEATHER_LINES[s.weather]?.[1]?.(around(s))) : null),
    (s) =>
      s.where &&
      (s.where.kind === 'place' || !INDOOR.has(s.setting)) &&
      SCENERY[s.setting] &&
      sentence(SCENERY[s.setting]?.(s.where.the)),
    (s) =>
      s.where &&
      outdoors(s) &&
      s.setting !== 'space' &&
      !['street', 'road', 'room', 'staircase', 'stairs'].includes(s.where.head) &&
      sentence(s.where.the, verbS(s.where, 'stretches', 'stretch'), 'out in every direction'),
    (s, o) =>
      s.where &&
      !s.whereIsSubject &&
      s.place &&
      outdoors(s) &&
      sentence(
        'Seen from further away,',
        s.subject.short,
        verbS(s.subject, 'looks', 'look'),
        'small',
        placeThe(s, { ...o, place: true }),
      ),
    (s) =>
      s.where?.kind === 'place' &&
      !s.whereIsSubject &&
      INDOOR.has(s.setting) &&
      sentence(
        s.where.the,
        be(s.where),
        s.setting === 'kitchen' ? 'warm and busy' : 'calm and quiet',
        `around ${s.subject.short}`,
      ),
    (s) =>
      s.where && sentence(`From here, all of ${s.where.the} ${verbS(s.where, 'comes', 'come')} into view.`),
    (s) =>
      s.where &&
      !s.whereIsSubject &&
      sentence(`All around ${s.subject.short}, ${s.where.the} ${verbS(s.where, 'opens', 'open')} up.`),
    (s) =>
      !s.where &&
      s.subject.kind !== 'topic' &&
      sentence(
        s.subject.the,
        verbS(s.subject, 'fills', 'fill'),
        s.subject.kind === 'abstract' ? 'every corner of the screen' : 'the whole view',
      ),
    (s) =>
      !s.where &&
      s.subject.kind !== 'topic' &&
      s.subject.kind !== 'abstract' &&
      sentence(`There is open space all around ${s.subject.the}.`),
    (s) =>
      !s.where && isLiving(s.subject) && sentence(`The world around ${s.subject.short} seems to slow down.`),
    (s) => s.subject.kind === 'topic' && sentence(`Step back and see all of ${s.subject.the} at once.`),
    (s) => s.subject.kind === 'topic' && sentence(`Here is the bigger picture behind ${s.subject.short}.`),
    (s) =>
      s.subject.kind === 'topic' && sentence(`Here is where ${s.subject.the} fits in the bigger picture.`),
    (s) =>
      s.where &&
      outdoors(s) &&
      !['space', 'underwater', 'sky'].includes(s.setting) &&
      sentence(`The sky above ${s.where.the} is wide and open.`),
    (s) =>
      s.where &&
      !s.whereIsSubject &&
      !BUSY_PLACES.has(s.where.head) &&
      sentence(`${s.where.the} ${be(s.where)} quiet, apart from ${s.subject.short}.`),
    (s) => s.subject.kind === 'abstract' && sentence(`Wide fields of ${s.subject.head} spread out and meet.`),
    (s) =>
      s.subject.kind === 'abstract' &&
      sentence(
        `Far and wide, ${s.subject.short} ${verbS(s.subject, 'spreads', 'spread')} out like ink in water.`,
      ),
    (s) =>
      s.subject.kind === 'abstract' &&
      sentence(`From edge to edge, ${s.subject.the} ${verbS(s.subject, 'keeps', 'keep')} moving.`),
    (s) =>
      s.subject.kind === 'abstract' &&
      sentence(
        `${s.subject.the} ${verbS(s.subject, 'stretches', 'stretch')} on past the edges of the screen.`,
      ),
    (s) =>
      s.where && !BUSY_PLACES.has(s.where.head) && sentence(`${s.where.the} ${be(s.where)} quiet and still.`),
    (s) => s.where && sentence(`Soft light fills ${s.where.the}.`),
    (s) =>
      s.where &&
      outdoors(s) &&
      !['space', 'underwater', 'sky'].includes(s.setting) &&
      sentence(`Open sky hangs over ${s.where.the}.`),
    (s) => s.subject.kind !== 'topic' && sentence(`Everything around ${s.subject.the} is calm.`),
  ),
  ...fillers(
    (s) => s.where && sentence(`Look around ${s.where.the}.`),
    (s) => sentence(`Take in ${around(s)}.`),
  ),
];

const CLOSE: Entry[] = [
  ...good(
    (s) =>
      s.colour &&
      sentence(
        `The ${s.colour} of ${s.subject.short} stands out against everything around ${itOf(s.subject) === 'it' ? 'it' : 'them'}.`,
      ),
    (s) => s.colour && sentence(`Up close, ${s.subject.short} ${be(s.subject)} an even deeper ${s.colour}.`),
    (s) =>
      s.surface &&
      sentence(`Beneath ${s.subject.short}, ${s.surface.noun.the} ${be(s.surface.noun)} ${s.surface.feel}.`),
    (s) => s.surface && sentence(`${s.surface.noun.the} ${be(s.surface.noun)} ${s.surface.feel}.`),
    (s) =>
      s.subject.of &&
      sentence(
        s.subject.of.plural
          ? `Each of the ${s.subject.of.text} in ${s.subject.short} catches the light.`
          : `The ${s.subject.of.text} in ${s.subject.short} looks rich and fresh.`,
      ),
    (s, o) =>
      s.subject.kind === 'person' &&
      sentence(`${possessive(s.subject)} hands move with quiet skill`, placeThe(s, o)),
    (s) =>
      s.subject.kind === 'person' &&
      sentence(`${possessive(s.subject)} ${s.subject.plural ? 'faces are' : 'face is'} calm and focused.`),
    (s) =>
      isLiving(s.subject) &&
      s.verb?.object &&
      sentence(`${possessive(s.subject)} eyes never leave ${s.verb.object.the}.`),
    (s) => s.subject.kind === 'animal' && sentence(`${possessive(s.subject)} eyes are dark and watchful.`),
    (s) =>
      s.subject.kind === 'animal' &&
      (BIRDS.has(s.subject.head)
        ? sentence(`${possessive(s.subject)} feathers shine in bright colours.`)
        : SEA_ANIMALS.has(s.subject.head)
          ? sentence(`Water streams off ${possessive(s.subject)} ${s.subject.plural ? 'backs' : 'back'}.`)
          : sentence(`${possessive(s.subject)} fur ripples with every move.`)),
    (s) =>
      s.subject.kind === 'animal' &&
      sentence(
        `Every line of ${possessive(s.subject)} ${s.subject.plural ? 'bodies' : 'body'} is clear now.`,
      ),
    (s) =>
      (s.subject.kind === 'thing' || s.subject.kind === 'place') &&
      sentence(`Light catches every edge and curve of ${s.subject.the}.`),
    (s) =>
      (s.subject.kind === 'thing' || s.subject.kind === 'place') &&
      sentence(`Up close, ${s.subject.the} ${verbS(s.subject, 'shows', 'show')} every small detail.`),
    (s) => s.subject.kind === 'thing' && sentence(`Every line of ${s.subject.short} is sharp and clear.`),
    (s) =>
      s.subject.kind === 'thing' &&
      sentence(`Small reflections slide across the surface of ${s.subject.short}.`),
    (s) => s.subject.kind === 'thing' && sentence(`Soft highlights trace the shape of ${s.subject.the}.`),
    (s) => s.subject.kind === 'thing' && sentence(`A thin line of light runs along ${s.subject.the}.`),
    (s) => {
      const quality = s.subject.mods.find((word) => isAdjective(word) && !COLOUR_WORDS.has(word));
      return (
        quality &&
        s.subject.kind !== 'abstract' &&
        s.subject.kind !== 'topic' &&
        sentence(`Up close, the ${quality} details of ${s.subject.short} stand out.`)
      );
    },
    (s) =>
      s.subject.kind === 'person' &&
      sentence(`A small smile crosses ${possessive(s.subject)} ${s.subject.plural ? 'faces' : 'face'}.`),
    (s) => s.subject.kind === 'place' && sentence(`The little things make ${s.subject.the} feel alive.`),
    (s) =>
      s.subject.kind === 'place' &&
      WATER_PLACES.has(s.subject.head) &&
      s.time?.tod !== 'night' &&
      sentence(`Sunlight glints on the water of ${s.subject.the}.`),
    (s) => FIREWORKS.has(s.subject.head) && sentence(`Thin trails of smoke drift behind ${s.subject.the}.`),
    (s) => s.subject.kind === 'topic' && sentence(`One detail in ${s.subject.the} deserves a closer look.`),
    (s) => s.subject.kind === 'topic' && sentence(`The key points of ${s.subject.the} are simple and clear.`),
    (s) =>
      FIREWORKS.has(s.subject.head) && sentence(`Each spark of ${s.subject.short} leaves a trail of light.`),
    (s) =>
      s.subject.kind === 'glow' &&
      sentence(`${s.subject.short} ${verbS(s.subject, 'glows', 'glow')} in warm, shifting colours.`),
    (s) => s.subject.kind === 'glow' && sentence(`Every colour of ${s.subject.the} changes by the moment.`),
    (s) =>
      s.subject.kind === 'place' && sentence(`Every corner of ${s.subject.short} has its own small story.`),
    (s) =>
      s.subject.kind === 'place' &&
      WATER_PLACES.has(s.subject.head) &&
      sentence(`Small ripples run across the surface of ${s.subject.short}.`),
    (s) => {
      const food = [...s.subject.mods].reverse().find((word) => FOOD_MODIFIERS.has(word));
      return food ? sentence(`The smell of ${food} drifts from the ${s.subject.head}.`) : null;
    },
    (s) =>
      s.subject.kind === 'abstract' &&
      sentence(`Up close, ${s.subject.short} ${verbS(s.subject, 'melts', 'melt')} into soft new shades.`),
    (s) => s.subject.kind === 'abstract' && sentence(`Fine threads of ${s.subject.head} curl and cross.`),
    (s) => s.subject.kind === 'abstract' && sentence(`Tiny flecks of ${s.subject.head} sparkle and fade.`),
    (s) =>
      s.subject.kind === 'abstract' &&
      s.subject.plural &&
      sentence(`Where ${s.subject.short} meet, new shades appear.`),
    (s) => s.subject.kind === 'topic' && sentence(`Every detail of ${s.subject.short} matters.`),
    (s) => s.subject.kind === 'topic' && sentence(`Look closer at the numbers behind ${s.subject.short}.`),
    (s) => s.verb?.object && sentence(`Look closely at ${s.verb.object.the}.`),
  ),
  ...fillers(
    (s) => s.subject.kind !== 'topic' && sentence(`Look closer at ${s.subject.short}.`),
    (s) => s.subject.kind !== 'topic' && sentence(`${s.subject.short}, up close.`),
    (s) => sentence(`Notice the small details of ${s.subject.short}.`),
  ),
];

const SECOND: Entry[] = [
  ...good(
    (s, o) =>
      s.other &&
      !s.verb?.object &&
      sentence(`Then there ${be(s.other)}`, s.other.first, o.object && s.other.post && `, ${s.other.post}`),
    (s) => s.other && sentence(`${s.other.the} ${be(s.other)} never far from ${s.subject.short}.`),
    (s) => s.other && sentence(`Our eyes move from ${s.subject.short} to ${s.other.short}.`),
    (s, o) =>
      s.other &&
      FLYING_THINGS.has(s.other.head) &&
      sentence(
        `High above, ${s.other.short} ${verbS(s.other, 'dances', 'dance')} on the wind`,
        timeText(s, o),
      ),
    (s) =>
      s.other &&
      isLiving(s.other) &&
      sentence(
        `${s.other.the} ${verbS(s.other, 'moves', 'move')} in and out of view around ${s.subject.short}.`,
      ),
    (s) =>
      s.other &&
      s.other.kind === 'thing' &&
      sentence(`${s.other.short} ${verbS(s.other, 'catches', 'catch')} the light beside ${s.subject.short}.`),
    (s) => s.other && sentence(`${s.other.short} and ${s.subject.short} share this moment.`),
    (s) => s.purpose && sentence(`All of it is made ${s.purpose}.`),
    (s) =>
      s.purpose &&
      s.subject.kind === 'topic' &&
      sentence(`It is written ${s.purpose}, so everyone sees the same picture.`),
    (s) =>
      !s.other &&
      placeOf(s) &&
      sentence(
        `${s.place?.noun.the} ${be(s.place?.noun as Noun)} as much a part of this as ${s.subject.short}.`,
      ),
    (s) =>
      s.subject.kind === 'place' &&
      BUSY_PLACES.has(s.subject.head) &&
      sentence(`People drift in and out of ${s.subject.the}.`),
    (s) =>
      !s.other &&
      s.subject.kind !== 'topic' &&
      sentence(
        `Seen from the other side, ${s.subject.the} ${verbS(s.subject, 'looks', 'look')} different again.`,
      ),
    (s) =>
      !s.other &&
      s.subject.kind !== 'topic' &&
      sentence(`There is more to ${s.subject.the} than first meets the eye.`),
    (s) =>
      !s.other &&
      s.subject.kind !== 'topic' &&
      sentence(`Turn around, and ${s.subject.the} ${verbS(s.subject, 'shows', 'show')} a different side.`),
    (s) =>
      s.purposeNoun &&
      s.subject.kind === 'topic' &&
      sentence(`Here is what ${s.subject.the} means for ${s.purposeNoun}.`),
    (s) =>
      !s.other &&
      outdoors(s) &&
      s.subject.kind !== 'abstract' &&
      s.subject.kind !== 'topic' &&
      sentence(`From below, ${s.subject.the} ${verbS(s.subject, 'seems', 'seem')} even bigger.`),
    (s) =>
      s.subject.kind === 'topic' && sentence(`Each section of ${s.subject.short} has a reason to be there.`),
    (s) =>
      s.subject.kind === 'abstract' &&
      sentence(
        `Now ${s.subject.short} ${verbS(s.subject, 'turns', 'turn')} and ${verbS(s.subject, 'flows', 'flow')} the other way.`,
      ),
  ),
  ...fillers(
    (s) => s.other && sentence(`Now look at ${s.other.short}.`),
    (s) => s.subject.kind !== 'topic' && sentence(`Another look at ${s.subject.short}.`),
    (s) => sentence(`${s.subject.short}, once more.`),
  ),
];

const CLOSING: Entry[] = [
  ...good(
    (s, o) => s.verb && sentence(`We leave ${s.subject.short}`, verbOf(s), placeThe(s, o)),
    (s, o) =>
      sentence(
        `One last look at ${s.subject.the}`,
        staticThe(s, o) ?? (o.place && s.weatherPhrase),
        timeText(s, o),
      ),
    (s, o) =>
      s.subject.kind !== 'topic' &&
      !s.subject.plural &&
      sentence(`And that is ${s.subject.the}`, staticThe(s, o), timeText(s, o)),
    (s, o) =>
      s.subject.kind !== 'topic' &&
      sentence(`And so we leave ${s.subject.the}`, staticThe(s, o), timeText(s, o)),
    (s) => s.time?.tod && sentence(`${TIME_PASSING[s.time.tod]}, we say goodbye to ${s.subject.the}.`),
    (s) => s.where?.kind === 'place' && sentence(`Until next time, from ${s.where.the}.`),
    (s) =>
      s.subject.kind !== 'topic' && sentence(`${s.subject.the} ${be(s.subject)} a sight worth remembering.`),
    (s, o) => s.subject.kind === 'topic' && sentence(`That is ${s.subject.the}`, o.object && s.purpose),
    (s) => s.subject.kind === 'topic' && sentence(`Thank you for following ${s.subject.the}.`),
    (s) => s.subject.kind === 'topic' && sentence(`That wraps up ${s.subject.the}.`),
    (s) =>
      s.subject.kind === 'abstract' &&
      sentence(
        `Slowly, ${s.subject.the} ${verbS(s.subject, 'settles', 'settle')} and ${verbS(s.subject, 'fades', 'fade')} away.`,
      ),
    (s) => s.subject.kind === 'abstract' && sentence(`One last swirl of ${s.subject.head}, and we are done.`),
    (s, o) =>
      s.other &&
      !s.verb?.object &&
      !s.other.post?.startsWith('ready') &&
      sentence(
        `One last look at ${s.subject.the} and its ${s.other.the.replace(/^the /, '')}`,
        timeText(s, o),
      ),
    (s, o) =>
      s.other &&
      !s.verb?.object &&
      sentence(`And so we leave ${s.subject.the} and ${s.other.the}`, timeText(s, o)),
    (s) =>
      s.verb &&
      sentence(
        `${s.subject.short} ${verbS(s.subject, 'goes', 'go')} on ${verbOf(s)}, and we let ${objectPronoun(s.subject)} be.`,
      ),
  ),
  ...fillers(
    (s) => sentence(`Goodbye to ${s.subject.short}.`),
    (s) => s.where && !s.whereIsSubject && sentence(`Farewell to ${s.where.the}.`),
  ),
];

const TEMPLATES: Record<SceneRole, Entry[]> = {
  hero: HERO,
  action: ACTION,
  wide: WIDE,
  close: CLOSE,
  second: SECOND,
  closing: CLOSING,
};
/** Where a scene's line finds its second and third sentences. */
const FOLLOWERS: Record<SceneRole, SceneRole[]> = {
  hero: ['wide', 'close'],
  action: ['close', 'wide'],
  wide: ['wide'],
  close: ['close'],
  second: ['close', 'wide'],
  closing: ['wide', 'close'],
};

interface Candidate {
  /** Template id ("action:3"): a template speaks once a script. */
  id: string;
  text: string;
  words: number;
  filler: boolean;
}

const OPTION_SETS: Options[] = [true, false].flatMap((place) =>
  [true, false].flatMap((time) => [true, false].map((object) => ({ place, time, object }))),
);

/**
 * The scene with its subjects named briefly ("a whale", "the whale"): shorter sentences to fit short
 * scenes. Places keep their own words ("the skate park"): a line about the place alone then stays
 * this prompt's, not any prompt's with a park.
 */
function briefScene(scene: Scene): Scene {
  const briefly = (noun: Noun): Noun => ({ ...noun, first: noun.brief, the: noun.short });
  const maybe = (noun: Noun | null) => (noun ? briefly(noun) : null);
  const subject = briefly(scene.subject);
  return {
    ...scene,
    subject,
    other: maybe(scene.other),
    verb: scene.verb ? { ...scene.verb, object: maybe(scene.verb.object) } : null,
    where: scene.whereIsSubject ? subject : scene.where,
  };
}

const tidy = (text: string) =>
  text
    .replace(/\s+([,.!?])/g, '$1')
    .replace(/,\s*,/g, ',')
    .replace(/,([.!?])$/, '$1');

/** Every sentence a role's templates make for this prompt, each naming something of it. */
function candidates(scene: Scene, role: SceneRole, naming: RegExp): Candidate[] {
  const out: Candidate[] = [];
  const seen = new Set<string>();
  const brief = briefScene(scene);
  TEMPLATES[role].forEach((entry, index) => {
    for (const [variant, options] of OPTION_SETS.flatMap((options) => [
      [scene, options] as const,
      [brief, options] as const,
    ])) {
      const said = entry.say(variant, options);
      if (!said) continue;
      const text = tidy(said);
      if (seen.has(text.toLowerCase()) || !naming.test(text)) continue;
      seen.add(text.toLowerCase());
      out.push({ id: `${role}:${index}`, text, words: wordCount(text), filler: entry.filler === true });
    }
  });
  return out;
}

/**
 * What a sentence must name for it to belong to this prompt: a word of the subject, of the second
 * subject, of the action or of the place (a subject noun, the setting word, a colour or the verb),
 * so no line is a stock tagline that another prompt could say as well.
 */
function namingPattern(scene: Scene): RegExp {
  const nouns = [scene.subject, scene.other, scene.verb?.object]
    .filter((noun): noun is Noun => noun !== null && noun !== undefined)
    .flatMap((noun) => [noun.head, ...noun.mods, noun.of?.text ?? ''])
    .concat(scene.verb ? [scene.verb.ing] : []);
  const places = [scene.where, scene.place?.noun, scene.surface?.noun]
    .filter((noun): noun is Noun => noun !== null && noun !== undefined)
    .flatMap((noun) => [noun.head, ...noun.mods]);
  const names = [...nouns, ...places]
    .map((word) => word.toLowerCase().trim())
    .filter((word) => word.length >= 2 && !DETERMINERS.has(word));
  const escaped = [...new Set(names)].map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return escaped.length ? new RegExp(`(^|[^\\p{L}])(${escaped.join('|')})(?=$|[^\\p{L}])`, 'iu') : /./;
}

interface Spoken {
  texts: Set<string>;
  ids: Set<string>;
  /** First two words of the sentences said so far: a script does not open the same way twice. */
  openings: Set<string>;
}
const openingOf = (text: string) => text.toLowerCase().split(/\s+/).slice(0, 2).join(' ');

/**
 * Picks 1-3 sentences for a scene whose words fill 75-100% of its budget, preferring ~90%, few
 * sentences, real lines over short fillers, templates and openings not yet spoken, and a seeded
 * variety among equals.
 */
function pickLine(
  role: SceneRole,
  budget: number,
  pools: Record<SceneRole, Candidate[]>,
  spoken: Spoken,
  random: Random,
): Candidate[] {
  const target = budget * 0.9;
  const ideal = budget <= 13 ? 1 : budget <= 24 ? 2 : 3;
  const fresh = (candidate: Candidate, strict: boolean) =>
    !spoken.texts.has(candidate.text.toLowerCase()) && (!strict || !spoken.ids.has(candidate.id));
  // Openings and goodbyes stay in their own scenes.
  const anyRole: SceneRole[] = ['action', 'wide', 'close', 'second', role];
  // 80% of the budget first, so a video of short scenes is still ~80% narrated; 75% at worst.
  const attempts: { strict: boolean; followers: SceneRole[]; fill: number }[] = [
    { strict: true, followers: FOLLOWERS[role], fill: 0.8 },
    { strict: false, followers: FOLLOWERS[role], fill: 0.8 },
    { strict: false, followers: anyRole, fill: 0.8 },
    { strict: false, followers: anyRole, fill: 0.75 },
  ];
  for (const { strict, followers, fill } of attempts) {
    const low = Math.ceil(budget * fill);
    const firsts = random.shuffle(pools[role].filter((candidate) => fresh(candidate, strict)));
    const seen = new Set<string>();
    const others = random.shuffle(
      followers
        .flatMap((follower) => pools[follower])
        .filter((candidate) => {
          if (!fresh(candidate, strict) || seen.has(candidate.text)) return false;
          seen.add(candidate.text);
          return true;
        }),
    );
    let best: Candidate[] | null = null;
    let bestScore = Infinity;
    const consider = (pick: Candidate[]) => {
      const words = pick.reduce((sum, candidate) => sum + candidate.words, 0);
      if (words < low || words > budget) return;
      const openings = pick.map((candidate) => openingOf(candidate.text));
      if (new Set(pick.map((candidate) => candidate.id)).size < pick.length) return;
      if (new Set(openings.map((opening) => opening.split(' ')[0])).size < pick.length) return;
      const score =
        Math.abs(words - target) * 0.6 +
        Math.abs(pick.length - ideal) * 1.5 +
        pick.filter((candidate) => candidate.filler).length * 4 +
        openings.filter((opening) => spoken.openings.has(opening)).length * 2 +
        random.next() * 2;
      if (score < bestScore) {
        best = pick;
        bestScore = score;
      }
    };
    for (const first of firsts) {
      if (first.words > budget) continue;
      consider([first]);
      for (const second of others) {
        if (second.text === first.text || first.words + second.words > budget) continue;
        consider([first, second]);
        if (budget - first.words - second.words < 3) continue;
        for (const third of others) {
          if (third.text === first.text || third.text === second.text) continue;
          consider([first, second, third]);
        }
      }
    }
    if (best) return best;
  }
  // Nothing fills 75-100%: the scene's longest line that is not too long, then any role's, then the
  // shortest there is.
  const unsaid = (list: Candidate[]) =>
    list.filter((candidate) => !spoken.texts.has(candidate.text.toLowerCase()));
  const longestFitting = (list: Candidate[]) =>
    unsaid(list)
      .filter((candidate) => candidate.words <= budget)
      .sort((a, b) => b.words - a.words || Number(a.filler) - Number(b.filler))[0];
  const all = Object.values(pools).flat();
  const middle = anyRole.flatMap((other) => pools[other]);
  const chosen =
    longestFitting(pools[role]) ??
    longestFitting(middle) ??
    longestFitting(all) ??
    unsaid(all).sort((a, b) => a.words - b.words)[0] ??
    pools[role][0];
  return chosen ? [chosen] : [];
}

/** One narration line per scene (may be 1-3 sentences), sized to be spoken in the scene. Pure and deterministic. */
export function writeSceneScript(request: SceneScriptRequest): string[] {
  const { prompt, reading, scenes } = request;
  if (scenes.length === 0) return [];
  const random = createRandom(hashText(`scene-script|${prompt.trim().toLowerCase()}`, request.seed >>> 0));
  const scene = readScene(prompt, reading);
  const naming = namingPattern(scene);
  const pools = Object.fromEntries(
    (Object.keys(TEMPLATES) as SceneRole[]).map((role) => [role, candidates(scene, role, naming)]),
  ) as Record<SceneRole, Candidate[]>;
  const spoken: Spoken = { texts: new Set(), ids: new Set(), openings: new Set() };
  return scenes.map((entry, index) => {
    const pick = pickLine(
      entry.role,
      sceneWordBudget(entry.seconds),
      pools,
      spoken,
      random.fork(`scene-${index}`),
    );
    for (const candidate of pick) {
      spoken.texts.add(candidate.text.toLowerCase());
      spoken.ids.add(candidate.id);
      spoken.openings.add(openingOf(candidate.text));
    }
    // A closing line says goodbye last.
    const ordered = entry.role === 'closing' ? [...pick].reverse() : pick;
    return ordered.map((candidate) => candidate.text).join(' ') || `${capitalise(scene.subject.first)}.`;
  });
}
