import { describe, expect, it } from 'vitest';
import { testAvatar, testPortraits } from '../../test/avatars-data';
import {
  avatarStudioReducer,
  initialAvatarStudioState,
  isAvatarStepComplete,
  PORTRAITS_FIRST,
  type AvatarStudioAction,
  type AvatarStudioState,
} from './use-avatar-studio';

// The avatar mode as the user walks it, one action at a time, without React.

function run(state: AvatarStudioState, ...actions: AvatarStudioAction[]): AvatarStudioState {
  return actions.reduce(avatarStudioReducer, state);
}

const withPortraits = run(initialAvatarStudioState, { type: 'portraitsMade', portraits: testPortraits() });

describe('avatar mode', () => {
  it('starts on the references, with nothing made', () => {
    expect(initialAvatarStudioState).toEqual({
      step: 1,
      portraits: null,
      saved: null,
      stepError: null,
      draft: { prompt: '', subject: null, style: null },
    });
    expect(isAvatarStepComplete(initialAvatarStudioState, 1)).toBe(false);
    expect(isAvatarStepComplete(initialAvatarStudioState, 2)).toBe(false);
  });

  it('keeps the pick step locked until portraits exist', () => {
    const state = run(initialAvatarStudioState, { type: 'stepSelected', step: 2 });
    expect(state).toMatchObject({ step: 1, stepError: PORTRAITS_FIRST });
    // Asking for portraits clears the message.
    expect(run(state, { type: 'portraitsRequested' }).stepError).toBeNull();
  });

  it('moves to the pick step once the portraits are made, step 1 then complete', () => {
    expect(withPortraits.step).toBe(2);
    expect(withPortraits.portraits).toHaveLength(4);
    expect(isAvatarStepComplete(withPortraits, 1)).toBe(true);
    expect(isAvatarStepComplete(withPortraits, 2)).toBe(false);
  });

  it('goes back to the references and forward again, keeping the portraits', () => {
    const back = run(withPortraits, { type: 'stepSelected', step: 1 });
    expect(back.step).toBe(1);
    expect(back.portraits).toEqual(testPortraits());
    const forward = run(back, { type: 'stepSelected', step: 2 });
    expect(forward).toMatchObject({ step: 2, stepError: null });
  });

  it('saves an avatar from the portraits, which completes step 2', () => {
    const saved = run(withPortraits, { type: 'avatarSaved', avatar: testAvatar({ name: 'Ana' }) });
    expect(saved.saved?.name).toBe('Ana');
    expect(isAvatarStepComplete(saved, 2)).toBe(true);
  });

  it('forgets the saved avatar when a new set of portraits is made', () => {
    const state = run(
      withPortraits,
      { type: 'avatarSaved', avatar: testAvatar() },
      { type: 'stepSelected', step: 1 },
      { type: 'portraitsMade', portraits: testPortraits().slice(0, 2) },
    );
    expect(state).toMatchObject({ step: 2, saved: null });
    expect(state.portraits).toHaveLength(2);
  });

  it('Make another starts over from an empty first step', () => {
    const state = run(withPortraits, { type: 'avatarSaved', avatar: testAvatar() }, { type: 'startedOver' });
    expect(state).toEqual(initialAvatarStudioState);
  });
});
