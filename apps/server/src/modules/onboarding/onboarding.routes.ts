import type { FastifyInstance } from 'fastify';
import { completeOnboarding } from '@reelcraft/contract';
import { requireUser } from '../../platform/http/request-user';
import type { ModuleContext } from '../../platform/module-context';
import { UsersRepository, UsersService } from '../users';
import { OnboardingRepository } from './onboarding.repository';
import { OnboardingService } from './onboarding.service';

/** `POST /onboarding`. */
export async function onboardingRoutes(
  app: FastifyInstance,
  { platform, registerCall }: ModuleContext,
): Promise<void> {
  const orm = platform.database.orm;
  const service = new OnboardingService(
    new OnboardingRepository(orm),
    new UsersService(new UsersRepository(orm)),
  );

  registerCall(app, completeOnboarding, ({ body, request }) =>
    service.complete(requireUser(request).id, body),
  );
}
