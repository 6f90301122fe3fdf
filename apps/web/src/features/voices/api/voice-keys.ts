import { voiceClonesQueryKey } from '../../../lib/voices';

/** Query keys of the voices feature (the voice list itself is shared: lib/voices). */
export const voiceKeys = {
  clones: voiceClonesQueryKey,
};
