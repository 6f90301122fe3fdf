import { and, desc, eq, sql } from 'drizzle-orm';
import { STORYBOARD_LIMITS, type StoryboardContent } from '@reelcraft/contract';
import type { Orm, OrmTransaction } from '../../platform/db/database';
import type { SceneFormat } from '../../providers/video/storyboard-scenes';
import {
  storyboards,
  storyboardVersions,
  type StoryboardRow,
  type StoryboardVersionRow,
} from './storyboards.schema';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Data access of storyboards; every read and write is scoped by the owner. */
export class StoryboardsRepository {
  constructor(private readonly orm: Orm) {}

  /** A new storyboard at version 1, with that version kept for the history. */
  async insert(
    values: {
      id?: string;
      userId: string;
      prompt: string;
      content: StoryboardContent;
      seed: number;
      videoId?: string;
    },
    orm: Orm | OrmTransaction = this.orm,
  ): Promise<StoryboardRow> {
    const [row] = await orm
      .insert(storyboards)
      .values({ ...values, version: 1 })
      .returning();
    if (!row) throw new Error('Inserting a storyboard returned no row');
    await orm
      .insert(storyboardVersions)
      .values({ storyboardId: row.id, version: 1, content: values.content });
    return row;
  }

  async findForUser(userId: string, id: string): Promise<StoryboardRow | undefined> {
    if (!UUID_PATTERN.test(id)) return undefined;
    const [row] = await this.orm
      .select()
      .from(storyboards)
      .where(and(eq(storyboards.id, id), eq(storyboards.userId, userId)))
      .limit(1);
    return row;
  }

  async findById(id: string): Promise<StoryboardRow | undefined> {
    const [row] = await this.orm.select().from(storyboards).where(eq(storyboards.id, id)).limit(1);
    return row;
  }

  /**
   * Saves `content` as the version after `baseVersion`, only if that is still the current one (a
   * compare-and-set: of two saves from the same version, one wins). Answers the new row, or
   * undefined when another save came first. Versions beyond the kept number are dropped.
   */
  async saveVersion(
    userId: string,
    id: string,
    baseVersion: number,
    content: StoryboardContent,
  ): Promise<StoryboardRow | undefined> {
    return this.orm.transaction(async (tx) => {
      const [row] = await tx
        .update(storyboards)
        .set({ content, version: baseVersion + 1, updatedAt: new Date() })
        .where(
          and(eq(storyboards.id, id), eq(storyboards.userId, userId), eq(storyboards.version, baseVersion)),
        )
        .returning();
      if (!row) return undefined;
      await tx.insert(storyboardVersions).values({ storyboardId: id, version: row.version, content });
      await tx
        .delete(storyboardVersions)
        .where(
          and(
            eq(storyboardVersions.storyboardId, id),
            sql`${storyboardVersions.version} <= ${row.version - STORYBOARD_LIMITS.keptVersions}`,
          ),
        );
      return row;
    });
  }

  /** Newest first. */
  listVersions(id: string): Promise<StoryboardVersionRow[]> {
    return this.orm
      .select()
      .from(storyboardVersions)
      .where(eq(storyboardVersions.storyboardId, id))
      .orderBy(desc(storyboardVersions.version));
  }

  async findVersion(id: string, version: number): Promise<StoryboardVersionRow | undefined> {
    const [row] = await this.orm
      .select()
      .from(storyboardVersions)
      .where(and(eq(storyboardVersions.storyboardId, id), eq(storyboardVersions.version, version)))
      .limit(1);
    return row;
  }

  /**
   * Claims a render in the start's transaction: the version must still be current, no render of it
   * may be running (`running` says whether the last one's video is still processing), and a free
   * re-render must still have one of its allowance and start from the render its cost was judged
   * against. False when any of it no longer holds.
   */
  async claimRender(
    orm: OrmTransaction,
    claim: {
      id: string;
      version: number;
      videoId: string;
      previousVideoId: string | null;
      free: { renderedKeys: readonly string[]; maxFree: number } | null;
    },
  ): Promise<boolean> {
    const conditions = [
      eq(storyboards.id, claim.id),
      eq(storyboards.version, claim.version),
      claim.previousVideoId === null
        ? sql`${storyboards.videoId} is null`
        : eq(storyboards.videoId, claim.previousVideoId),
    ];
    if (claim.free) {
      conditions.push(
        sql`${storyboards.freeRerendersUsed} < ${claim.free.maxFree}`,
        sql`${storyboards.renderedSceneKeys} = ${JSON.stringify(claim.free.renderedKeys)}::jsonb`,
      );
    }
    const rows = await orm
      .update(storyboards)
      .set({
        videoId: claim.videoId,
        ...(claim.free ? { freeRerendersUsed: sql`${storyboards.freeRerendersUsed} + 1` } : {}),
      })
      .where(and(...conditions))
      .returning({ id: storyboards.id });
    return rows.length === 1;
  }

  /** Records a finished render: its video, version, scene keys and format (null: the default). */
  async recordRendered(
    id: string,
    render: {
      videoId: string;
      version: number;
      sceneKeys: string[];
      clipBytes: number;
      format: SceneFormat | null;
    },
  ): Promise<void> {
    await this.orm
      .update(storyboards)
      .set({
        renderedVideoId: render.videoId,
        renderedVersion: render.version,
        renderedSceneKeys: render.sceneKeys,
        clipBytes: render.clipBytes,
        renderFormat: render.format,
      })
      .where(eq(storyboards.id, id));
  }

  /** The bytes the user's storyboards keep as cached scene clips (decision 033's allowance). */
  async storedBytes(userId: string): Promise<number> {
    const [row] = await this.orm
      .select({ total: sql<number>`coalesce(sum(${storyboards.clipBytes}), 0)`.mapWith(Number) })
      .from(storyboards)
      .where(eq(storyboards.userId, userId));
    return row?.total ?? 0;
  }
}
