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
  { registerCall, userLimits, avatars }: RouteContext & { avatars: AvatarsService },
): Promise<void> {
  registerCall(app, listAvatars, ({ request }) => avatars.list(requireUser(request).id));
  registerCall(app, createAvatar, async ({ body, request }) => {
    const userId = requireUser(request).id;
    await userLimits.admitUpload('uploads', userId, request);
    return avatars.create(userId, body);
  });
  registerCall(app, renameAvatar, ({ params, body, request }) =>
    avatars.rename(requireUser(request).id, params.id, body.name),
  );
  registerCall(app, deleteAvatar, ({ params, request }) =>
    avatars.delete(requireUser(request).id, params.id),
  );
  registerCall(app, createAvatarPortraits, async ({ body, request }) => {
    const userId = requireUser(request).id;
    // Four new portraits stored per call, until one is saved.
    await userLimits.take('uploads', userId);
    return avatars.portraits(userId, body);
  });
  registerCall(app, createPresenterVideo, ({ params, body, request }) =>
    avatars.startPresenter(requireUser(request).id, params.id, body),
  );
}
