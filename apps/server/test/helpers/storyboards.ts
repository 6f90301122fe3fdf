import { eq } from 'drizzle-orm';
import { storyboards } from '../../src/db-schema';
import type { TestServer } from './test-platform';

/**
 * What a generation that renders a storyboard was asked for (text videos and the chat's are
 * storyboards since issue 31): the prompt it was written from, its shape and its planned seconds.
 */
export async function storyboardRendered(
  server: TestServer,
  generation: { kind: string; input: unknown },
): Promise<{ prompt: string; aspect: string; seconds: number }> {
  if (generation.kind !== 'storyboard') throw new Error(`Not a storyboard render: ${generation.kind}`);
  const { storyboardId } = generation.input as { storyboardId: string };
  const [row] = await server.platform.database.orm
    .select()
    .from(storyboards)
    .where(eq(storyboards.id, storyboardId));
  if (!row) throw new Error(`No storyboard ${storyboardId}`);
  return {
    prompt: row.prompt,
    aspect: row.content.aspect_ratio,
    seconds: row.content.scenes.reduce((sum, scene) => sum + scene.duration_seconds, 0),
  };
}
