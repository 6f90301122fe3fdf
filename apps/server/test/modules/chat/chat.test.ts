import fs from 'node:fs/promises';
import path from 'node:path';
import {
  chatMessages,
  chatResponseSchema,
  chatSessionSummarySchema,
  generationGateMessages,
  getChatHistory,
  type ChatResponse,
} from '@reelcraft/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { z } from 'zod';
import { generations } from '../../../src/db-schema';
import type { Providers, StoryboardVideoRequest } from '../../../src/providers';
import { apiClient, type ApiClient } from '../../helpers/api-client';
import { describeEachDatabase } from '../../helpers/each-database';
import { waitFor } from '../../helpers/processes';
import { makeTempDir, type TestServer } from '../../helpers/test-platform';
import { storyboardRendered } from '../../helpers/storyboards';
import { createUserWithToken } from '../../helpers/users';
import { makeSampleMp4 } from '../../providers/fake-vendor';

async function signedIn(server: TestServer) {
  const { user, token } = await createUserWithToken(server.platform);
  const api = apiClient(server, token);
  const session = await api.postJson('/chat/sessions', {});
  expect(session.status).toBe(201);
  const { session_id } = session.json<{ session_id: string }>();
  const say = async (message: string, sessionId = session_id): Promise<ChatResponse> => {
    const answer = await api.postJson('/chat/chat', { message, session_id: sessionId });
    expect(answer.status, answer.body.toString()).toBe(200);
    return chatResponseSchema.parse(answer.json());
  };
  return { user, token, api, sessionId: session_id, say };
}

async function videoCount(api: ApiClient) {
  return (await api.get('/user/video-count')).json<{ remaining_videos: number; max_videos: number }>();
}

async function generationsOf(server: TestServer, userId: string) {
  return server.platform.database.orm.select().from(generations).where(eq(generations.userId, userId));
}

const proposalOf = (answer: ChatResponse) =>
  answer.metadata.proposal as {
    id: string;
    status: string;
    prompt: string;
    duration_seconds: number;
    aspect: string;
    style: string | null;
  };

