import type { FastifyInstance } from 'fastify';
import { enhanceProductImage } from '@reelcraft/contract';
import { requireUser } from '../../platform/http/request-user';
import type { RouteContext } from '../../platform/http/route-context';
import type { ImageEnhancementService } from './image-enhancement.service';

/** POST /api/v1/product-videos/enhance-image (spec 001 section 7): the Product Image Enhancer. */
export async function imageEnhancementRoutes(
  app: FastifyInstance,
  {
    registerCall,
    userLimits,
    imageEnhancement,
  }: RouteContext & { imageEnhancement: ImageEnhancementService },
): Promise<void> {
  registerCall(app, enhanceProductImage, async ({ body, request }) => {
    const userId = requireUser(request).id;
    // The enhanced image is stored and kept in the library.
    await userLimits.admitUpload('uploads', userId, request);
    return imageEnhancement.enhance(userId, body);
  });
}
