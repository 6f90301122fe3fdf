import type { FastifyInstance } from 'fastify';
import {
  createTextToVideoBodySchema,
  createTextToVideoSession,
  getTextToVideoSession,
} from '@reelcraft/contract';
import { parseCallInput } from '../../platform/http/call-input';
import { badRequest } from '../../platform/http/http-error';
import { readMultipartForm } from '../../platform/http/multipart-form';
import { requireUser } from '../../platform/http/request-user';
import type { RouteContext } from '../../platform/http/route-context';
import type { TextToVideoService } from './text-to-video.service';

// The start carries no files: any file part is refused before these could apply.
const noFiles = {
  tooManyFiles: () => badRequest('No files are taken here'),
  fileTooLarge: () => badRequest('No files are taken here'),
};

/** The text-to-video calls of spec 001 section 7. */
export async function textToVideoRoutes(
  app: FastifyInstance,
  { registerCall, textToVideo }: RouteContext & { textToVideo: TextToVideoService },
): Promise<void> {
  // The screen sends a multipart form; the JSON variant of the spec carries the same fields.
  registerCall(app, createTextToVideoSession, async ({ request }) => {
    const fields = request.isMultipart()
      ? (await readMultipartForm(request, createTextToVideoSession, { errors: noFiles })).fields
      : request.body;
    return textToVideo.start(
      requireUser(request).id,
      parseCallInput(createTextToVideoBodySchema, fields ?? {}),
    );
  });
  registerCall(app, getTextToVideoSession, ({ params, request }) =>
    textToVideo.get(requireUser(request).id, params.id),
  );
}
