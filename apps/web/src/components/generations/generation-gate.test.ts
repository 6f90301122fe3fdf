import { generationGateMessages } from '@reelcraft/contract';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../test/fake-api';
import { testVideoCount } from '../../test/test-data';
import { checkGenerationAllowed } from './generation-gate';
import { videoCountQueryKey } from '../../lib/video-count';

function client() {
  return new QueryClient({ defaultOptions: { queries: { retry: false } } });
}

describe('checkGenerationAllowed', () => {
  it('allows generation with videos left and can_generate, reading the count afresh into the cache', async () => {
    const queryClient = client();
    queryClient.setQueryData(videoCountQueryKey, testVideoCount({ remaining_videos: 0 }));
    const server = fakeApi({ 'GET /user/video-count': { body: testVideoCount({ remaining_videos: 2 }) } });

    const gate = await checkGenerationAllowed(queryClient);

    expect(gate).toMatchObject({ outcome: 'allowed', count: { remaining_videos: 2 } });
    expect(server.sent('GET /user/video-count')).toHaveLength(1);
    expect(queryClient.getQueryData(videoCountQueryKey)).toMatchObject({ remaining_videos: 2 });
  });

  it('blocks with the no-videos warning and points to the plans when none are left', async () => {
    fakeApi({
      'GET /user/video-count': { body: testVideoCount({ remaining_videos: 0, can_generate: false }) },
    });
    expect(await checkGenerationAllowed(client())).toEqual({
      outcome: 'no-videos',
      message: generationGateMessages.noVideosRemaining,
      severity: 'warning',
      redirectTo: '/subscription-plans',
    });
  });

  it('blocks with the disabled error when can_generate is false (also sent as the string "false")', async () => {
    fakeApi({
      'GET /user/video-count': {
        body: { ...testVideoCount(), can_generate: 'false' },
        offContract: "the spec's server may send booleans as text",
      },
    });
    expect(await checkGenerationAllowed(client())).toEqual({
      outcome: 'disabled',
      message: generationGateMessages.generationDisabled,
      severity: 'error',
      redirectTo: '/subscription-plans',
    });
  });

  it('reports a failed check, pointing to the plans, or for the studio to the dashboard', async () => {
    fakeApi({ 'GET /user/video-count': { status: 500, body: { detail: 'Internal error' } } });
    expect(await checkGenerationAllowed(client())).toEqual({
      outcome: 'check-failed',
      message: generationGateMessages.checkFailed,
      severity: 'error',
      redirectTo: '/subscription-plans',
    });
    expect(await checkGenerationAllowed(client(), { variant: 'studio' })).toEqual({
      outcome: 'check-failed',
      message: generationGateMessages.studioCheckFailed,
      severity: 'error',
      redirectTo: '/dashboard',
    });
  });

  it('reports a failed check when no answer comes', async () => {
    fakeApi({ 'GET /user/video-count': 'network-error' });
    expect(await checkGenerationAllowed(client())).toMatchObject({ outcome: 'check-failed' });
  });
});
