import type { FastifyInstance } from 'fastify';
import { deleteLibraryImage, listLibraryImages, saveLibraryImages } from '@reelcraft/contract';
import { requireUser } from '../../platform/http/request-user';
import type { ModuleContext } from '../../platform/module-context';
import { createLibraryService } from './create-library-service';

/** The image library calls of spec 001 section 7. */
export async function libraryRoutes(
  app: FastifyInstance,
  { platform, registerCall }: ModuleContext,
): Promise<void> {
  const service = createLibraryService(platform);

  registerCall(app, saveLibraryImages, async ({ body, request }) => {
    const { saved, skipped } = await service.save(requireUser(request).id, body.images);
    // The answer only leaves skipped records out; say why here, for whoever debugs a missing image.
    if (skipped.length > 0) request.log.info({ skipped }, 'Library save skipped some images');
    return saved;
  });
  registerCall(app, listLibraryImages, ({ request }) => service.list(requireUser(request).id));
  registerCall(app, deleteLibraryImage, ({ params, request }) =>
    service.delete(requireUser(request).id, params.id),
  );
}
