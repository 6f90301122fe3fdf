import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config';
import { renderJobPolicy } from '../../../src/modules/generations/render-job-policy';
import { MAX_VEO_CLIPS } from '../../../src/providers';

describe('the render job time limit', () => {
  it('is a little above the local render timeout', () => {
    const config = loadConfig({ RENDER_TIMEOUT_SECONDS: '300' });
    expect(renderJobPolicy(config).timeLimitSeconds).toBe(360);
  });

  it('leaves room for a chain of Veo generations, so a long video is not taken again mid-way', () => {
    const config = loadConfig({
      VIDEO_PROVIDER: 'veo',
      GEMINI_API_KEY: 'key',
      VEO_TIMEOUT_SECONDS: '120',
      RENDER_TIMEOUT_SECONDS: '300',
    });
    expect(renderJobPolicy(config).timeLimitSeconds).toBe(120 * MAX_VEO_CLIPS + 60);
  });
});
