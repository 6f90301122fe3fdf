import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { voiceCloneSchema, voiceMessages, type VoiceClone } from '@reelcraft/contract';
import { studioJobs } from '../../../src/db-schema';
import { apiClient, formData, type ApiClient } from '../../helpers/api-client';
import { describeEachDatabase } from '../../helpers/each-database';
import type { TestServer } from '../../helpers/test-platform';
import { createUserWithToken } from '../../helpers/users';

const JOB = '/studio/veo/jobs';
const PROMPT = 'A red ceramic mug on a wooden table, steam rising';

async function signedIn(server: TestServer) {
  const { user, token } = await createUserWithToken(server.platform);
  return { user, api: apiClient(server, token) };
}

/** A clone of the user's voice, from a spoken sample (a built-in voice stands in for a recording). */
async function makeClone(server: TestServer, api: ApiClient): Promise<VoiceClone> {
  const sample = await server.providers.speech.synthesize({
    text: 'Hello there. This is my own voice, recorded for a short video about our new product.',
    voiceId: 'adam',
  });
  const answer = await api.postForm(
    '/elevenlabs/voice-clone',
    formData({ name: 'My narrator' }, [
      { name: 'audio_file', data: sample.audio, filename: 'me.wav', type: 'audio/wav' },
    ]),
  );
  expect(answer.status).toBe(201);
  return voiceCloneSchema.parse(answer.json());
}

async function remainingVideos(api: ApiClient): Promise<number> {
  return (await api.get('/user/video-count')).json<{ remaining_videos: number }>().remaining_videos;
}

// No worker: only the creation call is under test.
describeEachDatabase('the voice of a new studio job', { work: false, listen: true }, (server) => {
  it("refuses another user's clone with 'Voice not found', and takes the caller's own", async () => {
    const owner = await signedIn(server());
    const stranger = await signedIn(server());
    const clone = await makeClone(server(), owner.api);
    const before = await remainingVideos(stranger.api);

    const refused = await stranger.api.postJson(JOB, { prompt: PROMPT, voice_id: clone.voice_id });
    expect(refused.status).toBe(400);
    expect(refused.json()).toEqual({ detail: voiceMessages.voiceNotFound });
    // Nothing was started: no job, no video taken from the quota.
    expect(await remainingVideos(stranger.api)).toBe(before);
    const strangersJobs = await server()
      .platform.database.orm.select()
      .from(studioJobs)
      .where(eq(studioJobs.userId, stranger.user.id));
    expect(strangersJobs).toEqual([]);

    const unknown = await owner.api.postJson(JOB, { prompt: PROMPT, voice_id: 'clone-not-a-voice' });
    expect(unknown.status).toBe(400);
    expect(unknown.json()).toEqual({ detail: voiceMessages.voiceNotFound });

    for (const voiceId of [clone.voice_id, 'adam']) {
      const created = await owner.api.postJson(JOB, { prompt: PROMPT, voice_id: voiceId });
      expect(created.status, voiceId).toBe(201);
    }
  });
});
