import { studioJobTexts, type StudioJobSummary } from '@reelcraft/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { currentUrl, renderApp, storeSignedIn } from '../../test/render-app';
import { shellApi, testProject } from '../../test/test-data';

function openJob(overrides: Partial<StudioJobSummary>): StudioJobSummary {
  return {
    job_id: 'job-1',
    status: 'CANDIDATES_READY',
    prompt: 'A paper boat',
    candidate_count: 4,
    selected_candidate_id: null,
    preview_url: null,
    video_id: 'studio-video',
    error: null,
    created_at: '2031-05-07T09:00:00.000Z',
    updated_at: '2031-05-07T10:00:00.000Z',
    expires_at: '2031-05-14T10:00:00.000Z',
    ...overrides,
  };
}

describe('My Projects: an AI Studio project waiting for its user (issue 36 item 1)', () => {
  it('says it waits for a pick, and links to the job; a rendering project still says Processing', async () => {
    storeSignedIn();
    const videos = [
      testProject({
        id: 'studio-video',
        title: 'Paper boat',
        project_type: 'ai-studio',
        status: 'processing',
        video_url: null,
      }),
      testProject({
        id: 'finishing',
        title: 'Lighthouse',
        project_type: 'ai-studio',
        status: 'processing',
        video_url: null,
      }),
      testProject({
        id: 'rendering',
        title: 'Harbour',
        project_type: 'text-to-video',
        status: 'processing',
        video_url: null,
      }),
    ];
    shellApi({
      'GET /videos': { body: { videos, total: videos.length } },
      'GET /studio/veo/jobs': {
        body: {
          jobs: [
            openJob({}),
            openJob({
              job_id: 'job-2',
              status: 'VOICEOVER_READY',
              video_id: 'finishing',
              selected_candidate_id: 'candidate-1',
            }),
          ],
        },
      },
    });
    const { router, user } = renderApp('/projects');

    const boat = within(await screen.findByRole('article', { name: 'Paper boat' }));
    const pick = await boat.findByRole('link', { name: studioJobTexts.waitingForPick });
    expect(pick).toHaveAttribute('href', '/studio?job=job-1');
    expect(boat.getByText('Waiting for you')).toBeInTheDocument();
    expect(boat.queryByText('Processing')).not.toBeInTheDocument();
    const lighthouse = within(screen.getByRole('article', { name: 'Lighthouse' }));
    expect(lighthouse.getByRole('link', { name: studioJobTexts.waitingForFinish })).toHaveAttribute(
      'href',
      '/studio?job=job-2',
    );
    const harbour = within(screen.getByRole('article', { name: 'Harbour' }));
    expect(harbour.getByText('Processing')).toBeInTheDocument();
    expect(harbour.queryByRole('link')).not.toBeInTheDocument();

    await user.click(pick);
    expect(currentUrl(router)).toBe('/studio?job=job-1');
  });
});
