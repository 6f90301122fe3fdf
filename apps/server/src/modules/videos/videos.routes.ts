import type { FastifyInstance } from 'fastify';
import { deleteVideo, listLatestVideos, listRecentProjects, listVideos } from '@reelcraft/contract';
import { requireUser } from '../../platform/http/request-user';
import type { RouteContext } from '../../platform/http/route-context';
import type { VideosService } from './videos.service';

/**
 * The video library calls (spec 001 section 7): My Videos, the projects screen and the dashboard.
 * The router prefers static segments, so `/videos/latest-videos` never reaches `/videos/:id`.
 */
export async function videosRoutes(
  app: FastifyInstance,
  { registerCall, videos }: RouteContext & { videos: VideosService },
): Promise<void> {
  registerCall(app, listVideos, ({ query, request }) => videos.list(requireUser(request).id, query));
  registerCall(app, listRecentProjects, ({ request }) => videos.recentProjects(requireUser(request).id));
  registerCall(app, listLatestVideos, ({ query, request }) =>
    videos.latest(requireUser(request).id, {
      status: query.status,
      projectType: query.project_type,
      limit: query.limit,
    }),
  );
  registerCall(app, deleteVideo, ({ params, request }) => videos.delete(requireUser(request).id, params.id));
}
