import {
  API_BASE_PATH,
  buildCallPath,
  errorAnswerSchema,
  flattenErrorDetail,
  sessionMessages,
  streamStudioJobEvents,
  studioEventSchema,
  type StudioEvent,
} from '@reelcraft/contract';
import { ApiError } from '../../../lib/api-client';
import { isTokenExpired, readAuthToken } from '../../../lib/auth-storage';
import { EventStreamHttpError, readEventStream } from '../../../lib/event-stream';

export interface StudioEventStreamOptions {
  signal?: AbortSignal;
  /** The last event seen on an earlier connection: the server resumes after it. */
  lastEventId?: string | null;
  /** Each event, with its id (for `Last-Event-ID` when the connection is made again). */
  onEvent: (event: StudioEvent, id: string | null) => void;
}

/**
 * GET /studio/veo/jobs/{id}/events: reads the job's server-sent events until the server ends the
 * stream, and resolves with the last event id seen. Each event's `event:` is its type and its `data:`
 * the JSON of the event; one that does not fit the contract is skipped. Rejects with an ApiError when
 * the server refuses the stream (404 for a job that is not the user's).
 */
export async function readStudioJobEvents(
  jobId: string,
  options: StudioEventStreamOptions,
): Promise<string | null> {
  const call = streamStudioJobEvents;
  const token = readAuthToken();
  if (token && isTokenExpired()) {
    throw new ApiError({
      kind: 'token_expired',
      status: 401,
      message: sessionMessages.tokenExpired,
      call: call.name,
    });
  }
  const url = `${API_BASE_PATH}${buildCallPath(call.path, { id: jobId })}`;
  try {
    return await readEventStream(url, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      lastEventId: options.lastEventId,
      signal: options.signal,
      onEvent: ({ event, data, id }) => {
        let payload: unknown;
        try {
          payload = JSON.parse(data);
        } catch {
          return;
        }
        const parsed = studioEventSchema.safeParse({ ...(payload as object), type: event });
        if (parsed.success) options.onEvent(parsed.data, id);
        else console.warn(`Skipped a studio event that does not fit the contract: ${event}`);
      },
    });
  } catch (error) {
    if (error instanceof EventStreamHttpError) throw httpError(call.name, error);
    if (options.signal?.aborted) throw error;
    throw new ApiError({
      kind: 'network',
      status: 0,
      message: 'The server could not be reached',
      call: call.name,
      cause: error,
    });
  }
}

function httpError(callName: string, error: EventStreamHttpError): ApiError {
  let detail: ApiError['detail'] = null;
  try {
    const answer = errorAnswerSchema.safeParse(JSON.parse(error.body));
    if (answer.success) detail = answer.data.detail;
  } catch {
    // Not JSON: the status is all we know.
  }
  return new ApiError({
    kind: 'http',
    status: error.status,
    detail,
    message: detail === null ? `Request failed with status ${error.status}` : flattenErrorDetail(detail),
    call: callName,
  });
}
