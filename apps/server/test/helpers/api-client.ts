import { API_BASE_PATH } from '@reelcraft/contract';
import type { TestServer } from './test-platform';

export interface ApiAnswer {
  status: number;
  headers: Headers;
  body: Buffer;
  json<T = unknown>(): T;
}

/** A file part of a multipart form, as a browser's FormData would send it. */
export interface FormFile {
  name: string;
  data: Buffer;
  filename: string;
  type?: string;
}

export type FormFields = Record<string, string | number | undefined>;

/** Builds a multipart form: text fields and files (repeated names repeat the part). */
export function formData(fields: FormFields = {}, files: FormFile[] = []): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields))
    if (value !== undefined) form.append(name, String(value));
  for (const file of files) {
    form.append(
      file.name,
      new Blob([file.data], { type: file.type ?? 'application/octet-stream' }),
      file.filename,
    );
  }
  return form;
}

/**
 * Calls the API of a listening test server over real HTTP, as the web app does: `/api/v1` paths,
 * a bearer token, JSON or multipart bodies.
 */
export function apiClient(server: TestServer, token?: string) {
  async function request(
    method: string,
    path: string,
    options: { json?: unknown; form?: FormData; headers?: Record<string, string> } = {},
  ): Promise<ApiAnswer> {
    if (!server.baseUrl) throw new Error('Start the test server with listen: true');
    const headers: Record<string, string> = { ...options.headers };
    if (token) headers.authorization = `Bearer ${token}`;
    let body: RequestInit['body'];
    if (options.form) body = options.form;
    else if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    }
    const url = path.startsWith('http')
      ? path
      : `${server.baseUrl}${path.startsWith('/api/') ? '' : API_BASE_PATH}${path}`;
    const response = await fetch(url, { method, headers, body });
    const buffer = Buffer.from(await response.arrayBuffer());
    return {
      status: response.status,
      headers: response.headers,
      body: buffer,
      json: <T>() => JSON.parse(buffer.toString('utf8')) as T,
    };
  }
  return {
    get: (path: string, headers?: Record<string, string>) => request('GET', path, { headers }),
    postJson: (path: string, json: unknown) => request('POST', path, { json }),
    postForm: (path: string, form: FormData) => request('POST', path, { form }),
    request,
  };
}

export type ApiClient = ReturnType<typeof apiClient>;
