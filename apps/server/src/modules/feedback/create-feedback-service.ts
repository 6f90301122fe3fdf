import type { RateLimiter, RateRule } from '../../platform/rate-limit/rate-limiter';
import type { Orm } from '../../platform/db/database';
import { FeedbackRepository } from './feedback.repository';
import { FeedbackService } from './feedback.service';

/** The service wired to the database; built once, in services.ts. */
export function createFeedbackService(deps: {
  orm: Orm;
  rateLimiter: Pick<RateLimiter, 'take'>;
  limit: RateRule;
}): FeedbackService {
  return new FeedbackService(new FeedbackRepository(deps.orm), {
    limiter: deps.rateLimiter,
    rule: deps.limit,
  });
}
