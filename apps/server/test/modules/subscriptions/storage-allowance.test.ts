import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import {
  formatStorageSize,
  planSchema,
  subscriptionDashboardSchema,
  userLimitMessages,
  type LibraryImage,
  type UploadAnswer,
  type VoiceClone,
} from '@reelcraft/contract';
import { avatars, slideDecks, videos, voiceClones } from '../../../src/db-schema';
import { apiClient, formData, type ApiClient } from '../../helpers/api-client';
import { describeEachDatabase } from '../../helpers/each-database';
import type { TestServer } from '../../helpers/test-platform';
import { createUserWithToken } from '../../helpers/users';
import { incompressiblePng, testImage } from '../../fixtures/test-images';
import { buyWithTestCheckout } from '../payments/checkout-helpers';

// Issue 37: a per-user storage allowance from the plan (`storage_mb`), checked before an upload is
// accepted and shown in the account. The free plan here allows 1 MB.
const MB = 1024 * 1024;
const env = { PLANS_JSON: JSON.stringify({ free: { storage_mb: 1 } }) };

async function signedIn(server: TestServer) {
  const { user, token } = await createUserWithToken(server.platform);
  return { user, token, api: apiClient(server, token) };
}

async function dashboard(api: ApiClient) {
  const answer = await api.get('/subscriptions/dashboard');
  expect(answer.status).toBe(200);
  return subscriptionDashboardSchema.strict().parse(answer.json());
}

const imageForm = (data: Buffer, filename = 'photo.png') =>
  formData({}, [{ name: 'files', data, filename, type: 'image/png' }]);

async function uploadImage(api: ApiClient, data: Buffer) {
  const answer = await api.postForm('/upload/signed-url', imageForm(data));
  expect(answer.status, answer.body.toString()).toBe(200);
  return answer.json<UploadAnswer>().images[0]!;
}

async function saveToLibrary(api: ApiClient, image: UploadAnswer['images'][number]): Promise<LibraryImage> {
  const answer = await api.postJson('/user/library/images/save', {
    images: [
      {
        gcs_uri: image.gcs_uri,
        public_url: image.public_url,
        original_filename: image.metadata.original_filename,
        content_type: 'image/png',
        size_bytes: image.metadata.size_bytes,
        source: 'upload',
      },
    ],
  });
  expect(answer.status).toBe(201);
  return answer.json<LibraryImage[]>()[0]!;
}

