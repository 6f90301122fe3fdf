import {
  getCurrentUser,
  getHealth,
  listNotifications,
  login,
  loginMessages,
  registerMessages,
  serverDetailMessages,
  sessionMessages,
  STORAGE_KEYS,
  updateNotification,
  uploadImages,
  VERIFICATION_TIMEOUT_MS,
  verifyEmail,
} from '@reelcraft/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, callApi, errorMessage, type ErrorCatalogue } from './api-client';
import { saveSession } from './auth-storage';

const healthAnswer = {
  status: 'ok',
  database: { status: 'ok' },
  queue: { status: 'ok' },
  version: '0.1.0',
};

const user = {
  id: 'u1',
  email: 'ana@example.com',
  full_name: 'Ana Lima',
  company_name: null,
  role: null,
  phone_number: null,
  is_onboarded: true,
  profile_picture_url: null,
  subscription_status: 'free',
  subscription_expiry: null,
};

const notification = {
  id: 'n1',
  title: 'Video ready',
  message: 'Your video is ready',
  status: 'completed',
  read: true,
  timestamp: '2025-01-01T10:00:00.000Z',
  link: '/projects',
  video_id: null,
  session_id: null,
};

function jsonAnswer(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const fetchMock = vi.fn<typeof fetch>();

function lastRequest(): { url: string; init: RequestInit; headers: Headers } {
  const [url, init = {}] = fetchMock.mock.lastCall ?? [];
  return { url: String(url), init, headers: new Headers(init.headers) };
}

function signIn(expiresInSeconds: number, now = Date.now()) {
  saveSession({ accessToken: 'token-123', tokenType: 'bearer', expiresIn: expiresInSeconds }, now);
}

/** A fetch that never answers, and fails like the browser's when its signal aborts. */
function hangingFetch() {
  fetchMock.mockImplementation(
    (_url, init) =>
      new Promise((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () =>
          reject(init.signal?.reason ?? new DOMException('Aborted', 'AbortError')),
        );
      }),
  );
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('callApi', () => {
  it('sends the call under /api/v1 with a JSON accept header and returns the parsed answer', async () => {
    fetchMock.mockResolvedValue(jsonAnswer(healthAnswer));

    await expect(callApi(getHealth)).resolves.toEqual(healthAnswer);

    const { url, init, headers } = lastRequest();
    expect(url).toBe('/api/v1/health');
    expect(init.method).toBe('GET');
    expect(headers.get('Accept')).toBe('application/json');
    expect(headers.has('Authorization')).toBe(false);
  });

  it('fills path parameters and the query string', async () => {
    signIn(3600);
    fetchMock.mockResolvedValue(jsonAnswer([notification]));
    await callApi(listNotifications, { query: { limit: 5 } });
    expect(lastRequest().url).toBe('/api/v1/notifications?limit=5');

    fetchMock.mockResolvedValue(jsonAnswer(notification));
    await callApi(updateNotification, { params: { id: 'n/1' }, body: { read: true } });
    expect(lastRequest().url).toBe('/api/v1/notifications/n%2F1');
    expect(lastRequest().init.method).toBe('PATCH');
  });

  it('attaches the stored token as a Bearer header to calls that need one', async () => {
    signIn(3600);
    fetchMock.mockResolvedValue(jsonAnswer(user));

    await expect(callApi(getCurrentUser)).resolves.toEqual(user);

    expect(lastRequest().headers.get('Authorization')).toBe('Bearer token-123');
  });

  it('reads the token from the storage key the contract names', async () => {
    window.localStorage.setItem(STORAGE_KEYS.authToken, 'raw-token');
    fetchMock.mockResolvedValue(jsonAnswer(user));

    await callApi(getCurrentUser);

    expect(lastRequest().headers.get('Authorization')).toBe('Bearer raw-token');
  });

  it('sends an explicitly given token instead of the stored one', async () => {
    fetchMock.mockResolvedValue(jsonAnswer(user));

    await callApi(getCurrentUser, { token: 'from-url' });

    expect(lastRequest().headers.get('Authorization')).toBe('Bearer from-url');
  });

  it('rejects with "Token expired" before sending when the stored token is expired', async () => {
    signIn(3600, Date.now() - 2 * 3600 * 1000);

    const failure = callApi(getCurrentUser);

    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({
      kind: 'token_expired',
      message: sessionMessages.tokenExpired,
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('counts a token as expired 60 s before its expiry', async () => {
    signIn(45);

    await expect(callApi(getCurrentUser)).rejects.toMatchObject({ message: sessionMessages.tokenExpired });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('still sends calls that take no token while an expired one is stored (signing in again)', async () => {
    signIn(3600, Date.now() - 2 * 3600 * 1000);
    fetchMock.mockResolvedValue(jsonAnswer({ access_token: 'new', token_type: 'bearer', expires_in: 3600 }));

    await callApi(login, { body: { username: 'ana@example.com', password: 'secret' } });

    expect(fetchMock).toHaveBeenCalledOnce();
    expect(lastRequest().headers.has('Authorization')).toBe(false);
  });

  it('sends form-encoded bodies as application/x-www-form-urlencoded', async () => {
    fetchMock.mockResolvedValue(jsonAnswer({ access_token: 't', token_type: 'bearer', expires_in: 3600 }));

    await callApi(login, {
      body: { username: 'ana@example.com', password: 'p&ss word', grant_type: 'password', scope: '' },
    });

    const { init, headers } = lastRequest();
    expect(headers.get('Content-Type')).toBe('application/x-www-form-urlencoded');
    expect(String(init.body)).toBe(
      'username=ana%40example.com&password=p%26ss+word&grant_type=password&scope=',
    );
  });

  it('sends JSON bodies as JSON', async () => {
    signIn(3600);
    fetchMock.mockResolvedValue(jsonAnswer(notification));

    await callApi(updateNotification, { params: { id: 'n1' }, body: { read: true, title: 'Seen' } });

    const { init, headers } = lastRequest();
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(JSON.parse(String(init.body))).toEqual({ read: true, title: 'Seen' });
  });

  it('sends multipart bodies as FormData with every file, and lets the browser set the boundary', async () => {
    signIn(3600);
    fetchMock.mockResolvedValue(
      jsonAnswer({ images: [], uploaded_count: 0, errors: [], warning: null, message: 'Uploaded' }),
    );
    const front = new File(['png'], 'front.png', { type: 'image/png' });
    const side = new File(['png'], 'side.png', { type: 'image/png' });

    await callApi(uploadImages, { body: { source: 'library' }, files: { files: [front, side] } });

    const { init, headers } = lastRequest();
    expect(init.body).toBeInstanceOf(FormData);
    const form = init.body as FormData;
    expect(form.get('source')).toBe('library');
    expect(form.getAll('files').map((file) => (file as File).name)).toEqual(['front.png', 'side.png']);
    expect(headers.has('Content-Type')).toBe(false);
  });

  it('throws the server detail of an error answer', async () => {
    fetchMock.mockResolvedValue(jsonAnswer({ detail: serverDetailMessages.emailNotVerified }, 403));

    await expect(
      callApi(login, { body: { username: 'ana@example.com', password: 'x' } }),
    ).rejects.toMatchObject({
      kind: 'http',
      status: 403,
      detail: serverDetailMessages.emailNotVerified,
      message: serverDetailMessages.emailNotVerified,
    });
  });

  it('flattens the issues of a 422 answer into one message', async () => {
    const issues = [
      { loc: ['body', 'username'], msg: 'Field required', type: 'missing' },
      { loc: ['body', 'password'], msg: 'Too short', type: 'too_small' },
    ];
    fetchMock.mockResolvedValue(jsonAnswer({ detail: issues }, 422));

    const failure = callApi(login, { body: { username: '', password: '' } });

    await expect(failure).rejects.toMatchObject({
      status: 422,
      detail: issues,
      message: 'Field required; Too short',
    });
  });

  it('keeps the status when an error answer is not JSON', async () => {
    fetchMock.mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502 }));

    await expect(callApi(getHealth)).rejects.toMatchObject({ kind: 'http', status: 502, detail: null });
  });

  it('throws status 0 when no answer comes (network failure)', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));

    await expect(callApi(getHealth)).rejects.toMatchObject({ kind: 'network', status: 0 });
  });

  it("gives up after the call's own time limit (10 s for verification) with status 0", async () => {
    vi.useFakeTimers();
    hangingFetch();

    const failure = callApi(verifyEmail, { params: { token: 'abc' } });
    const settled = vi.fn();
    failure.catch(settled);

    await vi.advanceTimersByTimeAsync(VERIFICATION_TIMEOUT_MS - 1);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await expect(failure).rejects.toMatchObject({ kind: 'timeout', status: 0 });
  });

  it('passes a cancellation by the caller through as it is, not as an ApiError', async () => {
    hangingFetch();
    const controller = new AbortController();

    const failure = callApi(getHealth, { signal: controller.signal });
    controller.abort(new DOMException('Navigated away', 'AbortError'));

    await expect(failure).rejects.toMatchObject({ name: 'AbortError', message: 'Navigated away' });
  });

  it('rejects a successful answer whose shape does not match the contract', async () => {
    fetchMock.mockResolvedValue(jsonAnswer({ status: 'fine' }));

    const failure = callApi(getHealth);

    await expect(failure).rejects.toMatchObject({ kind: 'invalid_response', status: 200 });
    await expect(failure).rejects.toThrow(/Unexpected answer from getHealth/);
  });
});

describe('errorMessage', () => {
  // The login catalogue of spec 000 section 8, plus a "detail or text" entry as register's 400 uses.
  const catalogue: ErrorCatalogue = {
    401: loginMessages.invalidCredentials,
    429: loginMessages.tooManyAttempts,
    400: { fallback: registerMessages.invalidData },
    details: { [serverDetailMessages.emailNotVerified]: loginMessages.emailNotVerified },
    network: loginMessages.networkError,
    fallback: loginMessages.failed,
  };

  const httpError = (status: number, detail: string | null) =>
    new ApiError({ kind: 'http', status, detail, message: detail ?? '', call: 'login' });

  it('prefers the text for the exact server detail', () => {
    expect(errorMessage(httpError(403, serverDetailMessages.emailNotVerified), catalogue)).toBe(
      loginMessages.emailNotVerified,
    );
  });

  it('uses the text for the status', () => {
    expect(errorMessage(httpError(401, serverDetailMessages.invalidCredentials), catalogue)).toBe(
      loginMessages.invalidCredentials,
    );
    expect(errorMessage(httpError(429, null), catalogue)).toBe(loginMessages.tooManyAttempts);
  });

  it("uses the server's detail when no entry applies, else the fallback", () => {
    expect(errorMessage(httpError(500, 'Database unavailable'), catalogue)).toBe('Database unavailable');
    expect(errorMessage(httpError(500, null), catalogue)).toBe(loginMessages.failed);
  });

  it('uses a "detail or text" entry only when the server sent no detail', () => {
    expect(errorMessage(httpError(400, 'Password too short'), catalogue)).toBe('Password too short');
    expect(errorMessage(httpError(400, null), catalogue)).toBe(registerMessages.invalidData);
  });

  it('uses the network text when no answer came', () => {
    for (const kind of ['network', 'timeout'] as const) {
      const error = new ApiError({ kind, status: 0, message: 'no answer', call: 'login' });
      expect(errorMessage(error, catalogue)).toBe(loginMessages.networkError);
    }
  });

  it('says "Token expired" for the local rejection, and the fallback for anything unknown', () => {
    const expired = new ApiError({
      kind: 'token_expired',
      status: 401,
      message: sessionMessages.tokenExpired,
      call: 'getCurrentUser',
    });
    expect(errorMessage(expired, catalogue)).toBe(sessionMessages.tokenExpired);
    expect(errorMessage(new Error('boom'), catalogue)).toBe(loginMessages.failed);
  });
});
