import {
  STORYBOARD_LIMITS,
  type SceneCameraMove,
  type SceneSetting,
  type SceneWeather,
  type StoryboardScene,
  type TimeOfDay,
} from '@reelcraft/contract';

/**
 * What a cloud video provider is asked to film for a storyboard scene (issue 31: "with a cloud video
 * provider, the visual is a scene prompt"), in plain English. Pure.
 */

export interface ScenePromptWords {
  /**
   * What the whole video is of, in the user's words (a draft's prompt): it leads each scene's
   * prompt instead of the scene's fields, which a prompt reading may have missed or misread.
   */
  topic?: string;
}

/** The prompt a scene is filmed from: the one the user wrote, or one composed from its fields. */
export function scenePromptOf(scene: StoryboardScene): string {
  return scene.visual.prompt?.trim() || composeScenePrompt(scene);
}

const SETTING_PLACES: Record<SceneSetting, string> = {
  forest: 'in a forest',
  snowfield: 'on a snowy plain',
  city: 'on a city street',
  beach: 'on a beach',
  desert: 'in a desert',
  mountains: 'in the mountains',
  space: 'in outer space',
  underwater: 'underwater',
  office: 'in an office',
  kitchen: 'in a kitchen',
  studio: 'in a photo studio',
  cafe: 'in a café',
  field: 'in an open field',
  lake: 'by a lake',
  sky: 'high in the sky',
  home: 'at home',
  abstract: 'against a soft abstract background',
};

const INDOORS = new Set<SceneSetting>(['office', 'kitchen', 'cafe', 'home']);
/** Places with no weather of their own to show. */
const NO_WEATHER = new Set<SceneSetting>(['space', 'underwater', 'studio', 'abstract']);

const TIMES: Record<TimeOfDay, string> = {
  dawn: 'at dawn',
  day: 'in daylight',
  sunset: 'at sunset',
  night: 'at night',
};

const WEATHER_OUTSIDE: Record<Exclude<SceneWeather, 'clear'>, string> = {
  cloudy: 'under an overcast sky',
  fog: 'in thick fog',
  rain: 'in the rain',
  snow: 'as snow falls',
  storm: 'in a storm',
};
const WEATHER_INDOORS: Record<Exclude<SceneWeather, 'clear'>, string> = {
  cloudy: 'with grey skies outside the windows',
  fog: 'with fog outside the windows',
  rain: 'with rain on the windows',
  snow: 'with snow falling outside the windows',
  storm: 'with a storm outside the windows',
};

/** What the subjects do, by `SceneAction` (`hero` stands: no sentence; `speak` talks to the camera). */
const ACTIONS: Readonly<Partial<Record<string, string>>> = {
  cross: 'moves across the frame',
  arc: 'sweeps through the air in an arc',
  spin: 'turns around slowly',
  bob: 'floats gently up and down',
  drop: 'falls from above',
  grow: 'grows larger',
  speak: 'speaks to the camera',
};

const CAMERAS: Record<Exclude<SceneCameraMove, 'auto'>, string> = {
  'push-in': 'The camera slowly pushes in.',
  'pull-back': 'The camera slowly pulls back to reveal the place.',
  pan: 'The camera pans slowly across the scene.',
  orbit: 'The camera circles around the subject.',
  aerial: 'An aerial view, the camera gliding high above.',
};

const NUMBERS = ['', 'a', 'two', 'three'];
/** Labels the flows give images that say nothing of what they show ("Image 2", "Slide 3"). */
const PLAIN_IMAGE_LABEL = /^(image|picture|photo|slide|frame)\s*\d*$/i;
/** The most of a draft's prompt that leads a scene prompt, leaving room for the scene's own words. */
const MAX_TOPIC_CHARS = 240;
const SHOWS = 'The scene shows: ';
const NO_TEXT = 'No on-screen text.';

/**
 * A scene as a prompt: who is there, where, when and in what weather, and what they do (or the
 * draft's `topic` in their place); the picture it starts from; how the camera moves; and what the
 * narration says happens. Within the contract's scene prompt limit, so a draft can store it as the
 * scene's `visual.prompt`.
 */
