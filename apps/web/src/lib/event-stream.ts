// Server-sent events read with fetch: EventSource cannot send an Authorization header, and every call
// of ours is authenticated with the Bearer token (the studio's job events, spec 001 section 7). This is
// the part of the WHATWG event-stream format a server of ours writes: `event:`, `data:` (joined with
// newlines when repeated), `id:`, comments, and any of the three line endings.

/** One dispatched event: `event` defaults to `message`, as the format says. */
export interface ServerSentEvent {
  event: string;
  data: string;
  /** The last `id:` seen so far (ids carry over to later events), or null before any. */
  id: string | null;
}

/**
 * A push parser: feed it the stream's text as it arrives, in chunks cut anywhere, and it calls
 * `onEvent` for each complete event. Call `end()` when the stream ends; a trailing event without its
 * blank line is dropped, as a browser drops it.
 */
export function createEventStreamParser(onEvent: (event: ServerSentEvent) => void) {
  let buffer = '';
  let eventType = '';
  let dataLines: string[] = [];
  let lastId: string | null = null;
  // A chunk ending in \r may be the first half of \r\n: the \n that follows must not end a second line.
  let skipLeadingNewline = false;

  function processLine(line: string) {
    if (line === '') {
      if (dataLines.length > 0) {
        onEvent({ event: eventType || 'message', data: dataLines.join('\n'), id: lastId });
      }
      eventType = '';
      dataLines = [];
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    switch (field) {
      case 'event':
        eventType = value;
        break;
      case 'data':
        dataLines.push(value);
        break;
      case 'id':
        if (!value.includes('\0')) lastId = value;
        break;
      default:
        // `retry` and unknown fields: our reconnection delay is the caller's.
        break;
    }
  }

  return {
    push(chunk: string) {
      let text = chunk;
      if (skipLeadingNewline && text.startsWith('\n')) text = text.slice(1);
      skipLeadingNewline = false;
      buffer += text;
      let start = 0;
      for (let index = 0; index < buffer.length; index += 1) {
        const char = buffer[index];
        if (char !== '\n' && char !== '\r') continue;
        processLine(buffer.slice(start, index));
        if (char === '\r') {
          if (index + 1 < buffer.length) {
            if (buffer[index + 1] === '\n') index += 1;
          } else {
            skipLeadingNewline = true;
          }
        }
        start = index + 1;
      }
      buffer = buffer.slice(start);
    },
    end() {
      buffer = '';
      eventType = '';
      dataLines = [];
    },
    /** The last event id seen, for `Last-Event-ID` on reconnection. */
    get lastEventId(): string | null {
      return lastId;
    },
  };
}

/** The server answered the stream request with an error status (its body is read for `detail`). */
export class EventStreamHttpError extends Error {
  override readonly name = 'EventStreamHttpError';
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`The event stream answered ${status}`);
  }
}

export interface ReadEventStreamOptions {
  headers?: Record<string, string>;
  /** Sent as `Last-Event-ID`, so the server resumes after the last event this client saw. */
  lastEventId?: string | null;
  signal?: AbortSignal;
  onEvent: (event: ServerSentEvent) => void;
}

/**
 * Opens `url` as an event stream and calls `onEvent` for each event until the server ends the stream
 * (resolves with the last event id seen) or `signal` aborts (rejects with the abort reason). Rejects
 * with EventStreamHttpError for an error status and with the fetch error when no answer came.
 */
export async function readEventStream(url: string, options: ReadEventStreamOptions): Promise<string | null> {
  const { headers = {}, lastEventId = null, signal, onEvent } = options;
  const requestHeaders = new Headers(headers);
  requestHeaders.set('Accept', 'text/event-stream');
  if (lastEventId) requestHeaders.set('Last-Event-ID', lastEventId);
  const response = await fetch(url, {
    headers: requestHeaders,
    signal,
    credentials: 'same-origin',
    cache: 'no-store',
  });
  if (!response.ok) throw new EventStreamHttpError(response.status, await response.text().catch(() => ''));
  const parser = createEventStreamParser(onEvent);
  if (!response.body) return lastEventId;

  const reader = response.body.getReader();
  // A body that does not follow the request's signal (a test's stream) is cancelled by hand.
  const cancel = () => void reader.cancel().catch(() => undefined);
  signal?.addEventListener('abort', cancel, { once: true });
  const decoder = new TextDecoder();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (signal?.aborted) throw signal.reason ?? new DOMException('Aborted', 'AbortError');
      if (done) break;
      parser.push(decoder.decode(value, { stream: true }));
    }
    parser.push(decoder.decode());
    parser.end();
    return parser.lastEventId ?? lastEventId;
  } finally {
    signal?.removeEventListener('abort', cancel);
    try {
      reader.releaseLock();
    } catch {
      // Already released by the cancellation.
    }
  }
}
