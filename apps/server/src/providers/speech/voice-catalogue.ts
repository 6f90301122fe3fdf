import type { FALLBACK_VOICE_IDS } from '@reelcraft/contract';
import type { EspeakParameters } from './espeak-engine';
import type { Voice, VoiceGender } from './speech-provider';

type BuiltInVoiceId = (typeof FALLBACK_VOICE_IDS)[number];

/** A built-in voice: what the list shows and the espeak settings it speaks with. */
export interface BuiltInVoice {
  id: BuiltInVoiceId;
  name: string;
  gender: Exclude<VoiceGender, 'neutral'>;
  accent: string;
  description: string;
  useCase: string;
  age: string;
  base: Pick<EspeakParameters, 'voice' | 'pitch' | 'rate' | 'pitchRange'>;
}

/**
 * The eight voices of spec 001 section 9, named as the cloud voices are, each with its own gender,
 * accent and pitch so they are told apart by ear. The `en-*` languages give the accents.
 */
export const BUILT_IN_VOICES: Readonly<Record<BuiltInVoiceId, BuiltInVoice>> = {
  rachel: {
    id: 'rachel',
    name: 'Rachel',
    gender: 'female',
    accent: 'american',
    description: 'Calm, clear female narrator with an American accent.',
    useCase: 'narration',
    age: 'young',
    base: { voice: 'en-us+f3', pitch: 58, rate: 165, pitchRange: 55 },
  },
  domi: {
    id: 'domi',
    name: 'Domi',
    gender: 'female',
    accent: 'british',
    description: 'Strong, confident female voice with a British accent.',
    useCase: 'narration',
    age: 'young',
    base: { voice: 'en-gb-x-rp+f5', pitch: 48, rate: 178, pitchRange: 65 },
  },
  bella: {
    id: 'bella',
    name: 'Bella',
    gender: 'female',
    accent: 'american',
    description: 'Soft, warm female voice with a gentle American accent and a high pitch.',
    useCase: 'narration',
    age: 'young',
    base: { voice: 'en-us+f2', pitch: 72, rate: 158, pitchRange: 45 },
  },
  antoni: {
    id: 'antoni',
    name: 'Antoni',
    gender: 'male',
    accent: 'british',
    description: 'Well-rounded male voice with a British accent.',
    useCase: 'narration',
    age: 'young',
    base: { voice: 'en-gb+m3', pitch: 52, rate: 170, pitchRange: 55 },
  },
  josh: {
    id: 'josh',
    name: 'Josh',
    gender: 'male',
    accent: 'american',
    description: 'Young, deep male voice with an American accent.',
    useCase: 'narration',
    age: 'young',
    base: { voice: 'en-us+m2', pitch: 40, rate: 176, pitchRange: 50 },
  },
  arnold: {
    id: 'arnold',
    name: 'Arnold',
    gender: 'male',
    accent: 'scottish',
    description: 'Crisp middle-aged male voice with a Scottish accent.',
    useCase: 'narration',
    age: 'middle aged',
    base: { voice: 'en-gb-scotland+m1', pitch: 34, rate: 164, pitchRange: 45 },
  },
  adam: {
    id: 'adam',
    name: 'Adam',
    gender: 'male',
    accent: 'american',
    description: 'Deep, low male narrator with an American accent.',
    useCase: 'narration',
    age: 'middle aged',
    base: { voice: 'en-us+m7', pitch: 22, rate: 160, pitchRange: 40 },
  },
  sam: {
    id: 'sam',
    name: 'Sam',
    gender: 'male',
    accent: 'caribbean',
    description: 'Raspy young male voice with a Caribbean lilt.',
    useCase: 'conversational',
    age: 'young',
    base: { voice: 'en-029+m4', pitch: 46, rate: 172, pitchRange: 70 },
  },
};

export const isBuiltInVoiceId = (id: string): id is BuiltInVoiceId => Object.hasOwn(BUILT_IN_VOICES, id);

/** A built-in voice as the list shows it. */
export function builtInVoiceOption(voice: BuiltInVoice): Voice {
  return {
    id: voice.id,
    name: voice.name,
    gender: voice.gender,
    accent: voice.accent,
    category: 'premade',
    previewUrl: null,
    description: voice.description,
    labels: {
      gender: voice.gender,
      accent: voice.accent,
      age: voice.age,
      use_case: voice.useCase,
      engine: 'espeak-ng',
    },
  };
}