describeEachDatabase('storage allowance', { env, listen: true, work: false }, (server) => {
  it('gives every plan a storage allowance, which PLANS_JSON changes', async () => {
    const plans = planSchema.array().parse((await apiClient(server()).get('/subscriptions/plans')).json());
    expect(Object.fromEntries(plans.map((plan) => [plan.id, plan.storage_mb]))).toEqual({
      free: 1,
      starter: 5 * 1024,
      business: 20 * 1024,
      professional: 50 * 1024,
    });
  });

  it('shows in the account what the user keeps stored, of their allowance', async () => {
    const { user, api } = await signedIn(server());
    expect(await dashboard(api)).toEqual({
      remaining_videos: 3,
      can_generate_videos: true,
      storage_used_bytes: 0,
      storage_limit_bytes: MB,
    });

    // An upload alone is not kept; saved to the library it counts, at the size stored.
    const image = await uploadImage(api, await testImage('png', 200, 100));
    expect((await dashboard(api)).storage_used_bytes).toBe(0);
    await saveToLibrary(api, image);
    let used = image.metadata.size_bytes;
    expect((await dashboard(api)).storage_used_bytes).toBe(used);

    // A voice clone counts its sample, a deck its file, an avatar its portrait, a video its file.
    const text =
      'Hello there. This is my own voice, recorded for a short video about our new product. I hope you like it.';
    const wav = (await server().providers.speech.synthesize({ text, voiceId: 'adam' })).audio;
    const cloned = await api.postForm(
      '/elevenlabs/voice-clone',
      formData({ name: 'Me' }, [{ name: 'audio_file', data: wav, filename: 'me.wav', type: 'audio/wav' }]),
    );
    expect(cloned.status, cloned.body.toString()).toBe(201);
    const [clone] = await server()
      .platform.database.orm.select()
      .from(voiceClones)
      .where(eq(voiceClones.id, cloned.json<VoiceClone>().voice_id));
    expect(clone!.sampleBytes).toBeGreaterThan(1000);
    used += clone!.sampleBytes;
    expect((await dashboard(api)).storage_used_bytes).toBe(used);

    const pdf = Buffer.concat([
      Buffer.from('%PDF-1.4\n'),
      Buffer.alloc(20_000, 0x20),
      Buffer.from('\n%%EOF\n'),
    ]);
    const deck = await api.postForm(
      '/ppt-to-video/decks',
      formData({}, [{ name: 'file', data: pdf, filename: 'deck.pdf', type: 'application/pdf' }]),
    );
    expect(deck.status, deck.body.toString()).toBe(202);
    const [deckRow] = await server()
      .platform.database.orm.select()
      .from(slideDecks)
      .where(eq(slideDecks.userId, user.id));
    expect(deckRow!.sourceBytes).toBe(pdf.length);
    used += pdf.length;

    const avatar = await api.postJson('/avatars', { name: 'Me', gcs_uri: image.gcs_uri });
    expect(avatar.status, avatar.body.toString()).toBe(201);
    const [avatarRow] = await server()
      .platform.database.orm.select()
      .from(avatars)
      .where(eq(avatars.userId, user.id));
    expect(avatarRow!.imageBytes).toBeGreaterThan(1000);
    used += avatarRow!.imageBytes;

    await server().platform.database.orm.insert(videos).values({
      userId: user.id,
      title: 'Made earlier',
      projectType: 'text-to-video',
      status: 'completed',
      sizeBytes: 12_345,
    });
    used += 12_345;
    expect((await dashboard(api)).storage_used_bytes).toBe(used);
  });

  it('answers 413 saying how much is used when an upload would not fit; deleting frees room', async () => {
    const { api, token } = await signedIn(server());
    // About 600 KB of noise, which no encoder can shrink: a second one would not fit in 1 MB.
    const big = await incompressiblePng(360, 560);
    const kept = await saveToLibrary(api, await uploadImage(api, big));
    const { storage_used_bytes: used } = await dashboard(api);
    expect(used).toBeGreaterThan(500_000);
    const refusal = { detail: userLimitMessages.storageFull(formatStorageSize(used), '1 MB') };

    const again = await api.postForm('/upload/signed-url', imageForm(big));
    expect(again.status).toBe(413);
    expect(again.json()).toEqual(refusal);
    const sample = Buffer.alloc(600_000, 1);
    const clone = await api.postForm(
      '/elevenlabs/voice-clone',
      formData({ name: 'Me' }, [{ name: 'audio_file', data: sample, filename: 'me.wav', type: 'audio/wav' }]),
    );
    expect(clone.status).toBe(413);
    expect(clone.json()).toEqual(refusal);
    const deck = await api.postForm(
      '/ppt-to-video/decks',
      formData({}, [{ name: 'file', data: sample, filename: 'deck.pdf', type: 'application/pdf' }]),
    );
    expect(deck.status).toBe(413);
    expect(deck.json()).toEqual(refusal);
    // Nothing of the refused uploads was kept.
    expect((await dashboard(api)).storage_used_bytes).toBe(used);

    // Deleting the library image gives its room back.
    expect((await api.request('DELETE', `/user/library/images/${kept.id}`)).status).toBe(200);
    expect((await dashboard(api)).storage_used_bytes).toBe(0);
    const first = await uploadImage(api, big);
    const second = await uploadImage(api, big);

    // Saving uploads made earlier may end past the allowance; then even a small upload is refused.
    await saveToLibrary(api, first);
    await saveToLibrary(api, second);
    expect((await dashboard(api)).storage_used_bytes).toBeGreaterThan(MB);
    const small = await api.postForm('/upload/signed-url', imageForm(await testImage('png', 20, 20)));
    expect(small.status).toBe(413);
    // A larger plan makes room.
    await buyWithTestCheckout(server(), token, 'starter');
    expect((await dashboard(api)).storage_limit_bytes).toBe(5 * 1024 * MB);
    expect((await api.postForm('/upload/signed-url', imageForm(await testImage('png', 20, 20)))).status).toBe(
      200,
    );
  });
});
