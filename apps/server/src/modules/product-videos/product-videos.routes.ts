import type { FastifyInstance } from 'fastify';
import { enhanceProductImage } from '@reelcraft/contract';
import { requireUser } from '../../platform/http/request-user';
import type { ModuleContext } from '../../platform/module-context';
import { createLibraryService } from '../library';
import { createUploadsService } from '../uploads';
import { ImageEnhancementService } from './image-enhancement.service';

/** POST /api/v1/product-videos/enhance-image (spec 001 section 7): the Product Image Enhancer. */
export async function productVideosRoutes(
  app: FastifyInstance,
  { platform, registerCall }: ModuleContext,
): Promise<void> {
  const service = new ImageEnhancementService(
    createUploadsService(platform),
    platform.providers.imageEnhancement,
    createLibraryService(platform),
  );

  registerCall(app, enhanceProductImage, ({ body, request }) =>
    service.enhance(requireUser(request).id, body),
  );
}
