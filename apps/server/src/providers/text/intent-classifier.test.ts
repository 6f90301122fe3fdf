import { describe, expect, it } from 'vitest';
import { classifyIntent } from './intent-classifier';
import { createLocalTextProvider } from './local-text-provider';

describe('chat intent', () => {
  it.each([
    ['Create a video of a sunset over the ocean', 'create_video'],
    ['make me a short clip about my bakery', 'create_video'],
    ['a neon city at night with flying cars', 'create_video'],
    ['Can you improve my prompt: "dog in park"', 'improve_prompt'],
    ['How much does the professional plan cost?', 'plans_billing'],
    ['I want to cancel my subscription', 'plans_billing'],
    ['How do I reset my password?', 'account'],
    ['How does this work?', 'help'],
    ['What can you do?', 'help'],
    ['banana', 'other'],
  ])('%s -> %s', (message, intent) => {
    expect(classifyIntent(message).intent).toBe(intent);
  });

  it('is more confident about clear messages', () => {
    expect(classifyIntent('Create a video of a sunset over the ocean').confidence).toBeGreaterThan(
      classifyIntent('a sunset').confidence,
    );
    expect(classifyIntent('banana').confidence).toBeLessThan(0.5);
  });
});

describe('local assistant', () => {
  const text = createLocalTextProvider();

  it('answers a creation request with a ready prompt', async () => {
    const reply = await text.chat({
      message: 'Please create a video of a red sports car drifting on a mountain road',
    });
    expect(reply.intent).toBe('create_video');
    expect(reply.enhancedPrompt).toMatch(/^A red sports car drifting on a mountain road/);
    expect(reply.response).toContain(reply.enhancedPrompt ?? '');
    expect(reply.confidence).toBeGreaterThan(0.5);
  });

  it('refines the last prompt on a short follow-up', async () => {
    const first = await text.chat({ message: 'create a video of a quiet beach' });
    const second = await text.chat({
      message: 'more dramatic, at night',
      history: [
        { role: 'user', content: 'create a video of a quiet beach' },
        {
          role: 'assistant',
          content: first.response,
          intent: first.intent,
          enhancedPrompt: first.enhancedPrompt,
        },
      ],
    });
    expect(second.intent).toBe('improve_prompt');
    expect(second.enhancedPrompt).toContain('night');
  });

  it('answers plans, account and help questions without a prompt', async () => {
    for (const message of ['what plans do you have?', 'how do I change my password', 'help']) {
      const reply = await text.chat({ message });
      expect(reply.enhancedPrompt).toBeNull();
      expect(reply.response.length).toBeGreaterThan(40);
    }
    await expect(text.chat({ message: '  ' })).rejects.toThrow('Message cannot be empty');
  });

  it('completes an enhancement instruction with the enhanced prompt', async () => {
    const { text: answer } = await text.complete({
      prompt: 'Enhance this video prompt (20-50 words): "a lighthouse in a storm"',
    });
    expect(answer.startsWith('A lighthouse in a storm')).toBe(true);
  });
});
