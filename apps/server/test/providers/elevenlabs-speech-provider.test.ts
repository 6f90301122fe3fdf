import { FALLBACK_VOICE_IDS, voiceMessages } from '@reelcraft/contract';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createElevenLabsSpeechProvider,
  OWNER_LABEL,
} from '../../src/providers/cloud/elevenlabs-speech-provider';
import { makeSampleAudio, mediaTools, sendJson, startFakeVendor, type FakeVendor } from './fake-vendor';

const KEY = 'xi-test-key';
let vendor: FakeVendor;
let mp3: Buffer;

beforeAll(async () => {
  mp3 = await makeSampleAudio('mp3', 1.5);
});
beforeEach(async () => {
  vendor = await startFakeVendor();
});
afterEach(() => vendor.close());

const provider = async (retries = 0) =>
  createElevenLabsSpeechProvider({
    settings: { apiKey: KEY, baseUrl: vendor.url, model: 'eleven_multilingual_v2', retries, backoffMs: 10 },
    tools: await mediaTools(),
  });

describe('ElevenLabs speech', () => {
  it('lists voices paged and sorted by name, showing a user only their own clones', async () => {
    vendor.on('GET /v2/voices', (request, response) => {
      if (!request.query.get('next_page_token')) {
        return sendJson(response, 200, {
          voices: [
            {
              voice_id: 'v1',
              name: 'Zed',
              category: 'premade',
              labels: { gender: 'male', accent: 'british' },
              preview_url: 'https://cdn/z.mp3',
            },
            { voice_id: 'c1', name: 'Mine', category: 'cloned', labels: { [OWNER_LABEL]: 'user-1' } },
          ],
          has_more: true,
          next_page_token: 'page-2',
          total_count: 3,
        });
      }
      sendJson(response, 200, {
        voices: [{ voice_id: 'c2', name: 'Theirs', category: 'cloned', labels: { [OWNER_LABEL]: 'user-2' } }],
        has_more: false,
      });
    });
    // Clones in the shared account are every user's: the voices module lists each user's own.
    const voices = await (await provider()).listVoices();
    expect(voices.map((voice) => voice.id)).toEqual(['v1']);
    expect(voices[0]).toMatchObject({ gender: 'male', accent: 'british', previewUrl: 'https://cdn/z.mp3' });
    const first = vendor.received[0]!;
    expect(first.headers['xi-api-key']).toBe(KEY);
    expect(Object.fromEntries(first.query)).toEqual({
      page_size: '50',
      sort: 'name',
      sort_direction: 'asc',
      include_total_count: 'true',
    });
    expect(vendor.received[1]!.query.get('next_page_token')).toBe('page-2');
  });

  it('falls back to the spec voice list when the list call fails', async () => {
    vendor.on('GET /v2/voices', (_request, response) =>
      sendJson(response, 401, { detail: { status: 'invalid_api_key' } }),
    );
    const voices = await (await provider()).listVoices();
    expect(voices.map((voice) => voice.id).sort()).toEqual([...FALLBACK_VOICE_IDS].sort());
  });

  it('synthesises with the voice settings and the premade voice id', async () => {
    vendor.on(
      (request) => request.path.startsWith('/v1/text-to-speech/'),
      (_request, response) => {
        response.writeHead(200, { 'content-type': 'audio/mpeg', 'request-id': 'req-1' });
        response.end(mp3);
      },
    );
    const speech = await (
      await provider()
    ).synthesize({
      text: 'Hello there',
      voiceId: 'rachel',
      settings: { stability: 0.3, similarityBoost: 0.8, style: 0.1, useSpeakerBoost: false },
    });
    const request = vendor.received[0]!;
    expect(request.path).toBe('/v1/text-to-speech/21m00Tcm4TlvDq8ikWAM');
    expect(request.query.get('output_format')).toBe('mp3_44100_128');
    expect(request.json()).toEqual({
      text: 'Hello there',
      model_id: 'eleven_multilingual_v2',
      voice_settings: { stability: 0.3, similarity_boost: 0.8, style: 0.1, use_speaker_boost: false },
    });
    expect(speech.contentType).toBe('audio/mpeg');
    expect(speech.durationSeconds).toBeGreaterThan(1.2);
    expect(speech.voiceId).toBe('rachel');
  });

  it.each([
    [401, voiceMessages.providerUnauthorized],
    [403, voiceMessages.providerForbidden],
    [429, voiceMessages.providerRateLimited],
  ])('maps HTTP %i to the voices screen message', async (status, message) => {
    vendor.on(
      (request) => request.path.startsWith('/v1/text-to-speech/'),
      (_request, response) => sendJson(response, status, { detail: { message: 'nope' } }),
    );
    await expect((await provider()).synthesize({ text: 'Hi', voiceId: 'adam' })).rejects.toMatchObject({
      message,
    });
  });

  it('retries a 429 after Retry-After before giving up', async () => {
    let attempts = 0;
    vendor.on(
      (request) => request.path.startsWith('/v1/text-to-speech/'),
      (_request, response) => {
        attempts += 1;
        if (attempts === 1) return sendJson(response, 429, {}, { 'retry-after': '0' });
        response.writeHead(200, { 'content-type': 'audio/mpeg' });
        response.end(mp3);
      },
    );
    await (await provider(2)).synthesize({ text: 'Hi', voiceId: 'sam' });
    expect(attempts).toBe(2);
  });

  it('clones a voice with the documented multipart fields and the owner label', async () => {
    vendor.on('POST /v1/voices/add', (_request, response) =>
      sendJson(response, 200, { voice_id: 'new-voice', requires_verification: false }),
    );
    const wav = await makeSampleAudio('wav', 1);
    const clone = await (
      await provider()
    ).cloneVoice({
      ownerId: 'user-1',
      name: 'My voice',
      audio: wav,
      description: 'Warm',
      labels: { accent: 'american' },
    });
    expect(clone).toMatchObject({ clone: { providerVoiceId: 'new-voice', profile: null } });
    const form = await vendor.received[0]!.form();
    expect(form.get('name')).toBe('My voice');
    expect(form.get('description')).toBe('Warm');
    expect(JSON.parse(String(form.get('labels')))).toEqual({ accent: 'american', [OWNER_LABEL]: 'user-1' });
    const file = form.get('files') as File;
    expect(file.name).toBe('sample.wav');
    expect(file.size).toBe(wav.length);
  });

  it('refuses a sample that is not audio, and maps the vendor 422', async () => {
    const speech = await provider();
    await expect(
      speech.cloneVoice({ ownerId: 'u', name: 'x', audio: Buffer.from('not audio at all') }),
    ).rejects.toMatchObject({ message: voiceMessages.cloneUnsupportedFormat });
    vendor.on('POST /v1/voices/add', (_request, response) => sendJson(response, 422, { detail: 'bad' }));
    await expect(
      speech.cloneVoice({ ownerId: 'u', name: 'x', audio: await makeSampleAudio('wav', 1) }),
    ).rejects.toMatchObject({ code: 'unsupported_media', message: voiceMessages.cloneUnsupportedFormat });
  });

  it('speaks with a clone by its vendor id, and deletes the vendor voice (already gone is fine)', async () => {
    const mp3 = await makeSampleAudio('mp3', 1);
    vendor.on(
      (request) => request.path.startsWith('/v1/text-to-speech/'),
      (_request, response) => {
        response.writeHead(200, { 'content-type': 'audio/mpeg' });
        response.end(mp3);
      },
    );
    vendor.on('DELETE /v1/voices/c1', (_request, response) => sendJson(response, 200, { status: 'ok' }));
    vendor.on('DELETE /v1/voices/gone', (_request, response) => sendJson(response, 404, { detail: 'no' }));
    const speech = await provider();
    const clone = { providerVoiceId: 'c1', profile: null };
    await speech.synthesize({ text: 'Hi', voiceId: 'clone-abc', clone });
    expect(vendor.received.at(-1)).toMatchObject({ method: 'POST', path: '/v1/text-to-speech/c1' });
    await speech.deleteClone(clone);
    expect(vendor.received.at(-1)).toMatchObject({ method: 'DELETE', path: '/v1/voices/c1' });
    await speech.deleteClone({ providerVoiceId: 'gone', profile: null });
    await expect(
      speech.synthesize({
        text: 'Hi',
        voiceId: 'clone-local',
        clone: { providerVoiceId: null, profile: {} },
      }),
    ).rejects.toMatchObject({ code: 'not_found' });
  });
});
