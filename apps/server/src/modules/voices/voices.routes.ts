import type { FastifyInstance } from 'fastify';
import { listVoices } from '@reelcraft/contract';
import { requireUser } from '../../platform/http/request-user';
import type { RouteContext } from '../../platform/http/route-context';
import type { VoicesService } from './voices.service';

/** The voice list of spec 001 section 7 (the clone calls come with their issue). */
export async function voicesRoutes(
  app: FastifyInstance,
  { registerCall, voices }: RouteContext & { voices: VoicesService },
): Promise<void> {
  registerCall(app, listVoices, ({ query, request }) => voices.list(requireUser(request).id, query));
}
