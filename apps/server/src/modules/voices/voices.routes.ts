import type { FastifyInstance } from 'fastify';
import {
  createVoiceClone,
  deleteVoiceClone,
  listVoiceClones,
  listVoices,
  previewVoice,
  voiceMessages,
} from '@reelcraft/contract';
import { badRequest, HttpError } from '../../platform/http/http-error';
import { readMultipartForm } from '../../platform/http/multipart-form';
import { requireUser } from '../../platform/http/request-user';
import type { RouteContext } from '../../platform/http/route-context';
import type { VoicesService } from './voices.service';

/** A clone form's file over the limit, or several, in the clone call's words (spec 001 section 8). */
const cloneFormErrors = {
  tooManyFiles: () => badRequest(voiceMessages.cloneInvalid),
  fileTooLarge: () => new HttpError(413, voiceMessages.cloneTooLarge),
};

/** The voice calls of spec 001 section 7, and the preview of a voice saying a typed sentence. */
export async function voicesRoutes(
  app: FastifyInstance,
  { registerCall, userLimits, voices }: RouteContext & { voices: VoicesService },
): Promise<void> {
  registerCall(app, listVoices, ({ query, request }) => voices.list(requireUser(request).id, query));
  registerCall(app, createVoiceClone, async ({ request }) => {
    const userId = requireUser(request).id;
    await userLimits.admitUpload('voiceClones', userId, request);
    if (!request.isMultipart()) throw badRequest(voiceMessages.cloneInvalid);
    const form = await readMultipartForm(request, createVoiceClone, { errors: cloneFormErrors });
    return voices.clone(
      userId,
      form.fields,
      form.files.find((file) => file.field === 'audio_file'),
    );
  });
  registerCall(app, listVoiceClones, async ({ request }) => ({
    voice_clones: await voices.listClones(requireUser(request).id),
  }));
  registerCall(app, deleteVoiceClone, ({ params, request }) =>
    voices.deleteClone(requireUser(request).id, params.id),
  );
  registerCall(app, previewVoice, ({ params, body, request }) =>
    voices.preview(requireUser(request).id, params.id, body.text),
  );
}
