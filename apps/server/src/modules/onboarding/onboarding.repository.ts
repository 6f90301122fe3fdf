import { eq } from 'drizzle-orm';
import type { Orm } from '../../platform/db/database';
import { onboardingAnswers, type NewOnboardingAnswers, type OnboardingAnswersRow } from './onboarding.schema';

/** Data access of onboarding answers. */
export class OnboardingRepository {
  constructor(private readonly orm: Orm) {}

  /** Inserts the account's answers, or replaces the ones it sent before. */
  async save(values: Omit<NewOnboardingAnswers, 'createdAt' | 'updatedAt'>): Promise<void> {
    const { userId: _userId, ...answers } = values;
    await this.orm
      .insert(onboardingAnswers)
      .values(values)
      .onConflictDoUpdate({ target: onboardingAnswers.userId, set: { ...answers, updatedAt: new Date() } });
  }

  async findByUser(userId: string): Promise<OnboardingAnswersRow | undefined> {
    const [row] = await this.orm
      .select()
      .from(onboardingAnswers)
      .where(eq(onboardingAnswers.userId, userId))
      .limit(1);
    return row;
  }
}
