import { expect, it } from 'vitest';
import { FALLBACK_VOICE_IDS, voiceListAnswerSchema } from '@reelcraft/contract';
import { apiClient } from '../../helpers/api-client';
import { describeEachDatabase } from '../../helpers/each-database';
import { createUserWithToken } from '../../helpers/users';

describeEachDatabase('the voice list', { listen: true, work: false }, (server) => {
  it('lists the offline voices by name, each with a playable preview made once', async () => {
    const { token } = await createUserWithToken(server().platform);
    const api = apiClient(server(), token);
    const answer = await api.get('/elevenlabs/voices');
    expect(answer.status).toBe(200);
    const list = voiceListAnswerSchema.parse(answer.json());
    expect(list.voices.map((voice) => voice.id)).toEqual(expect.arrayContaining([...FALLBACK_VOICE_IDS]));
    const names = list.voices.map((voice) => voice.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(list).toMatchObject({ total_count: list.voices.length, has_more: false });
    const adam = list.voices.find((voice) => voice.id === 'adam')!;
    expect(adam.gender).toBe('male');
    const { pathname, search } = new URL(adam.preview_url!, server().baseUrl);
    const preview = await fetch(`${server().baseUrl}${pathname}${search}`);
    expect(preview.status).toBe(200);
    expect(preview.headers.get('content-type')).toBe('audio/wav');
    expect((await preview.arrayBuffer()).byteLength).toBeGreaterThan(10_000);

    const paged = voiceListAnswerSchema.parse(
      (await api.get('/elevenlabs/voices?page_size=3&sort_direction=desc')).json(),
    );
    expect(paged.voices).toHaveLength(3);
    expect(paged).toMatchObject({ total_count: list.total_count, has_more: true });
    expect(paged.voices.map((voice) => voice.name)).toEqual([...names].reverse().slice(0, 3));
    expect((await apiClient(server()).get('/elevenlabs/voices')).status).toBe(401);
    expect((await api.get('/elevenlabs/voices?page_size=0')).status).toBe(422);
  });
});
