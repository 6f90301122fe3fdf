import { chatMessages, chatResponseSchema, type ChatResponse } from '@reelcraft/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { generations } from '../../../src/db-schema';
import { CHAT_TOOL_DEFINITIONS } from '../../../src/modules/chat';
import { createOpenAiTextProvider } from '../../../src/providers/cloud/openai-text-provider';
import { apiClient } from '../../helpers/api-client';
import { describeEachDatabase } from '../../helpers/each-database';
import type { TestServer } from '../../helpers/test-platform';
import { storyboardRendered } from '../../helpers/storyboards';
import { createUserWithToken } from '../../helpers/users';
import { sendJson, startFakeVendor, type FakeVendor, type Received } from '../../providers/fake-vendor';

// An OpenAI-compatible server that plays a model using function calling: it reads the conversation
// it is sent and asks for tools, then answers from the tool results the product sent back.
let vendor: FakeVendor;
let failing = false;

interface WireMessage {
  role: string;
  content: string | null;
  tool_calls?: { id: string; function: { name: string; arguments: string } }[];
  tool_call_id?: string;
}

const callTool = (name: string, args: Record<string, unknown> = {}) => ({
  role: 'assistant',
  content: null,
  tool_calls: [{ id: `call_${name}`, type: 'function', function: { name, arguments: JSON.stringify(args) } }],
});

const LIGHTHOUSE_PROMPT =
  'A lighthouse on a rocky cliff in a violent storm, huge waves crashing, slow aerial drone shot circling, ' +
  'moody blue light with lightning flashes, cinematic.';

function playModel(request: Received) {
  const messages = request.json().messages as WireMessage[];
  const last = messages.at(-1)!;
  if (last.role === 'tool') {
    const call = messages.findLast((message) => message.tool_calls)!.tool_calls![0]!;
    const result = JSON.parse(last.content ?? '{}');
    if (result.error) return { role: 'assistant', content: `I cannot do that: ${result.error}` };
    switch (call.function.name) {
      case 'get_quota':
        return {
          role: 'assistant',
          content: `You have ${result.remaining_videos} videos left on the ${result.plan} plan.`,
        };
      case 'propose_video':
        return {
          role: 'assistant',
          content: `Here is my idea (${result.duration_seconds} s): "${result.prompt}" Shall I create it?`,
        };
      case 'start_video':
        return {
          role: 'assistant',
          content: result.already_started ? 'That video is already on its way.' : 'Your video is on its way.',
        };
      case 'search_help':
        return { role: 'assistant', content: result.found === false ? 'I do not know.' : result[0].answer };
      default:
        return { role: 'assistant', content: JSON.stringify(result) };
    }
  }
  const text = last.content ?? '';
  if (/left/.test(text)) return callTool('get_quota');
  if (/lighthouse/.test(text)) {
    return callTool('propose_video', {
      subject: 'a lighthouse in a storm',
      prompt: LIGHTHOUSE_PROMPT,
      duration_seconds: 15,
    });
  }
  if (/30 seconds/.test(text)) {
    return callTool('propose_video', {
      subject: 'a lighthouse in a storm',
      prompt: LIGHTHOUSE_PROMPT,
      duration_seconds: 30,
      aspect: '9:16',
    });
  }
  if (/^(yes|start)/i.test(text)) return callTool('start_video');
  if (/private/.test(text)) return callTool('search_help', { query: text });
  return { role: 'assistant', content: 'Hello! How can I help?' };
}

beforeAll(async () => {
  vendor = await startFakeVendor();
  vendor.on('POST /v1/chat/completions', (request, response) => {
    if (failing) return sendJson(response, 500, { error: { message: 'overloaded' } });
    sendJson(response, 200, {
      id: `chatcmpl-${vendor.received.length}`,
      choices: [{ message: playModel(request), finish_reason: 'stop' }],
      usage: { total_tokens: 42 },
    });
  });
});
afterAll(() => vendor.close());
beforeEach(() => {
  failing = false;
});

async function signedIn(server: TestServer) {
  const { user, token } = await createUserWithToken(server.platform);
  const api = apiClient(server, token);
  const { session_id } = (await api.postJson('/chat/sessions', {})).json<{ session_id: string }>();
  const say = async (message: string): Promise<ChatResponse> => {
    const answer = await api.postJson('/chat/chat', { message, session_id });
    expect(answer.status, answer.body.toString()).toBe(200);
    return chatResponseSchema.parse(answer.json());
  };
  return { user, api, sessionId: session_id, say };
}

const generationsOf = (server: TestServer, userId: string) =>
  server.platform.database.orm.select().from(generations).where(eq(generations.userId, userId));