// The calls and the assistant's answers: videos are queued but nothing renders.
describeEachDatabase('chat calls', { work: false, listen: true }, (server) => {
  it('creates, lists, reads and deletes sessions', async () => {
    const { api, sessionId, say } = await signedIn(server());
    const second = (await api.postJson('/chat/sessions', {})).json<{
      session_id: string;
      created_at: string;
    }>();
    expect(second.session_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(second.created_at)).not.toBeNaN();

    await say('hello');
    await say('How many videos do I have left?');
    const list = await api.get('/chat/sessions');
    expect(list.status, list.body.toString()).toBe(200);
    const listed = z.array(chatSessionSummarySchema).parse(list.json());
    // The one just used comes first; the new one has no message yet.
    expect(listed.map((session) => session.session_id)).toEqual([sessionId, second.session_id]);
    expect(listed[0]).toMatchObject({ message_count: 4, last_message_at: expect.any(String) });
    expect(listed[1]).toMatchObject({ message_count: 0, last_message_at: null });

    const history = await api.get(`/chat/sessions/${sessionId}/history`);
    expect(history.status).toBe(200);
    const { messages } = getChatHistory.response.parse(history.json());
    expect(messages.map((message) => [message.role, message.intent])).toEqual([
      ['user', 'greeting'],
      ['assistant', 'greeting'],
      ['user', 'quota'],
      ['assistant', 'quota'],
    ]);
    expect(messages[0]?.content).toBe('hello');
    const times = messages.map((message) => Date.parse(message.timestamp));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(messages[3]?.confidence).toBeGreaterThan(0.5);
    expect(messages[3]?.metadata).toHaveProperty('quota');

    const deleted = await api.request('DELETE', `/chat/sessions/${sessionId}`);
    expect(deleted.status).toBe(200);
    expect(deleted.json()).toMatchObject({ id: sessionId, deleted_at: expect.any(String) });
    for (const answer of [
      await api.get(`/chat/sessions/${sessionId}/history`),
      await api.request('DELETE', `/chat/sessions/${sessionId}`),
      await api.postJson('/chat/chat', { message: 'hi', session_id: sessionId }),
    ]) {
      expect(answer.status).toBe(404);
      expect(answer.json()).toEqual({ detail: chatMessages.sessionNotFound });
    }
    expect((await api.get('/chat/sessions')).json()).toEqual([
      expect.objectContaining({ session_id: second.session_id }),
    ]);
  });

  it('refuses a missing or bad token, an empty message and a missing session with the spec texts', async () => {
    const { sessionId } = await signedIn(server());
    for (const token of [undefined, 'not-a-token']) {
      const stranger = apiClient(server(), token);
      for (const answer of [
        await stranger.postJson('/chat/sessions', {}),
        await stranger.get('/chat/sessions'),
        await stranger.get(`/chat/sessions/${sessionId}/history`),
        await stranger.request('DELETE', `/chat/sessions/${sessionId}`),
        await stranger.postJson('/chat/chat', { message: 'hi', session_id: sessionId }),
        await stranger.postJson('/chat/test', {}),
      ]) {
        expect(answer.status).toBe(401);
        expect(answer.json()).toEqual({ detail: chatMessages.invalidToken });
      }
    }
    const { api } = await signedIn(server());
    const empty = await api.postJson('/chat/chat', { message: '   ', session_id: sessionId });
    expect(empty.status).toBe(422);
    expect(empty.json<{ detail: { msg: string }[] }>().detail.map((issue) => issue.msg)).toContain(
      chatMessages.emptyMessage,
    );
    const noSession = await api.postJson('/chat/chat', { message: 'hi', session_id: '' });
    expect(noSession.status).toBe(422);
    expect(noSession.json<{ detail: { msg: string }[] }>().detail.map((issue) => issue.msg)).toContain(
      chatMessages.noActiveSession,
    );
    const unknown = await api.postJson('/chat/chat', { message: 'hi', session_id: 'no-such-session' });
    expect(unknown.status).toBe(404);
    expect(unknown.json()).toEqual({ detail: chatMessages.sessionNotFound });
  });

  it('keeps every conversation to its owner', async () => {
    const owner = await signedIn(server());
    await owner.say('make me a 15 second video of a lighthouse in a storm');
    const other = await signedIn(server());
    const trespass = [
      await other.api.get(`/chat/sessions/${owner.sessionId}/history`),
      await other.api.request('DELETE', `/chat/sessions/${owner.sessionId}`),
      await other.api.postJson('/chat/chat', { message: 'yes', session_id: owner.sessionId }),
    ];
    for (const answer of trespass) {
      expect(answer.status).toBe(404);
      expect(answer.json()).toEqual({ detail: chatMessages.sessionNotFound });
    }
    // Nothing was started or stored by the attempts, and the lists are apart.
    expect(await generationsOf(server(), owner.user.id)).toEqual([]);
    expect((await owner.api.get(`/chat/sessions/${owner.sessionId}/history`)).json()).toMatchObject({
      messages: [expect.anything(), expect.anything()],
    });
    const listed = (await other.api.get('/chat/sessions')).json<{ session_id: string }[]>();
    expect(listed.map((session) => session.session_id)).toEqual([other.sessionId]);
    // Another user's videos are not reported either.
    await owner.api.postJson('/text-to-video/sessions', { prompt: 'A secret garden at dawn', duration: 15 });
    const status = await other.say('is my video ready?');
    expect(status.response).toBe('You have no videos yet. Tell me what you would like, and I will make one.');
    expect(status.response).not.toContain('secret');
  });

  it('answers quota questions with the numbers of /user/video-count', async () => {
    const { api, say } = await signedIn(server());
    const before = await videoCount(api);
    const first = await say('How many videos do I have left?');
    expect(first.intent).toBe('quota');
    expect(first.response).toContain(`${before.remaining_videos} of ${before.max_videos} videos left`);
    expect(first.response).toContain('Free plan');
    expect(first.metadata.quota).toMatchObject({ remaining_videos: before.remaining_videos, plan: 'Free' });

    await api.postJson('/text-to-video/sessions', { prompt: 'A quiet harbour at night', duration: 15 });
    const after = await videoCount(api);
    expect(after.remaining_videos).toBe(before.remaining_videos - 1);
    const second = await say('what plan am I on?');
    expect(second.response).toContain(`${after.remaining_videos} of ${after.max_videos} videos left`);
    expect(second.response).toContain('(1 used)');
  });

  it('turns a request into a proposal, changes it on a follow-up and starts exactly one video on yes', async () => {
    const { user, api, say } = await signedIn(server());
    const before = await videoCount(api);

    const proposed = await say('make me a 15 second video of a lighthouse in a storm');
    expect(proposed.intent).toBe('create_video');
    expect(proposed.enhanced_prompt).toMatch(/^A lighthouse in a storm/);
    expect(proposed.response).toMatch(
      /^Here is my proposal: a 15 s, 16:9 landscape video of a lighthouse in a storm, .* Shall I create it\?/,
    );
    expect(proposalOf(proposed)).toMatchObject({ status: 'proposed', duration_seconds: 15, aspect: '16:9' });

    const longer = await say('make it 30 seconds instead');
    expect(longer.intent).toBe('create_video');
    expect(longer.response).toContain('now 30 seconds');
    expect(proposalOf(longer)).toMatchObject({ id: proposalOf(proposed).id, duration_seconds: 30 });
    expect(longer.enhanced_prompt).toBe(proposed.enhanced_prompt);

    const vertical = await say('vertical, in anime style');
    expect(proposalOf(vertical)).toMatchObject({ duration_seconds: 30, aspect: '9:16', style: 'anime' });
    expect(vertical.enhanced_prompt).toMatch(/^A lighthouse in a storm/);
    expect(vertical.enhanced_prompt).toContain('anime');
    // Nothing is started before the yes.
    expect(await generationsOf(server(), user.id)).toEqual([]);

    const started = await say('yes');
    expect(started.intent).toBe('start_video');
    const videoSessionId = started.metadata.video_session_id as string;
    expect(videoSessionId).toBe(proposalOf(vertical).id);
    const rows = await generationsOf(server(), user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'storyboard', sessionId: videoSessionId });
    // The video agreed is a storyboard of the prompt, shape and length agreed.
    const board = await storyboardRendered(server(), rows[0]!);
    expect(board).toMatchObject({ prompt: vertical.enhanced_prompt, aspect: '9:16' });
    expect(board.seconds).toBeGreaterThan(22);
    expect(board.seconds).toBeLessThan(38);
    expect((await videoCount(api)).remaining_videos).toBe(before.remaining_videos - 1);
    // The same session as the text-to-video screen follows.
    expect((await api.get(`/text-to-video/sessions/${videoSessionId}`)).json()).toMatchObject({
      status: 'processing',
    });

    for (const again of ['yes', 'go ahead']) {
      const repeated = await say(again);
      expect(repeated.intent).toBe('start_video');
      expect(repeated.metadata.video_session_id).toBe(videoSessionId);
      expect(repeated.response).toContain('did not start a second one');
    }
    expect(await generationsOf(server(), user.id)).toHaveLength(1);
    expect((await videoCount(api)).remaining_videos).toBe(before.remaining_videos - 1);

    const status = await say('is my video ready?');
    expect(status.intent).toBe('video_status');
    expect(status.metadata.video_session_id).toBe(videoSessionId);
    expect(status.response).toMatch(/is rendering: 0% \(Initializing\)/);
  });

  it('changes only what a follow-up names, keeps the subject, and renders the subject agreed', async () => {
    const { user, api, say } = await signedIn(server());
    const first = await say('a 30 second video of a cozy coffee shop on a rainy morning');
    expect(proposalOf(first)).toMatchObject({ status: 'proposed', duration_seconds: 30, aspect: '16:9' });

    const changed = await say(
      'Actually make it vertical for Reels, 15 seconds, and moodier with rain running down the windows',
    );
    expect(changed.intent).toBe('create_video');
    expect(proposalOf(changed)).toMatchObject({
      id: proposalOf(first).id,
      subject: 'a cozy coffee shop on a rainy morning',
      details: ['moodier with rain running down the windows'],
      duration_seconds: 15,
      aspect: '9:16',
    });
    expect(changed.response).toContain(
      'Here is my proposal: a 15 s, 9:16 vertical video of a cozy coffee shop on a rainy morning, moodier with ' +
        'rain running down the windows,',
    );
    expect(changed.response).toContain('now 15 seconds, now 9:16 vertical, added “moodier with rain');
    expect(changed.response).not.toMatch(/reels|,,/i);
    expect(changed.enhanced_prompt).toMatch(
      /^A cozy coffee shop on a rainy morning, moodier with rain running down the windows\b/,
    );
    expect(changed.enhanced_prompt).not.toMatch(/reels|,,/i);

    const started = await say('yes');
    const videoSessionId = started.metadata.video_session_id as string;
    expect(videoSessionId).toBe(proposalOf(changed).id);
    const [row] = await generationsOf(server(), user.id);
    expect(await storyboardRendered(server(), row!)).toMatchObject({
      prompt: changed.enhanced_prompt,
      aspect: '9:16',
    });
    // The storyboard the video renders from shows the coffee shop in the rain, read through the API.
    const { videos } = (await api.get('/videos')).json<{ videos: { storyboard_id: string | null }[] }>();
    const storyboardId = videos[0]?.storyboard_id;
    expect(storyboardId).toBeTruthy();
    const board = (await api.get(`/storyboards/${storyboardId}`)).json<{
      scenes: {
        narration: string;
        visual: { setting: string; weather: string; subjects: { kind: string; label: string }[] };
      }[];
    }>();
    for (const scene of board.scenes) {
      expect(scene.visual).toMatchObject({ setting: 'cafe', weather: 'rain' });
      expect(scene.narration).not.toMatch(/reels/i);
    }
    const shown = board.scenes.flatMap((scene) => scene.visual.subjects.map((subject) => subject.label));
    expect(shown.join(' ')).toMatch(/coffee|beverage|cup/i);
    expect(shown.join(' ')).not.toMatch(/\beye\b|mountain/i);
  });

  it('answers a how-to question with help, never with a proposal', async () => {
    const { user, say } = await signedIn(server());
    await say('a 30 second video of a cozy coffee shop on a rainy morning');
    const answer = await say('How do I make a video from my product photos?');
    expect(answer.intent).toBe('help');
    expect(answer.enhanced_prompt).toBeNull();
    expect(answer.metadata.proposal).toBeUndefined();
    expect(answer.metadata.sources).toEqual([{ id: 'image-to-video', title: 'Create Video from Images' }]);
    expect(answer.response).toMatch(/^Open Create Video from Images/);
    // The proposal that waited still waits, unchanged.
    const yes = await say('yes');
    expect(yes.intent).toBe('start_video');
    expect(proposalOf(yes)).toMatchObject({
      subject: 'a cozy coffee shop on a rainy morning',
      duration_seconds: 30,
    });
    expect(await generationsOf(server(), user.id)).toHaveLength(1);
  });

  it('answers cancelling and refunds with the billing help, not the quota', async () => {
    const { say } = await signedIn(server());
    const answer = await say('How do I cancel my subscription or get a refund?');
    expect(answer.intent).toBe('help');
    expect(answer.metadata.quota).toBeUndefined();
    expect(answer.metadata.sources).toEqual([
      { id: 'billing', title: 'Changing plan, cancelling and refunds' },
    ]);
    expect(answer.response).toContain('Subscription Plans (/subscription-plans)');
    expect(answer.response).toMatch(/refund/);
    expect(answer.response).toContain('Share Feedback');
    expect(answer.response).not.toMatch(/videos? left/);
    const change = await say('I want to change my plan');
    expect(change.metadata.sources).toEqual([
      { id: 'billing', title: 'Changing plan, cancelling and refunds' },
    ]);
  });

  it('points a change to the last video to its storyboard editor, and says what it cannot do', async () => {
    const { api, say } = await signedIn(server());
    expect((await say('Make the last video longer and add my logo')).response).toMatch(
      /^You have no videos yet/,
    );
    await say('make me a 15 second video of a lighthouse in a storm');
    const started = await say('yes');
    const { videos } = (await api.get('/videos')).json<{ videos: { id: string; storyboard_id: string }[] }>();

    const answer = await say('Make the last video longer and add my logo');
    expect(answer.intent).toBe('edit_video');
    expect(answer.metadata.projects).toBeUndefined();
    expect(answer.metadata.video_session_id).toBe(started.metadata.video_session_id);
    expect(answer.metadata.video).toMatchObject({
      video_id: videos[0]?.id,
      storyboard_id: videos[0]?.storyboard_id,
      edit_link: `/storyboards/${videos[0]?.storyboard_id}`,
    });
    const lines = answer.response.split('\n');
    expect(lines[0]).toBe(
      `Your last video “${(await api.get('/videos/recent-projects')).json<{ title: string }[]>()[0]?.title}” is ` +
        `made from a storyboard, and you change it in its editor: /storyboards/${videos[0]?.storyboard_id}`,
    );
    expect(answer.response).toContain('It is still rendering (0%)');
    expect(answer.response).toMatch(/^- Longer: add or duplicate scenes/m);
    expect(answer.response).toMatch(/^- Your logo: there is no logo overlay/m);
    expect(answer.response).not.toMatch(/latest project/);
  });

  it('declines, and asks for a subject when a request has none', async () => {
    const { user, say } = await signedIn(server());
    const vague = await say('make me a video');
    expect(vague.intent).toBe('create_video');
    expect(vague.enhanced_prompt).toBeNull();
    expect(vague.response).toMatch(/What should it show\?/);
    const filled = await say('a red fox running through fresh snow');
    expect(filled.enhanced_prompt).toMatch(/^A red fox running through fresh snow/);
    const declined = await say('no thanks');
    expect(declined.intent).toBe('cancel_video');
    const yes = await say('yes');
    expect(yes.response).toMatch(/no video waiting for a yes/);
    expect(await generationsOf(server(), user.id)).toEqual([]);
  });

  it('does not start a video past the quota, and says why', async () => {
    const { user, api, say } = await signedIn(server());
    const { remaining_videos } = await videoCount(api);
    for (let i = 0; i < remaining_videos; i += 1)
      await api.postJson('/text-to-video/sessions', { prompt: `A calm lake, take ${i}`, duration: 15 });
    const proposed = await say('create a video of a sunrise over the mountains');
    expect(proposed.response).toContain('You have no videos left');
    const refused = await say('yes');
    expect(refused.intent).toBe('start_video');
    expect(refused.response).toContain(generationGateMessages.noVideosRemaining);
    expect(refused.metadata.error).toBe(generationGateMessages.noVideosRemaining);
    expect(refused.metadata.video_session_id).toBeUndefined();
    expect(await generationsOf(server(), user.id)).toHaveLength(remaining_videos);
  });

  it('answers product questions from the help articles and says when it does not know', async () => {
    const { say } = await signedIn(server());
    const privacy = await say('Who can see my videos?');
    expect(privacy.intent).toBe('help');
    expect(privacy.metadata.sources).toEqual([{ id: 'privacy', title: 'Privacy of your videos and data' }]);
    expect(privacy.response).toMatch(/belong to your account only/);
    const formats = await say('how many photos can I put in one video?');
    expect(formats.response).toMatch(/up to 5 images/);
    const unknown = await say('What is the capital of France?');
    expect(unknown.response).toMatch(/^I do not know the answer to that one/);
    expect(unknown.metadata.sources).toBeUndefined();
    expect(unknown.confidence).toBeLessThanOrEqual(0.3);
    const plans = await say('What plans do you offer?');
    expect(plans.intent).toBe('plans');
    const offered = (await apiClient(server()).get('/subscriptions/plans')).json<{ name: string }[]>();
    for (const plan of offered) expect(plans.response).toContain(plan.name);
  });

  it('lists recent projects and finds a video by name', async () => {
    const { api, say } = await signedIn(server());
    expect((await say('show my recent projects')).response).toMatch(/no projects yet/);
    await api.postJson('/text-to-video/sessions', { prompt: 'Golden wheat field at sunset', duration: 15 });
    await api.postJson('/text-to-video/sessions', { prompt: 'Neon city streets in the rain', duration: 15 });
    const projects = await say('show my recent projects');
    expect(projects.intent).toBe('list_projects');
    expect(projects.response.split('\n').slice(1)).toEqual([
      expect.stringMatching(/^- Neon city streets in the rain \(rendering, 0%\): \/projects\?open=/),
      expect.stringMatching(/^- Golden wheat field at sunset \(rendering, 0%\): \/projects\?open=/),
    ]);
    const named = await say('how is the wheat field video going?');
    expect(named.intent).toBe('video_status');
    expect(named.response).toContain('Golden wheat field at sunset');
  });

  it('answers the connection test', async () => {
    const { api } = await signedIn(server());
    const answer = await api.postJson('/chat/test', {});
    expect(answer.status, answer.body.toString()).toBe(200);
    expect(answer.json()).toEqual({
      status: 'ok',
      message: 'The assistant is connected (built-in offline assistant).',
      timestamp: expect.any(String),
    });
  });
});

