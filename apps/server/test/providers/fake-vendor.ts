import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { runFfmpeg } from '../../src/media/ffmpeg-runner';
import { resolveMediaTools, type MediaTools } from '../../src/media/media-tools';

/** One request the fake vendor received. */
export interface Received {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read vendor JSON freely
  json(): any;
  /** The multipart or url-encoded fields, parsed the standard way. */
  form(): Promise<FormData>;
}

export type Handler = (request: Received, response: http.ServerResponse) => void | Promise<void>;

export interface FakeVendor {
  url: string;
  received: Received[];
  /** Routes by `METHOD /path` (exact) or a function of the request; the first match answers. */
  on(route: string | ((request: Received) => boolean), handler: Handler): void;
  close(): Promise<void>;
}

/** A vendor's API as a local server on 127.0.0.1 and a random port. */
export async function startFakeVendor(): Promise<FakeVendor> {
  const routes: { match: (request: Received) => boolean; handler: Handler }[] = [];
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const body = Buffer.concat(chunks);
      const request: Received = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body,
        json: () => JSON.parse(body.toString('utf8')),
        form: () =>
          new Request('http://x/', {
            method: 'POST',
            headers: { 'content-type': String(req.headers['content-type']) },
            body,
          }).formData(),
      };
      received.push(request);
      const route = routes.find((candidate) => candidate.match(request));
      if (!route) {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({ error: { code: 404, message: `no route ${request.method} ${request.path}` } }),
        );
        return;
      }
      Promise.resolve(route.handler(request, res)).catch((error: unknown) => {
        res.writeHead(500);
        res.end(String(error));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    on(route, handler) {
      const match =
        typeof route === 'function'
          ? route
          : (request: Received) => `${request.method} ${request.path}` === route;
      routes.unshift({ match, handler });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function sendJson(
  response: http.ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

let toolsPromise: Promise<MediaTools> | undefined;
export const mediaTools = () => (toolsPromise ??= resolveMediaTools());

/** A real small MP4 (H.264 + AAC test pattern, or one solid `color`) as a vendor would send. */
export async function makeSampleMp4(seconds = 2, size = '320x180', color?: string): Promise<Buffer> {
  const tools = await mediaTools();
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'fake-vendor-'));
  const file = path.join(dir, 'sample.mp4');
  await runFfmpeg(tools, [
    '-f',
    'lavfi',
    '-i',
    color ? `color=c=${color}:size=${size}:rate=24` : `testsrc=size=${size}:rate=24`,
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:sample_rate=44100',
    '-t',
    String(seconds),
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
    file,
  ]);
  const data = await fs.readFile(file);
  await fs.rm(dir, { recursive: true, force: true });
  return data;
}

/** A short real audio file (WAV, or MP3 when `mp3` and ffmpeg has an MP3 encoder). */
export async function makeSampleAudio(format: 'wav' | 'mp3' = 'wav', seconds = 1.5): Promise<Buffer> {
  const tools = await mediaTools();
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'fake-vendor-'));
  const file = path.join(dir, `sample.${format}`);
  await runFfmpeg(tools, [
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=300:sample_rate=44100`,
    '-t',
    String(seconds),
    file,
  ]);
  const data = await fs.readFile(file);
  await fs.rm(dir, { recursive: true, force: true });
  return data;
}
