import { expect, it } from 'vitest';
import { userLimitMessages, type UploadAnswer } from '@reelcraft/contract';
import { apiClient, formData, type ApiAnswer, type ApiClient } from '../helpers/api-client';
import { describeEachDatabase } from '../helpers/each-database';
import type { TestServer } from '../helpers/test-platform';
import { createUserWithToken } from '../helpers/users';
import { testImage } from '../fixtures/test-images';

// Issue 37: one account made 15 voice clones, 15 decks, 200 chat messages, 100 chat sessions and 200
// notifications in about a minute. Each of those calls now has a per-user limit (429, Retry-After).
const LIMITS = {
  VOICE_CLONES_MAX_PER_USER: '2',
  DECK_UPLOADS_MAX_PER_USER: '2',
  UPLOADS_MAX_PER_USER: '3',
  CHAT_MESSAGES_MAX_PER_USER: '3',
  CHAT_SESSIONS_MAX_PER_USER: '2',
  NOTIFICATIONS_MAX_PER_USER: '3',
  STORYBOARD_SAVES_MAX_PER_USER: '2',
  USER_LIMIT_WINDOW_SECONDS: '3600',
};

async function signedIn(server: TestServer): Promise<ApiClient> {
  const { token } = await createUserWithToken(server.platform);
  return apiClient(server, token);
}

function expectRefused(answer: ApiAnswer, detail: string) {
  expect(answer.status).toBe(429);
  expect(answer.json()).toEqual({ detail });
  const retryAfter = Number(answer.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(3600);
}

/** `limit` calls answered as ever (whatever their outcome), then 429; another user is not held. */
async function expectLimited(
  server: TestServer,
  limit: number,
  call: (api: ApiClient) => Promise<ApiAnswer>,
  detail: string,
  allowed: (answer: ApiAnswer) => void,
) {
  const api = await signedIn(server);
  for (let attempt = 0; attempt < limit; attempt += 1) allowed(await call(api));
  expectRefused(await call(api), detail);
  allowed(await call(await signedIn(server)));
}

const statusIs = (status: number) => (answer: ApiAnswer) => expect(answer.status).toBe(status);

describeEachDatabase('per-user limits', { env: LIMITS, listen: true, work: false }, (server) => {
  it('limits voice clones per user, counted before the sample is read', async () => {
    // Not audio: refused by content (422) as ever, yet each attempt counts.
    const clone = (api: ApiClient) =>
      api.postForm(
        '/elevenlabs/voice-clone',
        formData({ name: 'Me' }, [
          {
            name: 'audio_file',
            data: Buffer.from('not audio at all'),
            filename: 'me.wav',
            type: 'audio/wav',
          },
        ]),
      );
    await expectLimited(server(), 2, clone, userLimitMessages.voiceClones, statusIs(422));
  });

  it('limits deck uploads per user', async () => {
    const upload = (api: ApiClient) =>
      api.postForm(
        '/ppt-to-video/decks',
        formData({}, [
          { name: 'file', data: Buffer.from('neither a PDF nor a PowerPoint'), filename: 'deck.pdf' },
        ]),
      );
    await expectLimited(server(), 2, upload, userLimitMessages.deckUploads, statusIs(422));
  });

  it('limits chat sessions and chat messages per user', async () => {
    const start = (api: ApiClient) => api.postJson('/chat/sessions', {});
    await expectLimited(server(), 2, start, userLimitMessages.chatSessions, statusIs(201));

    const api = await signedIn(server());
    const session = (await start(api)).json<{ session_id: string }>().session_id;
    const send = (client: ApiClient) => client.postJson('/chat/chat', { message: 'hi', session_id: session });
    for (let attempt = 0; attempt < 3; attempt += 1) expect((await send(api)).status).toBe(200);
    expectRefused(await send(api), userLimitMessages.chatMessages);
    const history = await api.get(`/chat/sessions/${session}/history`);
    expect(history.json<{ messages: unknown[] }>().messages).toHaveLength(6);
  });

  it('limits storyboard drafts and saves per user', async () => {
    const draft = (api: ApiClient) =>
      api.postJson('/storyboards', { prompt: 'A kite over a windy hill', duration: 15 });
    await expectLimited(server(), 2, draft, userLimitMessages.storyboardSaves, statusIs(201));
  });

  it('limits the notifications a user creates', async () => {
    const create = (api: ApiClient) => api.postJson('/notifications', { title: 'Hi', message: 'Hello' });
    await expectLimited(server(), 3, create, userLimitMessages.notifications, statusIs(201));
  });

  it('limits uploads, library saves and avatars together per user', async () => {
    const api = await signedIn(server());
    const png = await testImage('png', 64, 48);
    const upload = () =>
      api.postForm('/upload/signed-url', formData({}, [{ name: 'files', data: png, filename: 'a.png' }]));
    const first = await upload();
    expect(first.status).toBe(200);
    const [image] = first.json<UploadAnswer>().images;
    expect((await upload()).status).toBe(200);
    const save = () =>
      api.postJson('/user/library/images/save', {
        images: [
          {
            gcs_uri: image!.gcs_uri,
            public_url: image!.public_url,
            original_filename: 'a.png',
            content_type: 'image/png',
            size_bytes: image!.metadata.size_bytes,
            source: 'image-to-video',
          },
        ],
      });
    expect((await save()).status).toBe(201);
    expectRefused(await upload(), userLimitMessages.uploads);
    expectRefused(await save(), userLimitMessages.uploads);
    expectRefused(
      await api.postJson('/avatars', { name: 'Me', gcs_uri: image!.gcs_uri }),
      userLimitMessages.uploads,
    );
  });
});