// A render that takes a moment instead of real ffmpeg work: the chat's video goes through the real
// runner, storage and library row, and the test sees what the renderer was asked.
const rendered: StoryboardVideoRequest[] = [];
const quickVideo = (shared: Providers): Providers => ({
  ...shared,
  video: {
    ...shared.video,
    fromStoryboard: async (request) => {
      rendered.push(request);
      const dir = makeTempDir('chat-render-');
      const file = path.join(dir, 'video.mp4');
      const thumbnail = path.join(dir, 'poster.jpg');
      await fs.writeFile(file, await makeSampleMp4(1, '180x320'));
      await sharp({ create: { width: 180, height: 320, channels: 3, background: '#224466' } })
        .jpeg()
        .toFile(thumbnail);
      return {
        path: file,
        contentType: 'video/mp4',
        thumbnailPath: thumbnail,
        durationSeconds: 1,
        width: 180,
        height: 320,
        fps: 24,
        fileSizeBytes: (await fs.stat(file)).size,
        seed: request.seed,
        scenes: [],
        captions: [],
        release: () => fs.rm(dir, { recursive: true, force: true }),
      };
    },
  },
});

describeEachDatabase('a video made from the chat', { listen: true, providers: quickVideo }, (server) => {
  it('renders with the shape and length agreed, and the chat reports its result link', async () => {
    const { api, say } = await signedIn(server());
    await say('a 30 second vertical video of waves crashing on black rocks');
    const started = await say('go ahead');
    const videoSessionId = started.metadata.video_session_id as string;
    await waitFor(
      async () => {
        const state = (await api.get(`/text-to-video/sessions/${videoSessionId}`)).json<{ status: string }>();
        return state.status === 'completed' ? state : undefined;
      },
      'the chat video to render',
      60_000,
    );
    const asked = rendered.at(-1)!.storyboard;
    expect(asked.aspect_ratio).toBe('9:16');
    expect(asked.scenes.reduce((sum, scene) => sum + scene.duration_seconds, 0)).toBeGreaterThan(22);
    const status = await say('is it ready?');
    const video = status.metadata.video as { video_id: string; video_url: string; status: string };
    expect(video.status).toBe('completed');
    expect(status.response).toBe(
      `Your video “${(await api.get(`/videos/recent-projects`)).json<{ title: string }[]>()[0]?.title}” is ready. ` +
        `Watch or download it in My Projects: /projects?open=${video.video_id}`,
    );
    const { pathname, search } = new URL(video.video_url);
    const file = await api.get(`${server().baseUrl}${pathname}${search}`);
    expect(file.status).toBe(200);
    expect(file.body.subarray(4, 8).toString()).toBe('ftyp');
  });
});
