/** Query keys of the voices feature (the voice list itself is shared: lib/voices). */
export const voiceKeys = {
  clones: ['voices', 'clones'] as const,
};
