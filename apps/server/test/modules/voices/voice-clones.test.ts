import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import {
  UPLOAD_MAX_BYTES,
  voiceCloneSchema,
  voiceListAnswerSchema,
  voiceMessages,
  type VoiceClone,
} from '@reelcraft/contract';
import { generations, studioJobs, voiceClones } from '../../../src/db-schema';
import { measureSpeech } from '../../../src/media/speech-analysis';
import { decodeWav } from '../../../src/media/wav';
import { apiClient, formData, type ApiClient } from '../../helpers/api-client';
import { describeEachDatabase } from '../../helpers/each-database';
import type { TestServer } from '../../helpers/test-platform';
import { createUserWithToken } from '../../helpers/users';
import { testImage } from '../../fixtures/test-images';
import { silentAudio, withMatroskaDuration } from '../../fixtures/lying-audio';

const SAMPLE_TEXT =
  'Hello there. This is my own voice, recorded for a short video about our new product. I hope you like it.';

async function signedIn(server: TestServer) {
  const { user, token } = await createUserWithToken(server.platform);
  return { user, api: apiClient(server, token) };
}

/** A spoken sample: the deep built-in voice stands in for a user's recording. */
async function speechSample(server: TestServer): Promise<Buffer> {
  return (await server.providers.speech.synthesize({ text: SAMPLE_TEXT, voiceId: 'adam' })).audio;
}

const cloneForm = (
  fields: Record<string, string>,
  audio?: { data: Buffer; filename: string; type: string },
) => formData(fields, audio ? [{ name: 'audio_file', ...audio }] : []);

async function fetchAudio(server: TestServer, url: string): Promise<Buffer> {
  const { pathname, search } = new URL(url, server.baseUrl);
  const answer = await fetch(`${server.baseUrl}${pathname}${search}`);
  expect(answer.status).toBe(200);
  return Buffer.from(await answer.arrayBuffer());
}

const pitchOf = (wav: Buffer) => measureSpeech(decodeWav(wav)).medianPitchHz ?? 0;

async function makeClone(server: TestServer, api: ApiClient, name = 'My narrator'): Promise<VoiceClone> {
  const answer = await api.postForm(
    '/elevenlabs/voice-clone',
    cloneForm(
      { name, description: 'Warm and low', labels: JSON.stringify({ accent: 'british' }) },
      { data: await speechSample(server), filename: 'me.wav', type: 'audio/wav' },
    ),
  );
  expect(answer.status).toBe(201);
  return voiceCloneSchema.parse(answer.json());
}

