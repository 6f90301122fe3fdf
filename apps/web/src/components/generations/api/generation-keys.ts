import type { ProjectType } from '@reelcraft/contract';

/** Query keys of the generations every creation screen follows (one factory, so no two keys collide). */
export const generationKeys = {
  all: ['generations'] as const,
  /** The caller's running generation of one kind (GET /generations/active). */
  active: (kind: ProjectType) => [...generationKeys.all, 'active', kind] as const,
  /** The state of one generation, fed by the status calls and the live events alike. */
  state: (sessionId: string) => [...generationKeys.all, 'state', sessionId] as const,
};
