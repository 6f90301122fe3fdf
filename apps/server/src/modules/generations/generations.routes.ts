import type { FastifyInstance } from 'fastify';
import { getActiveGeneration, getGeneration, sendGenerationToBackground } from '@reelcraft/contract';
import { requireUser } from '../../platform/http/request-user';
import type { RouteContext } from '../../platform/http/route-context';
import type { GenerationsService } from './generations.service';

/** The calls every creation screen shares: resume a running generation, send one to the background. */
export async function generationsRoutes(
  app: FastifyInstance,
  { registerCall, generations }: RouteContext & { generations: GenerationsService },
): Promise<void> {
  registerCall(app, getActiveGeneration, async ({ query, request }) => ({
    generation: await generations.active(requireUser(request).id, query.project_type),
  }));
  registerCall(app, getGeneration, ({ params, request }) =>
    generations.stateOf(requireUser(request).id, params.session_id),
  );
  registerCall(app, sendGenerationToBackground, ({ params, request }) =>
    generations.sendToBackground(requireUser(request).id, params.session_id),
  );
}