export function composeScenePrompt(scene: StoryboardScene, words: ScenePromptWords = {}): string {
  const { visual } = scene;
  const named = subjectNames(scene);
  const image = visual.subjects.some((subject) => subject.kind === 'image');
  const who = named.length > 0 ? capitalize(joinAnd(named)) : image ? 'The pictured scene' : 'A scene';
  const weather =
    visual.weather === 'clear' || NO_WEATHER.has(visual.setting)
      ? null
      : (INDOORS.has(visual.setting) ? WEATHER_INDOORS : WEATHER_OUTSIDE)[visual.weather];
  const topic = words.topic ? cutAtWord(words.topic.replace(/\s+/g, ' ').trim(), MAX_TOPIC_CHARS) : '';
  const lead = topic
    ? `${capitalize(topic.replace(/[.!?,;:]*$/, ''))}.`
    : `${[who, SETTING_PLACES[visual.setting], TIMES[visual.time]].join(' ')}${weather ? `, ${weather}` : ''}.`;
  const sentences = [lead];
  if (image) sentences.push('It starts from the given picture, which comes to life with natural motion.');
  const doing = visual.action === 'hero' || topic ? undefined : ACTIONS[visual.action];
  if (doing && named.length > 0) sentences.push(`${capitalize(definite(named[0]!))} ${doing}.`);
  if (visual.camera !== 'auto') sentences.push(CAMERAS[visual.camera]);
  const head = sentences.join(' ');
  // The narration fills what room is left (a scene prompt is held to the contract's limit).
  const narration = scene.narration.replace(/["“”]/g, '').replace(/\s+/g, ' ').trim();
  const room = STORYBOARD_LIMITS.maxScenePromptChars - head.length - SHOWS.length - NO_TEXT.length - 3;
  const shows = cutAtWord(narration, room).replace(/[,;:]$/, '');
  const parts = [head, shows ? `${SHOWS}${/[.!?]$/.test(shows) ? shows : `${shows}.`}` : null, NO_TEXT];
  return parts.filter(Boolean).join(' ').slice(0, STORYBOARD_LIMITS.maxScenePromptChars);
}

/** The subjects in words: each named once, with how many of it the scene shows. */
function subjectNames(scene: StoryboardScene): string[] {
  const counts = new Map<string, { name: string; count: number }>();
  for (const subject of scene.visual.subjects) {
    const label = subject.label.trim();
    if (subject.kind === 'image' && PLAIN_IMAGE_LABEL.test(label)) continue;
    const name = label || (subject.kind === 'illustration' ? subject.id.replace(/-/g, ' ') : '');
    if (!name) continue;
    const key = subject.kind === 'illustration' ? `i:${subject.id}` : `m:${subject.image_url}`;
    const entry = counts.get(key) ?? { name, count: 0 };
    entry.count += 1;
    counts.set(key, entry);
  }
  return [...counts.values()].map(({ name, count }) =>
    hasDeterminer(name)
      ? name
      : count > 1
        ? `${NUMBERS[count] ?? 'several'} ${plural(name)}`
        : `${article(name)} ${name}`,
  );
}

const DETERMINER = /^(a|an|the|one|two|three|four|five|some|several|many|few|his|her|their|our|my|your)\s/i;
const hasDeterminer = (name: string) => DETERMINER.test(name) || /^[A-Z]/.test(name);
const article = (name: string) => (/^[aeiou]/i.test(name) ? 'an' : 'a');
const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** "a red fox" as "the red fox", to say what it does. */
function definite(name: string): string {
  return /^(a|an)\s/i.test(name) ? `the ${name.replace(/^(a|an)\s/i, '')}` : name;
}

/** English plural of a label's last word ("hot beverages", "foxes", "berries"). */
function plural(name: string): string {
  return name.replace(/(\w+)$/, (word) => {
    if (/(s|x|z|ch|sh)$/i.test(word)) return `${word}es`;
    if (/[^aeiou]y$/i.test(word)) return `${word.slice(0, -1)}ies`;
    return `${word}s`;
  });
}

function joinAnd(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)!}`;
}

/** At most `max` characters, cut at a word's end. */
function cutAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  if (max <= 0) return '';
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return (space > max / 2 ? cut.slice(0, space) : cut).replace(/[,;:\s]+$/, '');
}
