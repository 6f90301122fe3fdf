import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, expect, it } from 'vitest';
import { migrationsFolder } from '../../src/platform/paths';

/** The migrations folder as it was up to (and with) `lastTag`, in a scratch copy. */
function migrationsUpTo(lastTag: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reelcraft-migrations-'));
  fs.cpSync(migrationsFolder(), dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  journal.entries = journal.entries.slice(0, journal.entries.findIndex((entry) => entry.tag === lastTag) + 1);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

const scratch: string[] = [];
afterAll(() => {
  for (const dir of scratch) fs.rmSync(dir, { recursive: true, force: true });
});

// A database of the release before the generation core keeps its jobs: each text and image session
// becomes a generation, and its progress moves to its video.
it('carries text and image sessions over into generations', async () => {
  const before = migrationsUpTo('0005_text_and_image_video_sessions');
  scratch.push(before);
  const client = await PGlite.create('memory://');
  try {
    const orm = drizzle(client);
    await migrate(orm, { migrationsFolder: before });
    const {
      rows: [user],
    } = await client.query<{ id: string }>(
      "INSERT INTO users (email, full_name) VALUES ('old@example.com', 'Old User') RETURNING id",
    );
    const video = async (type: string, status: string) =>
      (
        await client.query<{ id: string }>(
          'INSERT INTO videos (user_id, title, project_type, status) VALUES ($1, $2, $3, $4) RETURNING id',
          [user!.id, `${type} video`, type, status],
        )
      ).rows[0]!.id;
    const textVideo = await video('text-to-video', 'completed');
    const imageVideo = await video('image-to-video', 'processing');
    await client.query(
      `INSERT INTO text_video_sessions (user_id, session_id, prompt, duration_seconds, seed, status, progress, stage, video_id, reservation_id, completed_at)
       VALUES ($1, 'client-1', 'A calm lake', 15, 7, 'completed', 100, 'completed', $2, 'r-1', now())`,
      [user!.id, textVideo],
    );
    const {
      rows: [image],
    } = await client.query<{ id: string }>(
      `INSERT INTO image_video_sessions (user_id, prompt, model_platform, settings, seed, image_uris, status, current_stage, progress, stage_progress, video_id, reservation_id)
       VALUES ($1, 'Three photos', 'veo', '{"quality":"hd","mode":"dynamic","aspect_ratio":"9:16","duration":30}', 42,
               '["local://uploads/u/a.jpg"]', 'processing', 'video_generation', 57, '{"file_processing":100}', $2, 'r-2')
       RETURNING id`,
      [user!.id, imageVideo],
    );

    await migrate(orm, { migrationsFolder: migrationsFolder() });

    const { rows: generations } = await client.query<{
      kind: string;
      session_id: string;
      video_id: string;
      input: unknown;
      reservation_id: string;
    }>('SELECT kind, session_id, video_id, input, reservation_id FROM generations ORDER BY kind DESC');
    expect(generations).toEqual([
      {
        kind: 'text-to-video',
        session_id: 'client-1',
        video_id: textVideo,
        input: { prompt: 'A calm lake', durationSeconds: 15, seed: 7 },
        reservation_id: 'r-1',
      },
      {
        kind: 'image-to-video',
        session_id: image!.id,
        video_id: imageVideo,
        input: {
          prompt: 'Three photos',
          modelPlatform: 'veo',
          settings: { quality: 'hd', mode: 'dynamic', aspect_ratio: '9:16', duration: 30 },
          seed: 42,
          imageUris: ['local://uploads/u/a.jpg'],
          lastFrameUri: null,
          voiceSampleUri: null,
        },
        reservation_id: 'r-2',
      },
    ]);
    const { rows: videos } = await client.query<{
      id: string;
      progress: number;
      stage: string;
      stage_progress: unknown;
    }>('SELECT id, progress, stage, stage_progress FROM videos');
    expect(videos).toContainEqual({
      id: imageVideo,
      progress: 57,
      stage: 'video_generation',
      stage_progress: { file_processing: 100 },
    });
    expect(videos).toContainEqual(
      expect.objectContaining({ id: textVideo, progress: 100, stage: 'completed' }),
    );
    const { rows: tables } = await client.query<{ name: string }>(
      "SELECT table_name AS name FROM information_schema.tables WHERE table_name LIKE '%video_sessions'",
    );
    expect(tables).toEqual([]);
  } finally {
    await client.close();
  }
});
