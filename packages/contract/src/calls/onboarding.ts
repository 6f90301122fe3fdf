import { z } from 'zod';
import { defineCall } from '../define-call';
import { userSchema } from './auth';

/** Field rules and option lists are not shown in the spec: ours are free text within bounds. */
export const onboardingBodySchema = z.object({
  business_name: z.string().trim().min(1).max(200),
  business_category: z.string().trim().min(1).max(100),
  business_size: z.string().trim().min(1).max(50),
  preferences: z.object({
    purpose: z.string().max(500).optional(),
    role: z.string().max(100).optional(),
    domains: z.array(z.string().min(1).max(100)).max(20).optional(),
  }),
});
export type OnboardingBody = z.infer<typeof onboardingBodySchema>;

/** Answer not shown in the spec: ours is the user, now with is_onboarded true. */
export const completeOnboarding = defineCall({
  name: 'completeOnboarding',
  method: 'POST',
  path: '/onboarding',
  auth: 'bearer',
  tag: 'onboarding',
  summary: 'Save the business questionnaire and mark the user onboarded',
  body: onboardingBodySchema,
  response: userSchema,
});
