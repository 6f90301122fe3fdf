import type { FastifyInstance } from 'fastify';
import {
  createAvatar,
  createAvatarPortraits,
  createPresenterVideo,
  deleteAvatar,
  listAvatars,
  renameAvatar,
} from '@reelcraft/contract';
import { requireUser } from '../../platform/http/request-user';
import type { RouteContext } from '../../platform/http/route-context';
import type { AvatarsService } from './avatars.service';

/** The two avatar calls of spec 001 section 7, with rename, delete, portraits and presenter videos. */
export async function avatarsRoutes(
  app: FastifyInstance,
  { registerCall, avatars }: RouteContext & { avatars: AvatarsService },
): Promise<void> {
  registerCall(app, listAvatars, ({ request }) => avatars.list(requireUser(request).id));
  registerCall(app, createAvatar, ({ body, request }) => avatars.create(requireUser(request).id, body));
  registerCall(app, renameAvatar, ({ params, body, request }) =>
    avatars.rename(requireUser(request).id, params.id, body.name),
  );
  registerCall(app, deleteAvatar, ({ params, request }) =>
    avatars.delete(requireUser(request).id, params.id),
  );
  registerCall(app, createAvatarPortraits, ({ body, request }) =>
    avatars.portraits(requireUser(request).id, body),
  );
  registerCall(app, createPresenterVideo, ({ params, body, request }) =>
    avatars.startPresenter(requireUser(request).id, params.id, body),
  );
}