describeEachDatabase('voice clones', { listen: true, work: false }, (server) => {
  it('clones a voice from a sample; it is listed, previewed and spoken for its owner alone', async () => {
    const owner = await signedIn(server());
    const other = await signedIn(server());
    const clone = await makeClone(server(), owner.api);
    expect(clone).toMatchObject({
      name: 'My narrator',
      status: 'ready',
      voice_id: expect.stringMatching(/^clone-/),
    });
    expect(clone.message).toMatch(/Hz average pitch/);

    const listed = voiceListAnswerSchema.parse((await owner.api.get('/elevenlabs/voices')).json());
    const asVoice = listed.voices.find((voice) => voice.id === clone.voice_id);
    expect(asVoice).toMatchObject({
      category: 'cloned',
      gender: 'male',
      accent: 'british',
      description: 'Warm and low',
    });
    expect(listed.voices.filter((voice) => voice.category === 'premade')).toHaveLength(8);
    const personal = voiceListAnswerSchema.parse(
      (await owner.api.get('/elevenlabs/voices?voice_type=personal')).json(),
    );
    expect(personal.voices.map((voice) => voice.id)).toEqual([clone.voice_id]);
    expect(
      voiceListAnswerSchema
        .parse((await other.api.get('/elevenlabs/voices')).json())
        .voices.some((voice) => voice.category === 'cloned'),
    ).toBe(false);

    expect((await owner.api.get('/elevenlabs/voice-clones')).json()).toEqual({ voice_clones: [clone] });
    expect((await other.api.get('/elevenlabs/voice-clones')).json()).toEqual({ voice_clones: [] });

    // The clone speaks a typed sentence near the sample's pitch; a stranger cannot use it.
    const said = await owner.api.postJson(`/elevenlabs/voices/${clone.voice_id}/preview`, {
      text: 'This is how I sound in your videos.',
    });
    expect(said.status).toBe(200);
    const { audio_url, duration_seconds } = said.json<{ audio_url: string; duration_seconds: number }>();
    expect(duration_seconds).toBeGreaterThan(1);
    const ratio = pitchOf(await fetchAudio(server(), audio_url)) / pitchOf(await speechSample(server()));
    expect(ratio).toBeGreaterThan(0.8);
    expect(ratio).toBeLessThan(1.25);
    const stranger = await other.api.postJson(`/elevenlabs/voices/${clone.voice_id}/preview`, { text: 'Hi' });
    expect(stranger.status).toBe(404);
    expect(stranger.json()).toMatchObject({ detail: voiceMessages.voiceNotFound });
    expect((await owner.api.postJson('/elevenlabs/voices/adam/preview', { text: '  ' })).status).toBe(422);
    expect((await owner.api.postJson('/elevenlabs/voices/nobody/preview', { text: 'Hi' })).status).toBe(404);
  });

  it('uses a clone in a studio voiceover, and refuses another user’s clone there', async () => {
    const owner = await signedIn(server());
    const other = await signedIn(server());
    const clone = await makeClone(server(), owner.api);
    const photo = await testImage('jpeg', 640, 480);
    const uploaded = await owner.api.postForm(
      '/upload/signed-url',
      formData({ source: 'ai-studio' }, [
        { name: 'files', data: photo, filename: 'a.jpg', type: 'image/jpeg' },
      ]),
    );
    const subject = uploaded.json<{ images: { gcs_uri: string }[] }>().images[0]!.gcs_uri;
    const created = await owner.api.postJson('/studio/veo/jobs', {
      prompt: 'A mug',
      subject_refs: [subject],
    });
    expect(created.status).toBe(201);
    const jobId = created.json<{ job_id: string }>().job_id;
    // No worker runs here: the job is put where a chosen candidate leaves it.
    await server()
      .platform.database.orm.update(studioJobs)
      .set({ status: 'VIDEO_READY' })
      .where(eq(studioJobs.id, jobId));

    const narrated = await owner.api.postJson(`/studio/veo/jobs/${jobId}/voiceover`, {
      text: 'Meet the mug that keeps your coffee warm.',
      voice_id: clone.voice_id,
    });
    expect(narrated.status).toBe(200);
    const voiceover = await fetchAudio(
      server(),
      narrated.json<{ voiceover_audio_url: string }>().voiceover_audio_url,
    );
    const ratio = pitchOf(voiceover) / pitchOf(await speechSample(server()));
    expect(ratio).toBeGreaterThan(0.8);
    expect(ratio).toBeLessThan(1.25);

    const otherClone = await makeClone(server(), other.api, 'Not yours');
    const refused = await owner.api.postJson(`/studio/veo/jobs/${jobId}/voiceover`, {
      text: 'Again.',
      voice_id: otherClone.voice_id,
    });
    expect(refused.status).toBe(400);
    expect(refused.json()).toMatchObject({ detail: voiceMessages.voiceNotFound });
  });

  it("narrates an image-to-video storyboard with a saved clone; not another user's", async () => {
    const owner = await signedIn(server());
    const other = await signedIn(server());
    const clone = await makeClone(server(), owner.api);
    const photo = {
      name: 'files',
      data: await testImage('jpeg', 640, 480),
      filename: 'a.jpg',
      type: 'image/jpeg',
    };
    const started = await owner.api.postForm(
      '/image-to-video/sessions',
      formData({ prompt: 'A mug on a table', voice_clone_id: clone.voice_id }, [photo]),
    );
    expect(started.status).toBe(201);
    const sessionId = started.json<{ session_id: string }>().session_id;
    const [generation] = await server()
      .platform.database.orm.select()
      .from(generations)
      .where(eq(generations.sessionId, sessionId));
    // The clone speaks the storyboard's narration (issue 31); its recording is not played back.
    const input = generation!.input as {
      voiceSampleUri: string | null;
      storyboard: { content: { voice_id: string } };
    };
    expect(input.voiceSampleUri).toBeNull();
    expect(input.storyboard.content.voice_id).toBe(clone.voice_id);
    const refused = await other.api.postForm(
      '/image-to-video/sessions',
      formData({ prompt: 'A mug', voice_clone_id: clone.voice_id }, [photo]),
    );
    expect(refused.status).toBe(400);
    expect(refused.json()).toMatchObject({ detail: voiceMessages.cloneNotFound });
  });

  it('refuses bad samples with the spec texts and keeps nothing of them', async () => {
    const { user, api } = await signedIn(server());
    const speech = await speechSample(server());
    const wav = { data: speech, filename: 'me.wav', type: 'audio/wav' };

    const noName = await api.postForm('/elevenlabs/voice-clone', cloneForm({}, wav));
    expect(noName.status).toBe(400);
    expect(noName.json()).toMatchObject({ detail: voiceMessages.cloneInvalid });
    const noFile = await api.postForm('/elevenlabs/voice-clone', cloneForm({ name: 'x' }));
    expect(noFile.status).toBe(400);
    expect(noFile.json()).toMatchObject({ detail: voiceMessages.cloneInvalid });

    // Named audio, but an image inside: the type is read from the bytes.
    const image = await api.postForm(
      '/elevenlabs/voice-clone',
      cloneForm({ name: 'x' }, { data: await testImage('png'), filename: 'me.wav', type: 'audio/wav' }),
    );
    expect(image.status).toBe(422);
    expect(image.json()).toMatchObject({ detail: voiceMessages.cloneUnsupportedFormat });

    const huge = Buffer.concat([speech, Buffer.alloc(UPLOAD_MAX_BYTES)]);
    const tooLarge = await api.postForm(
      '/elevenlabs/voice-clone',
      cloneForm({ name: 'x' }, { data: huge, filename: 'me.wav', type: 'audio/wav' }),
    );
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.json()).toMatchObject({ detail: voiceMessages.cloneTooLarge });

    // 400 s of Opus whose WebM Duration claims 5 s: the length is what decodes (issue 37).
    const lying = withMatroskaDuration(await silentAudio('webm', 400), 5);
    const tooLong = await api.postForm(
      '/elevenlabs/voice-clone',
      cloneForm({ name: 'x' }, { data: lying, filename: 'me.webm', type: 'audio/webm' }),
    );
    expect(tooLong.status).toBe(422);
    expect(tooLong.json()).toEqual({
      detail: `${voiceMessages.cloneUnsupportedFormat} The audio is too long (at most 300 seconds).`,
    });

    // Real WAV, but no speech in it: a second of silence.
    const silence = Buffer.from(speech.subarray(0, 44 + 44_100 * 2));
    silence.fill(0, 44);
    silence.writeUInt32LE(silence.length - 8, 4);
    silence.writeUInt32LE(silence.length - 44, 40);
    const mute = await api.postForm(
      '/elevenlabs/voice-clone',
      cloneForm({ name: 'x' }, { data: silence, filename: 'me.wav', type: 'audio/wav' }),
    );
    expect(mute.status).toBe(400);
    expect(mute.json<{ detail: string }>().detail).toContain(voiceMessages.cloneInvalid);

    expect(
      (await apiClient(server()).postForm('/elevenlabs/voice-clone', cloneForm({ name: 'x' }, wav))).status,
    ).toBe(401);
    const rows = await server()
      .platform.database.orm.select()
      .from(voiceClones)
      .where(eq(voiceClones.userId, user.id));
    expect(rows).toEqual([]);
  });

  it('deletes a clone with its sample; another user gets 404', async () => {
    const owner = await signedIn(server());
    const other = await signedIn(server());
    const clone = await makeClone(server(), owner.api);
    const [row] = await server()
      .platform.database.orm.select()
      .from(voiceClones)
      .where(eq(voiceClones.id, clone.voice_id));
    expect(await server().platform.storage.exists(row!.sampleKey)).toBe(true);

    const foreign = await other.api.request('DELETE', `/elevenlabs/voice-clone/${clone.voice_id}`);
    expect(foreign.status).toBe(404);
    expect(foreign.json()).toMatchObject({ detail: voiceMessages.cloneNotFound });
    const deleted = await owner.api.request('DELETE', `/elevenlabs/voice-clone/${clone.voice_id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.json()).toMatchObject({ voice_id: clone.voice_id, deleted_at: expect.any(String) });
    expect(await server().platform.storage.exists(row!.sampleKey)).toBe(false);
    expect((await owner.api.get('/elevenlabs/voice-clones')).json()).toEqual({ voice_clones: [] });
    expect((await owner.api.request('DELETE', `/elevenlabs/voice-clone/${clone.voice_id}`)).status).toBe(404);
  });
});
