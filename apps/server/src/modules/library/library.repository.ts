import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Orm } from '../../platform/db/database';
import { libraryImages, type LibraryImageRow, type NewLibraryImageRow } from './library.schema';

// A malformed id cannot match a uuid column; answer "none" instead of a database error.
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Data access of library images. Every read and write is scoped by the owner's id, and deleted rows
 * are invisible to all of them.
 */
export class LibraryRepository {
  constructor(private readonly orm: Orm) {}

  /**
   * Inserts the image unless the user already has a live row for the same object (the unique index
   * decides, so two concurrent saves cannot both insert); then answers the row that is there.
   */
  async insertOrFind(values: NewLibraryImageRow): Promise<LibraryImageRow> {
    const [inserted] = await this.orm.insert(libraryImages).values(values).onConflictDoNothing().returning();
    if (inserted) return inserted;
    const existing = await this.findByUri(values.userId, values.storageUri);
    if (!existing) throw new Error('A library image conflicted on insert but no live row holds its URI');
    return existing;
  }

  async findByUri(userId: string, storageUri: string): Promise<LibraryImageRow | undefined> {
    const [row] = await this.orm
      .select()
      .from(libraryImages)
      .where(
        and(
          eq(libraryImages.userId, userId),
          eq(libraryImages.storageUri, storageUri),
          isNull(libraryImages.deletedAt),
        ),
      )
      .limit(1);
    return row;
  }

  async findForUser(userId: string, id: string): Promise<LibraryImageRow | undefined> {
    if (!UUID_PATTERN.test(id)) return undefined;
    const [row] = await this.orm
      .select()
      .from(libraryImages)
      .where(and(eq(libraryImages.id, id), eq(libraryImages.userId, userId), isNull(libraryImages.deletedAt)))
      .limit(1);
    return row;
  }

  /** The bytes of the user's live library images, for the storage allowance (docs/decisions/033). */
  async storedBytes(userId: string): Promise<number> {
    const [row] = await this.orm
      .select({ total: sql<number>`coalesce(sum(${libraryImages.sizeBytes}), 0)`.mapWith(Number) })
      .from(libraryImages)
      .where(and(eq(libraryImages.userId, userId), isNull(libraryImages.deletedAt)));
    return row?.total ?? 0;
  }

  /** Newest first; the id breaks ties so the order is stable. */
  async listForUser(userId: string, limit: number): Promise<LibraryImageRow[]> {
    return this.orm
      .select()
      .from(libraryImages)
      .where(and(eq(libraryImages.userId, userId), isNull(libraryImages.deletedAt)))
      .orderBy(desc(libraryImages.uploadedAt), desc(libraryImages.id))
      .limit(limit);
  }

  /** Undefined when the user has no such live image, which is also what the loser of a race gets. */
  async softDeleteForUser(userId: string, id: string, at: Date): Promise<LibraryImageRow | undefined> {
    if (!UUID_PATTERN.test(id)) return undefined;
    const [row] = await this.orm
      .update(libraryImages)
      .set({ deletedAt: at })
      .where(and(eq(libraryImages.id, id), eq(libraryImages.userId, userId), isNull(libraryImages.deletedAt)))
      .returning();
    return row;
  }
}
