import type { SpeechMeasurements } from '../../media/speech-analysis';
import type { VoiceGender } from './speech-provider';

/**
 * What the offline voice keeps of a clone: espeak's settings derived from the sample's measurements,
 * and the measurements themselves (so a better mapping later can recompute the settings).
 */
export interface VoiceProfile {
  voiceId: string;
  ownerId: string;
  name: string;
  description: string | null;
  labels: Record<string, string>;
  createdAt: Date;
  gender: Exclude<VoiceGender, 'neutral'>;
  accent: string;
  /** espeak language and variant, e.g. `en-us+f3`. */
  espeakVoice: string;
  pitch: number;
  rate: number;
  pitchRange: number;
  measurements: SpeechMeasurements;
}

/** Where clone profiles live; the server backs it with its database, tests with memory. */
export interface VoiceProfileStore {
  save(profile: VoiceProfile): Promise<void>;
  get(voiceId: string): Promise<VoiceProfile | null>;
  listByOwner(ownerId: string): Promise<VoiceProfile[]>;
  /** True when something was deleted. */
  delete(voiceId: string): Promise<boolean>;
}

/** For tests and single-process tools only: profiles vanish with the process. */
export function createInMemoryVoiceProfileStore(): VoiceProfileStore {
  const profiles = new Map<string, VoiceProfile>();
  const copy = (profile: VoiceProfile): VoiceProfile => structuredClone(profile);
  return {
    async save(profile) {
      profiles.set(profile.voiceId, copy(profile));
    },
    async get(voiceId) {
      const found = profiles.get(voiceId);
      return found ? copy(found) : null;
    },
    async listByOwner(ownerId) {
      return [...profiles.values()].filter((profile) => profile.ownerId === ownerId).map(copy);
    },
    async delete(voiceId) {
      return profiles.delete(voiceId);
    },
  };
}
