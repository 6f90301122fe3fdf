import { expect } from 'vitest';
import { studioEventSchema, type StudioEvent } from '@reelcraft/contract';
import type { TestServer } from '../../helpers/test-platform';

const JOB = '/studio/veo/jobs';

/** Reads a job's server-sent events until `until` says stop (or the time runs out). */
export async function readEvents(
  server: TestServer,
  token: string,
  jobId: string,
  until: (event: StudioEvent) => boolean,
  options: { lastEventId?: number; timeoutMs?: number } = {},
): Promise<{ events: (StudioEvent & { id: number })[]; status: number }> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? 180_000);
  const response = await fetch(`${server.baseUrl}/api/v1${JOB}/${jobId}/events`, {
    headers: {
      authorization: `Bearer ${token}`,
      ...(options.lastEventId !== undefined ? { 'last-event-id': String(options.lastEventId) } : {}),
    },
    signal: controller.signal,
  });
  const events: (StudioEvent & { id: number })[] = [];
  if (response.status !== 200 || !response.body) {
    clearTimeout(timer);
    return { events, status: response.status };
  }
  expect(response.headers.get('content-type')).toContain('text/event-stream');
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for await (const chunk of response.body) {
      buffer += decoder.decode(chunk as Uint8Array, { stream: true });
      let end;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const fields = Object.fromEntries(
          block
            .split('\n')
            .filter((line) => line && !line.startsWith(':'))
            .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim()]),
        );
        if (!fields.data) continue;
        const event = { ...studioEventSchema.parse(JSON.parse(fields.data)), id: Number(fields.id) };
        expect(event.type).toBe(fields.event);
        events.push(event);
        if (until(event)) {
          controller.abort();
          return { events, status: 200 };
        }
      }
    }
  } catch (error) {
    if (!controller.signal.aborted) throw error;
  } finally {
    clearTimeout(timer);
  }
  return { events, status: 200 };
}
