import type { FastifyInstance } from 'fastify';
import {
  createSlidesVideo,
  estimateSlidesVideo,
  getDeck,
  getSlidesCapabilities,
  getSlidesVideo,
  uploadDeck,
} from '@reelcraft/contract';
import { badRequest, HttpError } from '../../platform/http/http-error';
import { readMultipartForm } from '../../platform/http/multipart-form';
import { requireUser } from '../../platform/http/request-user';
import type { RouteContext } from '../../platform/http/route-context';
import type { SlidesService } from './slides.service';

const deckFormErrors = {
  tooManyFiles: () => badRequest('Send one deck at a time.'),
  fileTooLarge: () => new HttpError(413, 'The deck is larger than 50 MB. Please upload a smaller file.'),
};

/** Slides to video (the /ppt-to-video route of spec 000; its calls are ours). */
export async function slidesRoutes(
  app: FastifyInstance,
  { registerCall, userLimits, slides }: RouteContext & { slides: SlidesService },
): Promise<void> {
  registerCall(app, getSlidesCapabilities, () => slides.capabilities());
  registerCall(app, uploadDeck, async ({ request }) => {
    const userId = requireUser(request).id;
    await userLimits.admitUpload('deckUploads', userId, request);
    if (!request.isMultipart()) throw new HttpError(415, 'Send the deck as multipart/form-data');
    const form = await readMultipartForm(request, uploadDeck, { errors: deckFormErrors });
    return slides.upload(
      userId,
      form.files.find((file) => file.field === 'file'),
    );
  });
  registerCall(app, getDeck, ({ params, request }) => slides.get(requireUser(request).id, params.id));
  registerCall(app, estimateSlidesVideo, ({ body, request }) =>
    slides.estimate(requireUser(request).id, body),
  );
  registerCall(app, createSlidesVideo, ({ body, request }) =>
    slides.startVideo(requireUser(request).id, body),
  );
  registerCall(app, getSlidesVideo, ({ params, request }) =>
    slides.getVideo(requireUser(request).id, params.id),
  );
}
