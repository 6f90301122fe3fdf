import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createEventStreamParser,
  EventStreamHttpError,
  readEventStream,
  type ServerSentEvent,
} from './event-stream';

function parse(chunks: string[]): ServerSentEvent[] {
  const events: ServerSentEvent[] = [];
  const parser = createEventStreamParser((event) => events.push(event));
  for (const chunk of chunks) parser.push(chunk);
  parser.end();
  return events;
}

function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('createEventStreamParser', () => {
  it('reads the type, the data and the id of each event', () => {
    expect(parse(['id: 1\nevent: state\ndata: {"a":1}\n\n', 'event: asset\ndata: {"b":2}\n\n'])).toEqual([
      { event: 'state', data: '{"a":1}', id: '1' },
      // The id carries over to later events until another arrives.
      { event: 'asset', data: '{"b":2}', id: '1' },
    ]);
  });

  it('joins repeated data lines, skips comments, and defaults the type to message', () => {
    expect(parse([': keep-alive\n\n', 'data: one\ndata: two\n\n'])).toEqual([
      { event: 'message', data: 'one\ntwo', id: null },
    ]);
  });

  it('accepts events cut anywhere and any line ending', () => {
    expect(parse(['ev', 'ent: a\r', '\ndata: x\r\r', 'event: b\rdata:y\n', '\n'])).toEqual([
      { event: 'a', data: 'x', id: null },
      { event: 'b', data: 'y', id: null },
    ]);
  });

  it('drops an event whose blank line never came', () => {
    expect(parse(['event: a\ndata: x\n'])).toEqual([]);
  });
});

describe('readEventStream', () => {
  it('sends the headers and Last-Event-ID, and resolves with the last id when the stream ends', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(streamOf(['id: 7\nevent: state\ndata: {}\n\n']), {
          headers: { 'Content-Type': 'text/event-stream' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const onEvent = vi.fn();
    const last = await readEventStream('/events', {
      headers: { Authorization: 'Bearer t' },
      lastEventId: '6',
      onEvent,
    });
    expect(last).toBe('7');
    expect(onEvent).toHaveBeenCalledWith({ event: 'state', data: '{}', id: '7' });
    const headers = new Headers((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].headers);
    expect(headers.get('Authorization')).toBe('Bearer t');
    expect(headers.get('Last-Event-ID')).toBe('6');
    expect(headers.get('Accept')).toBe('text/event-stream');
  });

  it('rejects with the status and body of an error answer', async () => {
    vi.stubGlobal('fetch', async () => new Response('{"detail":"Job not found"}', { status: 404 }));
    const error = await readEventStream('/events', { onEvent: vi.fn() }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(EventStreamHttpError);
    expect(error).toMatchObject({ status: 404, body: '{"detail":"Job not found"}' });
  });

  it('stops reading when aborted, even if the body does not follow the signal', async () => {
    let cancelled = false;
    vi.stubGlobal(
      'fetch',
      async () =>
        new Response(
          new ReadableStream({
            cancel() {
              cancelled = true;
            },
          }),
        ),
    );
    const controller = new AbortController();
    const reading = readEventStream('/events', { signal: controller.signal, onEvent: vi.fn() });
    await new Promise((resolve) => setTimeout(resolve, 0));
    controller.abort(new Error('left'));
    await expect(reading).rejects.toThrow('left');
    expect(cancelled).toBe(true);
  });
});
