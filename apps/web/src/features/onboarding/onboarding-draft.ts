import { STORAGE_KEYS } from '@reelcraft/contract';
import { z } from 'zod';

// The questionnaire as far as the user got (issue 36: reopened, it started empty on step 1), kept in
// local storage under the contract's STORAGE_KEYS.onboardingDraft for one user: another user on the
// same browser starts afresh. Kept after Finish too, so reopening shows the answers given.

const answersSchema = z.object({
  business_name: z.string(),
  business_category: z.string(),
  business_size: z.string(),
  role: z.string(),
  purpose: z.string(),
  domains: z.array(z.string()),
});
export type OnboardingAnswers = z.infer<typeof answersSchema>;

const draftSchema = z.object({
  user_id: z.string(),
  /** The step shown, from 0. */
  step: z.number().int().nonnegative(),
  answers: answersSchema,
});
export type OnboardingDraft = z.infer<typeof draftSchema>;

/** The user's draft, or null when there is none (or it is another user's, or unreadable). */
export function readOnboardingDraft(userId: string): OnboardingDraft | null {
  try {
    const parsed = draftSchema.safeParse(
      JSON.parse(window.localStorage.getItem(STORAGE_KEYS.onboardingDraft) ?? 'null'),
    );
    return parsed.success && parsed.data.user_id === userId ? parsed.data : null;
  } catch {
    return null;
  }
}

export function saveOnboardingDraft(draft: OnboardingDraft): void {
  try {
    window.localStorage.setItem(STORAGE_KEYS.onboardingDraft, JSON.stringify(draft));
  } catch {
    // Storage full or blocked: the answers last for this page only.
  }
}
