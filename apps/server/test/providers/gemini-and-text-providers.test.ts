import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config';
import { PROMPT_CATEGORIES } from '../../src/providers';
import { createGeminiImageEnhancer } from '../../src/providers/cloud/gemini-image-enhancer';
import { createOpenAiTextProvider } from '../../src/providers/cloud/openai-text-provider';
import { ProviderError } from '../../src/providers/provider-error';
import { sendJson, startFakeVendor, type FakeVendor } from './fake-vendor';

let vendor: FakeVendor;
beforeEach(async () => {
  vendor = await startFakeVendor();
});
afterEach(() => vendor.close());

const image = (color: string) =>
  sharp({ create: { width: 80, height: 60, channels: 3, background: color } })
    .png()
    .toBuffer();

describe('Gemini image enhancement', () => {
  const enhancer = () =>
    createGeminiImageEnhancer({
      settings: { apiKey: 'g-key', model: 'gemini-2.5-flash-image', baseUrl: vendor.url, retries: 0 },
    });

  it('sends the image inline with the instruction and returns the edited image', async () => {
    const edited = await image('#ffffff');
    vendor.on('POST /v1beta/models/gemini-2.5-flash-image:generateContent', (_request, response) =>
      sendJson(response, 200, {
        candidates: [
          {
            content: {
              parts: [
                { text: 'Done.' },
                { inlineData: { mimeType: 'image/png', data: edited.toString('base64') } },
              ],
            },
          },
        ],
        responseId: 'resp-1',
      }),
    );
    const result = await enhancer().enhance({
      image: await image('#884422'),
      instruction: 'white background',
    });
    const request = vendor.received[0]!;
    expect(request.headers['x-goog-api-key']).toBe('g-key');
    const parts = request.json().contents[0].parts;
    expect(parts[0].inlineData.mimeType).toBe('image/png');
    expect(parts[1].text).toContain('white background');
    expect(result).toMatchObject({
      contentType: 'image/jpeg',
      width: 80,
      height: 60,
      steps: ['gemini:gemini-2.5-flash-image'],
    });
    expect(result.data.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
  });

  it('turns a blocked prompt into the safety message', async () => {
    vendor.on('POST /v1beta/models/gemini-2.5-flash-image:generateContent', (_request, response) =>
      sendJson(response, 200, { promptFeedback: { blockReason: 'SAFETY' } }),
    );
    await expect(
      enhancer().enhance({ image: await image('#123456'), instruction: 'x' }),
    ).rejects.toMatchObject({
      code: 'invalid_input',
      message: expect.stringMatching(/safety filter/),
    });
  });
});

describe('OpenAI-compatible text', () => {
  const text = (retries = 0) =>
    createOpenAiTextProvider({
      settings: { baseUrl: `${vendor.url}/v1`, apiKey: 'sk-test', model: 'llama3', retries, backoffMs: 10 },
    });
  const answer = (content: string) => (_request: unknown, response: Parameters<typeof sendJson>[0]) =>
    sendJson(response, 200, {
      id: 'chatcmpl-1',
      choices: [{ message: { role: 'assistant', content } }],
      usage: { total_tokens: 12 },
    });

  it('completes through /chat/completions with the bearer key and model', async () => {
    vendor.on('POST /v1/chat/completions', answer('  A sunrise over misty mountains, drone shot.  '));
    const result = await text().complete({ prompt: 'sunrise' });
    expect(result.text).toBe('A sunrise over misty mountains, drone shot.');
    const request = vendor.received[0]!;
    expect(request.headers.authorization).toBe('Bearer sk-test');
    expect(request.json()).toEqual({ model: 'llama3', messages: [{ role: 'user', content: 'sunrise' }] });
  });

  it('enhances a prompt and names its category', async () => {
    vendor.on(
      'POST /v1/chat/completions',
      answer('"A golden retriever puppy runs through a sunny park, slow motion, warm cinematic light."'),
    );
    const result = await text().enhancePrompt({ prompt: 'puppy in park' });
    expect(result.prompt).toBe(
      'A golden retriever puppy runs through a sunny park, slow motion, warm cinematic light.',
    );
    expect(PROMPT_CATEGORIES).toContain(result.category);
    expect(vendor.received[0]!.json().messages[0].role).toBe('system');
  });

  describe('scene scripts', () => {
    const scenes = [
      { role: 'hero' as const, seconds: 5, shows: 'a red fox in a snowy forest at dawn' },
      { role: 'action' as const, seconds: 6.5, shows: 'the fox running between the birch trees' },
      { role: 'closing' as const, seconds: 4, shows: 'a last wide look at the forest' },
    ];
    const writeSceneScript = (provider: ReturnType<typeof text>) => {
      if (!provider.writeSceneScript) throw new Error('The OpenAI provider writes scene scripts.');
      return provider.writeSceneScript.bind(provider);
    };

    it('writes one line per scene from the JSON the model answers', async () => {
      vendor.on(
        'POST /v1/chat/completions',
        answer(
          '```json\n{"lines": ["  A red fox pads through fresh snow as dawn breaks.  ", ' +
            '"It bolts between the birches, kicking up powder.", "The forest goes quiet again."]}\n```',
        ),
      );
      const result = await writeSceneScript(text())({
        prompt: 'a red fox in a snowy forest',
        scenes,
        seed: 4,
      });
      expect(result.lines).toEqual([
        'A red fox pads through fresh snow as dawn breaks.',
        'It bolts between the birches, kicking up powder.',
        'The forest goes quiet again.',
      ]);
      const sent = vendor.received[0]!.json();
      expect(sent.model).toBe('llama3');
      expect(sent.messages[0]).toMatchObject({ role: 'system', content: expect.stringMatching(/JSON/) });
      const brief = sent.messages[1].content as string;
      expect(brief).toContain('a red fox in a snowy forest');
      for (const scene of scenes) {
        expect(brief).toContain(scene.shows);
        expect(brief).toContain(`"seconds": ${scene.seconds}`);
      }
    });

    it.each([
      ['a wrong number of lines', '{"lines": ["A red fox pads through the snow."]}'],
      ['an answer that is not JSON', 'Here is your narration: a fox runs through the snow.'],
      ['broken JSON', '{"lines": ["A fox.", "It runs.", '],
      ['an empty line', '{"lines": ["A fox.", "   ", "The end."]}'],
      ['a line that is not text', '{"lines": ["A fox.", 42, "The end."]}'],
      ['a line too long for a scene', JSON.stringify({ lines: ['A fox.', 'x'.repeat(601), 'The end.'] })],
    ])('refuses %s with a ProviderError', async (_case, content) => {
      vendor.on('POST /v1/chat/completions', answer(content));
      const error = await writeSceneScript(text())({ prompt: 'a red fox', scenes }).catch(
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(ProviderError);
      expect(error).toMatchObject({
        code: 'failed',
        message: 'The text service returned an unusable scene script.',
      });
    });
  });

  it('retries 5xx and maps a refused key', async () => {
    let attempts = 0;
    vendor.on('POST /v1/chat/completions', (_request, response) => {
      attempts += 1;
      if (attempts === 1) return sendJson(response, 502, {});
      sendJson(response, 401, { error: { message: 'Incorrect API key provided: sk-test' } });
    });
    const error = (await text(1)
      .complete({ prompt: 'x' })
      .catch((caught: unknown) => caught)) as Error & { details?: string };
    expect(attempts).toBe(2);
    expect(error.message).toBe('The text service rejected our credentials. Please contact support.');
    expect(error.details).not.toContain('sk-test');
  });
});

describe('provider configuration', () => {
  it('keeps the local providers without keys', () => {
    const config = loadConfig({});
    expect(config.media.providers).toEqual({
      video: 'local',
      speech: 'local',
      lipSync: 'local',
      imageEnhancement: 'local',
      text: 'local',
    });
    expect(config.media.cloud).toEqual({});
  });

  it.each([
    [{ VIDEO_PROVIDER: 'veo' }, /GEMINI_API_KEY: required when VIDEO_PROVIDER=veo/],
    [{ VIDEO_PROVIDER: 'veo', VEO_BACKEND: 'vertex' }, /VERTEX_CREDENTIALS_FILE: required/],
    [
      { VIDEO_PROVIDER: 'veo', GEMINI_API_KEY: 'k', VEO_MODEL: 'gpt-4' },
      /VEO_MODEL: must be a Veo model name/,
    ],
    [{ SPEECH_PROVIDER: 'elevenlabs' }, /ELEVENLABS_API_KEY: required/],
    [
      { SPEECH_PROVIDER: 'elevenlabs', ELEVENLABS_API_KEY: 'k', ELEVENLABS_MODEL: 'tts-1' },
      /ELEVENLABS_MODEL/,
    ],
    [{ LIP_SYNC_PROVIDER: 'sync' }, /SYNC_API_KEY: required/],
    [
      { IMAGE_ENHANCEMENT_PROVIDER: 'gemini' },
      /GEMINI_API_KEY: required when IMAGE_ENHANCEMENT_PROVIDER=gemini/,
    ],
    [{ TEXT_PROVIDER: 'openai' }, /TEXT_API_KEY: required/],
    [{ VIDEO_PROVIDER: 'runway' }, /VIDEO_PROVIDER/],
    [{ VEO_BASE_URL: 'http://example.com' }, /VEO_BASE_URL: must be an https:\/\/ URL/],
  ])('stops start-up clearly for %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('reads a complete Veo, ElevenLabs, sync, Gemini and local-LLM setup', () => {
    const config = loadConfig({
      VIDEO_PROVIDER: 'veo',
      SPEECH_PROVIDER: 'elevenlabs',
      LIP_SYNC_PROVIDER: 'sync',
      IMAGE_ENHANCEMENT_PROVIDER: 'gemini',
      TEXT_PROVIDER: 'openai',
      GEMINI_API_KEY: 'g',
      ELEVENLABS_API_KEY: 'e',
      SYNC_API_KEY: 's',
      TEXT_API_BASE_URL: 'http://ollama.lan:11434/v1',
      TEXT_MODEL: 'llama3.1',
    });
    expect(config.media.cloud.veo).toMatchObject({
      backend: 'gemini',
      model: 'veo-3.1-generate-preview',
      apiKey: 'g',
    });
    expect(config.media.cloud.sync).toMatchObject({ model: 'sync-1.6.0' });
    expect(config.media.cloud.openai).toMatchObject({
      baseUrl: 'http://ollama.lan:11434/v1',
      apiKey: undefined,
    });
    expect(config.media.cloud.geminiImage).toMatchObject({ model: 'gemini-2.5-flash-image' });
  });
});
