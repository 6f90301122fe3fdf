import type { FastifyInstance } from 'fastify';
import { completeOnboarding } from '@reelcraft/contract';
import { requireUser } from '../../platform/http/request-user';
import type { RouteContext } from '../../platform/http/route-context';
import type { OnboardingService } from './onboarding.service';

/** `POST /onboarding`. */
export async function onboardingRoutes(
  app: FastifyInstance,
  { registerCall, onboarding }: RouteContext & { onboarding: OnboardingService },
): Promise<void> {
  registerCall(app, completeOnboarding, ({ body, request }) =>
    onboarding.complete(requireUser(request).id, body),
  );
}
