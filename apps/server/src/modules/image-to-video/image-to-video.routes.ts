import type { FastifyInstance } from 'fastify';
import {
  createImageToVideoSession,
  getImageToVideoSession,
  imageToVideoMessages,
  listImageToVideoSessions,
  MAX_IMAGE_SLOTS,
} from '@reelcraft/contract';
import { badRequest, HttpError } from '../../platform/http/http-error';
import { readMultipartForm } from '../../platform/http/multipart-form';
import { requireUser } from '../../platform/http/request-user';
import type { RouteContext } from '../../platform/http/route-context';
import type { ImageToVideoService } from './image-to-video.service';

const limitErrors = {
  tooManyFiles: () => badRequest(imageToVideoMessages.maxImagesAllowed(MAX_IMAGE_SLOTS)),
  fileTooLarge: () => new HttpError(413, imageToVideoMessages.fileTooLarge),
};

/** The image-to-video calls of spec 001 section 7, and the Recent Videos list. */
export async function imageToVideoRoutes(
  app: FastifyInstance,
  { registerCall, userLimits, imageToVideo }: RouteContext & { imageToVideo: ImageToVideoService },
): Promise<void> {
  registerCall(app, createImageToVideoSession, async ({ request }) => {
    const userId = requireUser(request).id;
    // The stored images must fit the allowance; the video quota bounds how many such calls come.
    await userLimits.admitUpload(null, userId, request);
    if (!request.isMultipart()) throw new HttpError(415, 'Send the form as multipart/form-data');
    const form = await readMultipartForm(request, createImageToVideoSession, { errors: limitErrors });
    return imageToVideo.start(userId, form);
  });
  registerCall(app, getImageToVideoSession, ({ params, request }) =>
    imageToVideo.get(requireUser(request).id, params.id),
  );
  registerCall(app, listImageToVideoSessions, ({ query, request }) =>
    imageToVideo.listRecent(requireUser(request).id, query.limit),
  );
}
