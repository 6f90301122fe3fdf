import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { columnIn } from '../../platform/db/column-in';
import { users } from '../users/users.schema';

/** Which speech provider made a clone: a clone only speaks through the provider that made it. */
export const cloneProviders = ['local', 'elevenlabs'] as const;
export type CloneProvider = (typeof cloneProviders)[number];

/**
 * A user's cloned voice (spec 001 section 3, Voice clone). The id is ours (`clone-<uuid>`), the one
 * clients use everywhere a voice id goes; the vendor's id stays here. The local engine's clone is
 * the profile measured from the sample; the sample itself is kept in the user's upload area.
 */
export const voiceClones = pgTable(
  'voice_clones',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    labels: jsonb('labels').$type<Record<string, string>>().notNull().default({}),
    provider: text('provider').$type<CloneProvider>().notNull(),
    /** The vendor's voice id (ElevenLabs); null for a local clone. */
    providerVoiceId: text('provider_voice_id'),
    /** What the provider needs to speak with the clone (the local engine's measured profile). */
    profile: jsonb('profile').$type<Record<string, unknown>>(),
    /** Storage key of the uploaded sample. */
    sampleKey: text('sample_key').notNull(),
    /** Bytes of the stored sample, for the storage allowance (0 for clones made before it). */
    sampleBytes: bigint('sample_bytes', { mode: 'number' }).notNull().default(0),
    message: text('message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('voice_clones_provider_check', columnIn('provider', cloneProviders)),
    index('voice_clones_user_created_idx').on(table.userId, table.createdAt.desc()),
    check('voice_clones_id_check', sql`${table.id} like 'clone-%'`),
  ],
);

export type VoiceCloneRow = typeof voiceClones.$inferSelect;
export type NewVoiceCloneRow = typeof voiceClones.$inferInsert;
