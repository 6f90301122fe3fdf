import crypto from 'node:crypto';
import { users } from '../../src/db-schema';
import type { Platform } from '../../src/platform/platform';

/** Inserts a verified account and answers it with a bearer token of its own. */
export async function createUserWithToken(
  platform: Platform,
  email = `user-${crypto.randomUUID()}@example.com`,
) {
  const [user] = await platform.database.orm
    .insert(users)
    .values({
      email,
      fullName: 'Test User',
      emailVerifiedAt: new Date(Date.now() - 60_000),
      // Tokens issued in this same second must count as valid.
      tokensValidAfter: new Date(Date.now() - 60_000),
    })
    .returning();
  if (!user) throw new Error('Inserting a test user returned no row');
  const token = await platform.tokens.issue(user.id);
  return { user, token: token.access_token };
}
