import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { bearerToken, requireUser } from '../../../src/platform/http/request-user';
import type { Services } from '../../../src/services';

/**
 * A creation call stand-in for tests: reserves or releases through the one quota service, behind
 * a bearer guard and the real error handler, as a creation module's route would.
 */
export function quotaTestRoutes(app: FastifyInstance, { quota, authenticate }: Services): void {
  app.post(
    '/test/quota/reserve',
    {
      onRequest: async (request) => {
        const token = bearerToken(request);
        request.user = token ? await authenticate(token) : null;
      },
    },
    async (request) => {
      const { reference } = z.object({ reference: z.string() }).parse(request.body);
      const reservation = await quota.reserveVideo(requireUser(request).id, { reference });
      return { ...reservation, periodStart: reservation.periodStart.toISOString() };
    },
  );
  app.post('/test/quota/release', async (request) => {
    const { id } = z.object({ id: z.string() }).parse(request.body);
    return { released: await quota.releaseVideo(id) };
  });
}
