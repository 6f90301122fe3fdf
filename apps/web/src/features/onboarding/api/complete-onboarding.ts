import { useMutation } from '@tanstack/react-query';
import { completeOnboarding, type OnboardingBody } from '@reelcraft/contract';
import { callApi } from '../../../lib/api-client';
import { useSessionStore } from '../../../lib/session';

/** Saves the questionnaire; the answer is the user, now onboarded. */
export function saveOnboarding(body: OnboardingBody) {
  return callApi(completeOnboarding, { body });
}

/** The onboarding mutation; on success the session holds the onboarded user. */
export function useCompleteOnboarding() {
  const session = useSessionStore();
  return useMutation({ mutationFn: saveOnboarding, onSuccess: (user) => session.updateUser(user) });
}
