import type { FastifyInstance } from 'fastify';
import { proxyVideo } from '@reelcraft/contract';
import { requireUser } from '../../platform/http/request-user';
import type { RouteContext } from '../../platform/http/route-context';
import type { VideoProxyService } from './video-proxy.service';

/** GET /proxy/video?url=... (spec 001 section 7): downloads of the caller's own stored videos. */
export async function proxyRoutes(
  app: FastifyInstance,
  { registerCall, videoProxy }: RouteContext & { videoProxy: VideoProxyService },
): Promise<void> {
  registerCall(app, proxyVideo, async ({ query, request, reply }) => {
    const object = await videoProxy.open(requireUser(request).id, query.url, request.headers.range);
    return reply.code(object.status).headers(object.headers).send(object.stream);
  });
}
