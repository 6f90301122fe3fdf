import { bigserial, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/users.schema';

export const ACCOUNT_TOKEN_PURPOSES = ['verify_email', 'reset_password'] as const;
export type AccountTokenPurpose = (typeof ACCOUNT_TOKEN_PURPOSES)[number];

/**
 * Single-use links mailed to an account (email verification, password reset). Only the SHA-256 of
 * the token is kept, so a copy of the database does not hold usable links. Used rows stay, so an
 * old link can be told apart from an unknown one.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ACCOUNT_TOKEN_PURPOSES }).notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('account_tokens_token_hash_unique').on(table.tokenHash),
    index('account_tokens_user_purpose_idx').on(table.userId, table.purpose),
  ],
);
export type AccountTokenRow = typeof accountTokens.$inferSelect;

/**
 * Failed password logins, for throttling. In the database, not in memory, because every API
 * instance must count the same attempts. `account_key` is the lower-cased address as typed, whether
 * or not an account has it, so the throttle behaves the same for unknown addresses.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountKey: text('account_key').notNull(),
    address: text('address').notNull(),
    failedAt: timestamp('failed_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('login_failures_account_idx').on(table.accountKey, table.failedAt),
    index('login_failures_address_idx').on(table.address, table.failedAt),
    index('login_failures_failed_at_idx').on(table.failedAt),
  ],
);

/**
 * An OpenID Connect sign-in between the redirect to the provider and its callback: the PKCE
 * verifier and nonce stay on the server, keyed by the SHA-256 of `state`, so any instance can
 * finish a sign-in another one started.
 */
export const oidcLoginStates = pgTable(
  'oidc_login_states',
  {
    stateHash: text('state_hash').primaryKey(),
    codeVerifier: text('code_verifier').notNull(),
    nonce: text('nonce').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('oidc_login_states_expires_at_idx').on(table.expiresAt)],
);
export type OidcLoginStateRow = typeof oidcLoginStates.$inferSelect;

/**
 * An account's identity at an external provider (`sub` of Google). Sign-in finds the account by it
 * first, so a later change of the address at the provider keeps the same account.
 */
export const externalIdentities = pgTable(
  'external_identities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The verified address the provider gave when the identity was linked. */
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('external_identities_provider_subject_unique').on(table.provider, table.subject),
    index('external_identities_user_idx').on(table.userId),
  ],
);
export type ExternalIdentityRow = typeof externalIdentities.$inferSelect;
