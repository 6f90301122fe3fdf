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
import type { ModuleContext } from '../../platform/module-context';
import { createTextToVideoService } from './create-text-to-video-service';

// The start carries no files: any file part is refused before these could apply.
const noFiles = {
  tooManyFiles: () => badRequest('No files are taken here'),
  fileTooLarge: () => badRequest('No files are taken here'),
};

/** The text-to-video calls of spec 001 section 7. */
export async function textToVideoRoutes(
  app: FastifyInstance,
  { platform, registerCall }: ModuleContext,
): Promise<void> {
  const service = createTextToVideoService(platform);

  // The screen sends a multipart form; the JSON variant of the spec carries the same fields.
  registerCall(app, createTextToVideoSession, async ({ request }) => {
    const fields = request.isMultipart()
      ? (await readMultipartForm(request, createTextToVideoSession, { errors: noFiles })).fields
      : request.body;
    return service.start(requireUser(request).id, parseCallInput(createTextToVideoBodySchema, fields ?? {}));
  });
  registerCall(app, getTextToVideoSession, ({ params, request }) =>
    service.get(requireUser(request).id, params.id),
  );
}
