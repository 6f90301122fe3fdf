import type { FastifyInstance } from 'fastify';
import { uploadImages, uploadMessages } from '@reelcraft/contract';
import { badRequest } from '../../platform/http/http-error';
import { readMultipartForm } from '../../platform/http/multipart-form';
import { requireUser } from '../../platform/http/request-user';
import type { RouteContext } from '../../platform/http/route-context';
import type { UploadsService } from './uploads.service';
import { uploadLimitErrors } from './uploads.service';

/** POST /upload/signed-url (spec 001 section 7): images for the image screens, enhancer and studio. */
export async function uploadsRoutes(
  app: FastifyInstance,
  { registerCall, userLimits, uploads }: RouteContext & { uploads: UploadsService },
): Promise<void> {
  registerCall(app, uploadImages, async ({ request }) => {
    const userId = requireUser(request).id;
    await userLimits.admitUpload('uploads', userId, request);
    return uploads.upload(userId, (onFile) => {
      if (!request.isMultipart()) throw badRequest(uploadMessages.noFiles);
      return readMultipartForm(request, uploadImages, { errors: uploadLimitErrors, onFile });
    });
  });
}
