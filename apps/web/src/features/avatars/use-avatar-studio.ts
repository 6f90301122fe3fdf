import {
  AVATAR_PORTRAIT_COUNT,
  type Avatar,
  type AvatarPortrait,
  type CreateAvatarPortraitsBody,
} from '@reelcraft/contract';
import { useEffect, useReducer } from 'react';
import { useCreateAvatarPortraits } from './api/create-avatar-portraits';
import {
  clearAvatarWorkflow,
  emptyAvatarDraft,
  loadAvatarWorkflow,
  saveAvatarWorkflow,
  type AvatarDraft,
} from './avatar-studio-storage';

// The studio's avatar mode as a reducer: the step the user is on, the portraits made from their
// references and the avatar saved from one of them, and the form as last typed. Pure, so each
// transition is tested without React; `useAvatarStudio` wires it to the portrait request and keeps it
// across reloads (avatar-studio-storage).

export const AVATAR_STEPS = [
  { number: 1, title: 'Prompt & References' },
  { number: 2, title: 'Pick & Save' },
] as const;
export type AvatarStep = (typeof AVATAR_STEPS)[number]['number'];

// Ours: the spec shows no texts for the avatar mode.
export const PORTRAITS_FIRST = `Generate the ${AVATAR_PORTRAIT_COUNT} portraits first.`;

export interface AvatarStudioState {
  step: AvatarStep;
  /** The portraits of the last generation, or null before the first. */
  portraits: AvatarPortrait[] | null;
  /** The avatar saved from the current portraits, or null. */
  saved: Avatar | null;
  /** Why the user cannot go to the step they asked for. */
  stepError: string | null;
  /** The references form as last typed and uploaded (what a reload brings back). */
  draft: AvatarDraft;
}

export type AvatarStudioAction =
  | { type: 'stepSelected'; step: AvatarStep }
  | { type: 'portraitsRequested' }
  | { type: 'portraitsMade'; portraits: AvatarPortrait[] }
  | { type: 'avatarSaved'; avatar: Avatar }
  | { type: 'draftChanged'; draft: AvatarDraft }
  | { type: 'startedOver' };

export const initialAvatarStudioState: AvatarStudioState = {
  step: 1,
  portraits: null,
  saved: null,
  stepError: null,
  draft: emptyAvatarDraft,
};

export function avatarStudioReducer(state: AvatarStudioState, action: AvatarStudioAction): AvatarStudioState {
  switch (action.type) {
    case 'stepSelected':
      // Picking needs portraits to pick from.
      if (action.step === 2 && state.portraits === null) return { ...state, stepError: PORTRAITS_FIRST };
      return { ...state, step: action.step, stepError: null };
    case 'portraitsRequested':
      return { ...state, stepError: null };
    case 'portraitsMade':
      // A new set is a new pick: what was saved belongs to the last one.
      return { ...state, portraits: action.portraits, saved: null, step: 2 };
    case 'avatarSaved':
      return { ...state, saved: action.avatar };
    case 'draftChanged':
      return { ...state, draft: action.draft };
    case 'startedOver':
      return initialAvatarStudioState;
  }
}

/** A step is done: the portraits are made (step 1), an avatar is saved from them (step 2). */
export function isAvatarStepComplete(state: AvatarStudioState, step: AvatarStep): boolean {
  return step === 1 ? state.portraits !== null : state.saved !== null;
}

/** The avatar mode's workflow, wired to POST /avatars/portraits. */
export function useAvatarStudio() {
  const [state, dispatch] = useReducer(avatarStudioReducer, undefined, (): AvatarStudioState => {
    const stored = loadAvatarWorkflow();
    return stored ? { ...initialAvatarStudioState, ...stored } : initialAvatarStudioState;
  });
  const generate = useCreateAvatarPortraits();
  const { step, portraits, saved, draft } = state;
  useEffect(() => saveAvatarWorkflow({ step, portraits, saved, draft }), [step, portraits, saved, draft]);

  function requestPortraits(body: CreateAvatarPortraitsBody) {
    dispatch({ type: 'portraitsRequested' });
    generate.mutate(body, { onSuccess: (portraits) => dispatch({ type: 'portraitsMade', portraits }) });
  }

  function startOver() {
    generate.reset();
    clearAvatarWorkflow();
    dispatch({ type: 'startedOver' });
  }

  return {
    state,
    dispatch,
    isStepComplete: (step: AvatarStep) => isAvatarStepComplete(state, step),
    requestPortraits,
    startOver,
    generating: generate.isPending,
    generateError: generate.isError ? generate.error : null,
  };
}
