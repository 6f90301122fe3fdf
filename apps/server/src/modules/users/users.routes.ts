import type { FastifyInstance } from 'fastify';
import { updateProfile } from '@reelcraft/contract';
import { requireUser } from '../../platform/http/request-user';
import type { ModuleContext } from '../../platform/module-context';
import { UsersRepository } from './users.repository';
import { UsersService } from './users.service';

/** `PUT /user/profile` (its twin `PUT /auth/me` is served by the auth module with the same service). */
export async function usersRoutes(
  app: FastifyInstance,
  { platform, registerCall }: ModuleContext,
): Promise<void> {
  const service = new UsersService(new UsersRepository(platform.database.orm));

  registerCall(app, updateProfile, ({ body, request }) =>
    service.updateProfile(requireUser(request).id, body),
  );
}
