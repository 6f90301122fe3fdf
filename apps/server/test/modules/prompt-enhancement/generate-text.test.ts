import { expect, it } from 'vitest';
import {
  ENHANCED_PROMPT_MIN_CHARS,
  ENHANCED_PROMPT_TARGET_WORDS,
  generateTextAnswerSchema,
  promptEnhancementMessages,
} from '@reelcraft/contract';
import { apiClient } from '../../helpers/api-client';
import { describeEachDatabase } from '../../helpers/each-database';
import { createUserWithToken } from '../../helpers/users';

const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

describeEachDatabase('POST /llm/generate/text', { work: false, listen: true }, (server) => {
  it('enhances a short prompt into a 20-50 word video prompt', async () => {
    const { token } = await createUserWithToken(server().platform);
    const api = apiClient(server(), token);
    // What the Enhance Prompt action sends: its instruction around the user's prompt.
    const answer = await api.postJson('/llm/generate/text', {
      prompt:
        'Enhance this video prompt to be more detailed and cinematic, in 20-50 words. Return only the prompt: "a cat on a sofa"',
    });
    expect(answer.status).toBe(200);
    const { generated_text } = generateTextAnswerSchema.parse(answer.json());
    expect(generated_text.length).toBeGreaterThanOrEqual(ENHANCED_PROMPT_MIN_CHARS);
    expect(words(generated_text)).toBeGreaterThanOrEqual(ENHANCED_PROMPT_TARGET_WORDS.min);
    expect(words(generated_text)).toBeLessThanOrEqual(ENHANCED_PROMPT_TARGET_WORDS.max);
    expect(generated_text.toLowerCase()).toContain('cat');
    expect(generated_text).not.toMatch(/enhance this/i);

    const plain = await api.postJson('/llm/generate/text', { prompt: 'mountain lake' });
    expect(plain.status).toBe(200);
    expect(words(generateTextAnswerSchema.parse(plain.json()).generated_text)).toBeGreaterThanOrEqual(20);
  });

  it("keeps the user's travel reel and adds what a travel reel shows, not a generic setting (issue 36 item 16)", async () => {
    const { token } = await createUserWithToken(server().platform);
    const api = apiClient(server(), token);
    const prompt = 'travel reel of Lisbon with my friends';
    // The Enhance Prompt button's exact instruction (features/prompt-enhancement/api/enhance-prompt.ts).
    const answer = await api.postJson('/llm/generate/text', {
      prompt: `Rewrite this image-to-video prompt as a vivid, detailed description of 20-50 words. Answer with the prompt only.\n\n${prompt}`,
    });
    expect(answer.status).toBe(200);
    const { generated_text } = generateTextAnswerSchema.parse(answer.json());
    expect(generated_text.toLowerCase().startsWith(prompt.toLowerCase())).toBe(true);
    expect(generated_text.slice(prompt.length)).toMatch(/Lisbon.*(street|market|landmark|viewpoint)/);
    expect(generated_text).not.toMatch(/lived-in|everyday details|cosy/i);
  });

  it('refuses an empty or too short prompt with the screen texts, and a stranger', async () => {
    const { token } = await createUserWithToken(server().platform);
    const api = apiClient(server(), token);
    const short = await api.postJson('/llm/generate/text', { prompt: ' cat ' });
    expect(short.status).toBe(422);
    expect(short.json()).toEqual({
      detail: [
        expect.objectContaining({ loc: ['body', 'prompt'], msg: promptEnhancementMessages.promptTooShort }),
      ],
    });
    const empty = await api.postJson('/llm/generate/text', { prompt: '' });
    expect(empty.status).toBe(422);
    expect(empty.json<{ detail: { msg: string }[] }>().detail[0]?.msg).toBe(
      promptEnhancementMessages.promptRequired,
    );
    expect((await api.postJson('/llm/generate/text', {})).status).toBe(422);
    expect(
      (await apiClient(server()).postJson('/llm/generate/text', { prompt: 'mountain lake' })).status,
    ).toBe(401);
  });
});
