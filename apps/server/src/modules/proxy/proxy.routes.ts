import type { FastifyInstance } from 'fastify';
import { proxyVideo } from '@reelcraft/contract';
import { requireUser } from '../../platform/http/request-user';
import type { ModuleContext } from '../../platform/module-context';
import { createVideoProxyService } from './create-video-proxy-service';

/** GET /proxy/video?url=... (spec 001 section 7): downloads of the caller's own stored videos. */
export async function proxyRoutes(
  app: FastifyInstance,
  { platform, registerCall }: ModuleContext,
): Promise<void> {
  const service = createVideoProxyService(platform);

  registerCall(app, proxyVideo, async ({ query, request, reply }) => {
    const object = await service.open(requireUser(request).id, query.url, request.headers.range);
    return reply.code(object.status).headers(object.headers).send(object.stream);
  });
}
