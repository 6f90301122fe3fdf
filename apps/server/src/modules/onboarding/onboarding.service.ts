import type { OnboardingBody, User } from '@reelcraft/contract';
import type { UsersService } from '../users';
import type { OnboardingRepository } from './onboarding.repository';

/** Keeps the questionnaire and marks the account onboarded, so the web app stops sending it there. */
export class OnboardingService {
  constructor(
    private readonly answers: OnboardingRepository,
    private readonly users: UsersService,
  ) {}

  /** Safe to send twice: the answers are replaced and the account stays onboarded. */
  async complete(userId: string, body: OnboardingBody): Promise<User> {
    await this.answers.save({
      userId,
      businessName: body.business_name,
      businessCategory: body.business_category,
      businessSize: body.business_size,
      purpose: body.preferences.purpose?.trim() || null,
      role: body.preferences.role?.trim() || null,
      domains: body.preferences.domains ?? [],
    });
    return this.users.markOnboarded(userId);
  }
}
