import type { Orm } from '../../platform/db/database';
import type { UsersService } from '../users';
import { OnboardingRepository } from './onboarding.repository';
import { OnboardingService } from './onboarding.service';

/** The service wired to the database and the accounts; built once, in services.ts. */
export function createOnboardingService(deps: { orm: Orm; users: UsersService }): OnboardingService {
  return new OnboardingService(new OnboardingRepository(deps.orm), deps.users);
}
