import type { FastifyInstance } from 'fastify';
import { updateProfile } from '@reelcraft/contract';
import { requireUser } from '../../platform/http/request-user';
import type { RouteContext } from '../../platform/http/route-context';
import type { UsersService } from './users.service';

/** `PUT /user/profile` (its twin `PUT /auth/me` is served by the auth module with the same service). */
export async function usersRoutes(
  app: FastifyInstance,
  { registerCall, users }: RouteContext & { users: UsersService },
): Promise<void> {
  registerCall(app, updateProfile, ({ body, request }) => users.updateProfile(requireUser(request).id, body));
}
