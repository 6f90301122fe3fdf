import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  applyStudioLipsync,
  createStudioJob,
  createStudioVoiceover,
  extendStudioVideo,
  getStudioJob,
  getStudioJobAssets,
  listStudioJobs,
  selectStudioCandidate,
  streamStudioJobEvents,
  studioMessages,
  uploadStudioVoiceover,
  type StudioJob,
} from '@reelcraft/contract';
import { badRequest, HttpError } from '../../platform/http/http-error';
import { readMultipartForm } from '../../platform/http/multipart-form';
import { requireUser } from '../../platform/http/request-user';
import type { RouteContext } from '../../platform/http/route-context';
import type { StudioEventLog } from './studio-events';
import type { StudioService } from './studio.service';

/** A comment line every so often keeps proxies from closing an idle stream. */
const KEEP_ALIVE_MS = 15_000;

const recordedErrors = {
  tooManyFiles: () => badRequest(studioMessages.invalidRecordedAudio),
  fileTooLarge: () => new HttpError(413, studioMessages.invalidRecordedAudio),
};

function sseMessage(id: number, type: string, data: unknown): string {
  return `id: ${id}\nevent: ${type}\ndata: ${JSON.stringify({ type, ...(data as object) })}\n\n`;
}

/** The nine studio calls of spec 001 section 7, and the list of a user's jobs (ours, issue 36). */
export async function studioRoutes(
  app: FastifyInstance,
  {
    registerCall,
    sessions,
    userLimits,
    studio,
    studioEvents,
  }: RouteContext & { studio: StudioService; studioEvents: StudioEventLog },
): Promise<void> {
  registerCall(app, createStudioJob, ({ body, request }) => studio.create(requireUser(request).id, body));
  registerCall(app, listStudioJobs, async ({ query, request }) => ({
    jobs: await studio.list(requireUser(request).id, query),
  }));
  registerCall(app, getStudioJob, ({ params, request }) => studio.get(requireUser(request).id, params.id));
  registerCall(app, selectStudioCandidate, ({ params, body, request }) =>
    studio.select(requireUser(request).id, params.id, body.candidate_id),
  );
  registerCall(app, extendStudioVideo, ({ params, body, headers, request }) =>
    studio.extend(requireUser(request).id, params.id, body, headers['x-idempotency-key']),
  );
  registerCall(app, createStudioVoiceover, ({ params, body, headers, request }) =>
    studio.voiceover(requireUser(request).id, params.id, body, headers['x-idempotency-key']),
  );
  registerCall(app, uploadStudioVoiceover, async ({ params, request }) => {
    const userId = requireUser(request).id;
    // Refused before the upload is read when the job is not the caller's.
    await studio.ownJob(userId, params.id);
    await userLimits.admitUpload('uploads', userId, request);
    if (!request.isMultipart()) throw new HttpError(415, 'Send the form as multipart/form-data');
    const form = await readMultipartForm(request, uploadStudioVoiceover, { errors: recordedErrors });
    return studio.recordedVoiceover(
      userId,
      params.id,
      form.files.find((file) => file.field === 'audio_file'),
    );
  });
  registerCall(app, applyStudioLipsync, ({ params, body, headers, request }) =>
    studio.lipsync(requireUser(request).id, params.id, body, headers['x-idempotency-key']),
  );
  registerCall(app, getStudioJobAssets, ({ params, request }) =>
    studio.assets(requireUser(request).id, params.id),
  );

  registerCall(app, streamStudioJobEvents, async ({ params, request, reply }) => {
    const userId = requireUser(request).id;
    const job = await studio.ownJob(userId, params.id);
    const lastEventId = Number(request.headers['last-event-id']);
    await streamEvents(
      reply,
      // The stream ends with the session that opened it (password reset, account deleted, expiry).
      (end) => sessions.watchRequest(request, end),
      studioEvents,
      userId,
      job.id,
      Number.isSafeInteger(lastEventId) ? lastEventId : null,
      () => studio.get(userId, job.id),
    );
    // The stream was hijacked and is written above: there is no answer body to send.
    return undefined as never;
  });
}

/**
 * Streams a job's events: without `Last-Event-ID`, first its current state (status, progress and
 * the candidates made so far), then every new event; with it, every stored event after that id.
 * New events come from the database whenever the bus says there are some (from any process).
 */
async function streamEvents(
  reply: FastifyReply,
  watchSession: (end: () => void) => () => void,
  events: StudioEventLog,
  userId: string,
  jobId: string,
  lastEventId: number | null,
  current: () => Promise<StudioJob>,
): Promise<void> {
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  let closed = false;
  // Nothing is written once the stream ended (the client left, or its session ended).
  const write = (chunk: string) => {
    if (!closed) raw.write(chunk);
  };
  let sentUpTo = lastEventId ?? 0;
  let pending: Promise<void> = Promise.resolve();
  const flush = () => {
    pending = pending.then(async () => {
      if (closed) return;
      for (const event of await events.after(jobId, sentUpTo)) {
        if (closed) return;
        write(sseMessage(event.id, event.type, event.data));
        sentUpTo = event.id;
      }
    });
    return pending;
  };
  // Follow first, so nothing published while the snapshot is read is missed.
  const unfollow = events.follow(userId, jobId, () => void flush().catch(() => undefined));
  const keepAlive = setInterval(() => write(': keep-alive\n\n'), KEEP_ALIVE_MS);
  let stopWatching = () => {};
  const stop = () => {
    if (closed) return;
    closed = true;
    clearInterval(keepAlive);
    unfollow();
    stopWatching();
  };
  raw.on('close', stop);
  stopWatching = watchSession(() => {
    stop();
    raw.end();
  });
  try {
    if (lastEventId === null) {
      sentUpTo = await events.lastId(jobId);
      const state = await current();
      write(sseMessage(sentUpTo, 'state', { status: state.status, message: state.error }));
      // The work under way says how far it is: the candidates, a lip-sync, an extension.
      const working =
        state.status === 'CANDIDATES_GENERATING' ||
        state.status === 'LIPSYNC_GENERATING' ||
        state.steps.some((step) => step.status === 'running');
      if (working) {
        write(sseMessage(sentUpTo, 'progress', { status: state.status, progress: state.progress }));
      }
      for (const asset of state.assets.filter((item) => item.metadata.candidate_id)) {
        write(sseMessage(sentUpTo, 'asset', { asset }));
      }
    }
    await flush();
  } catch (error) {
    if (closed) return;
    write(sseMessage(sentUpTo, 'error', { message: (error as Error).message }));
    stop();
    raw.end();
  }
}
