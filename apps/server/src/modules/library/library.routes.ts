import type { FastifyInstance } from 'fastify';
import { deleteLibraryImage, listLibraryImages, saveLibraryImages } from '@reelcraft/contract';
import { requireUser } from '../../platform/http/request-user';
import type { RouteContext } from '../../platform/http/route-context';
import type { LibraryService } from './library.service';

/** The image library calls of spec 001 section 7. */
export async function libraryRoutes(
  app: FastifyInstance,
  { registerCall, userLimits, library }: RouteContext & { library: LibraryService },
): Promise<void> {
  registerCall(app, saveLibraryImages, async ({ body, request }) => {
    const userId = requireUser(request).id;
    // A saved image counts toward the storage allowance (an upload alone does not).
    await userLimits.admitUpload('uploads', userId, request);
    const { saved, skipped } = await library.save(userId, body.images);
    // The answer only leaves skipped records out; say why here, for whoever debugs a missing image.
    if (skipped.length > 0) request.log.info({ skipped }, 'Library save skipped some images');
    return saved;
  });
  registerCall(app, listLibraryImages, ({ request }) => library.list(requireUser(request).id));
  registerCall(app, deleteLibraryImage, ({ params, request }) =>
    library.delete(requireUser(request).id, params.id),
  );
}
