import type { FastifyInstance } from 'fastify';
import { deleteVideo, listLatestVideos, listRecentProjects, listVideos } from '@reelcraft/contract';
import { requireUser } from '../../platform/http/request-user';
import type { ModuleContext } from '../../platform/module-context';
import { createVideosService } from './create-videos-service';

/**
 * The video library calls (spec 001 section 7): My Videos, the projects screen and the dashboard.
 * The router prefers static segments, so `/videos/latest-videos` never reaches `/videos/:id`.
 */
export async function videosRoutes(
  app: FastifyInstance,
  { platform, registerCall }: ModuleContext,
): Promise<void> {
  const service = createVideosService(platform);

  registerCall(app, listVideos, ({ query, request }) => service.list(requireUser(request).id, query));
  registerCall(app, listRecentProjects, ({ request }) => service.recentProjects(requireUser(request).id));
  registerCall(app, listLatestVideos, ({ query, request }) =>
    service.latest(requireUser(request).id, {
      status: query.status,
      projectType: query.project_type,
      limit: query.limit,
    }),
  );
  registerCall(app, deleteVideo, ({ params, request }) => service.delete(requireUser(request).id, params.id));
}