describeEachDatabase(
  'the chat assistant with a language model (TEXT_PROVIDER=openai)',
  {
    work: false,
    listen: true,
    providers: (shared) => ({
      ...shared,
      text: createOpenAiTextProvider({
        settings: {
          baseUrl: `${vendor.url}/v1`,
          apiKey: 'sk-test',
          model: 'gpt-test',
          retries: 0,
          backoffMs: 1,
        },
      }),
    }),
  },
  (server) => {
    it('offers the tools and answers from the account through them', async () => {
      const { api, say } = await signedIn(server());
      const before = vendor.received.length;
      const answer = await say('How many videos do I have left?');
      const { remaining_videos } = (await api.get('/user/video-count')).json<{ remaining_videos: number }>();
      expect(answer).toMatchObject({
        response: `You have ${remaining_videos} videos left on the Free plan.`,
        intent: 'quota',
        confidence: null,
        enhanced_prompt: null,
        metadata: { tools: ['get_quota'], quota: { remaining_videos } },
      });
      const [first, second] = vendor.received.slice(before);
      expect(first!.headers.authorization).toBe('Bearer sk-test');
      const sent = first!.json();
      expect(sent.model).toBe('gpt-test');
      expect(sent.tools.map((tool: { function: { name: string } }) => tool.function.name)).toEqual(
        CHAT_TOOL_DEFINITIONS.map((tool) => tool.name),
      );
      expect(sent.tools.map((tool: { function: { name: string } }) => tool.function.name)).toEqual(
        expect.arrayContaining([
          'get_quota',
          'get_video_status',
          'list_projects',
          'search_help',
          'propose_video',
          'start_video',
        ]),
      );
      expect(sent.messages[0].role).toBe('system');
      // The tool's result went back to the model as a tool message answering its call.
      const toolMessage = second!.json().messages.at(-1);
      expect(toolMessage).toMatchObject({ role: 'tool', tool_call_id: 'call_get_quota' });
      expect(JSON.parse(toolMessage.content)).toMatchObject({ remaining_videos, plan: 'Free' });
    });

    it('proposes, follows a change and starts exactly one video once confirmed', async () => {
      const { user, say } = await signedIn(server());
      // A start before any proposal is refused to the model.
      const early = await say('start the video now');
      expect(early.response).toMatch(/^I cannot do that: Nothing to start/);
      expect(await generationsOf(server(), user.id)).toEqual([]);

      const proposed = await say('make me a video of a lighthouse in a storm');
      expect(proposed).toMatchObject({ intent: 'create_video', enhanced_prompt: LIGHTHOUSE_PROMPT });
      const changed = await say('make it 30 seconds and vertical');
      expect(changed.metadata.proposal).toMatchObject({ duration_seconds: 30, aspect: '9:16' });
      expect(changed.response).toContain('(30 s)');

      const started = await say('yes please');
      expect(started.intent).toBe('start_video');
      const videoSessionId = started.metadata.video_session_id;
      expect(videoSessionId).toEqual((changed.metadata.proposal as { id: string }).id);
      expect(started.response).toBe('Your video is on its way.');
      const again = await say('yes, start it');
      expect(again.metadata.video_session_id).toBe(videoSessionId);
      expect(again.response).toBe('That video is already on its way.');
      const rows = await generationsOf(server(), user.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ sessionId: videoSessionId });
      expect(await storyboardRendered(server(), rows[0]!)).toMatchObject({
        prompt: LIGHTHOUSE_PROMPT,
        aspect: '9:16',
      });
    });

    it('answers a failing model with the spec text, and the connection test says so', async () => {
      const { api, sessionId, say } = await signedIn(server());
      expect((await say('is my data private?')).metadata.sources).toEqual(
        expect.arrayContaining([{ id: 'privacy', title: 'Privacy of your videos and data' }]),
      );
      expect((await api.postJson('/chat/test', {})).json()).toMatchObject({ status: 'ok' });
      failing = true;
      const failed = await api.postJson('/chat/chat', { message: 'hello', session_id: sessionId });
      expect(failed.status).toBe(500);
      expect(failed.json()).toEqual({ detail: chatMessages.processingError });
      const test = (await api.postJson('/chat/test', {})).json<{ status: string; message: string }>();
      expect(test.status).toBe('error');
      expect(test.message).toMatch(/^The assistant's language model is not reachable/);
      // The failed message was not stored.
      const history = (await api.get(`/chat/sessions/${sessionId}/history`)).json<{ messages: unknown[] }>();
      expect(history.messages).toHaveLength(2);
    });
  },
);
