import {
  LIPSYNC_POLL_INTERVAL_MS,
  LIPSYNC_POLL_START_DELAY_MS,
  studioJobTexts,
  type StudioJobSummary,
} from '@reelcraft/contract';
import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentUrl, renderApp, storeSignedIn } from '../../test/render-app';
import {
  JOB_ID,
  narratedJob,
  storeWorkflow,
  studioApi,
  testCandidate,
  testStudioJob,
} from '../../test/studio-data';
import { STUDIO_WORKFLOW_KEY } from './workflow-storage';

const JOB_PATH = `/studio/veo/jobs/${JOB_ID}`;
const EXPIRES_AT = '2031-05-14T10:00:00.000Z';

function renderStudio(api: Parameters<typeof studioApi>[0] = {}, path = '/studio') {
  storeSignedIn();
  const { fake, stream } = studioApi(api);
  const view = renderApp(path);
  return { ...view, fake, stream };
}

const readyJob = () =>
  testStudioJob({
    status: 'CANDIDATES_READY',
    progress: 1,
    candidates: [1, 2, 3, 4].map(testCandidate),
    prompt: 'A paper boat on a rainy street',
    subject_refs: [
      { gcs_uri: 'local://uploads/user-1/boat.png', url: '/media/uploads/boat.png', filename: 'boat.png' },
    ],
    expires_at: EXPIRES_AT,
  });

function summary(overrides: Partial<StudioJobSummary> = {}): StudioJobSummary {
  return {
    job_id: JOB_ID,
    status: 'CANDIDATES_READY',
    prompt: 'A paper boat on a rainy street',
    candidate_count: 4,
    selected_candidate_id: null,
    preview_url: '/media/candidates/cand-1.mp4',
    video_id: 'video-1',
    error: null,
    created_at: '2031-05-07T09:00:00.000Z',
    updated_at: '2031-05-07T10:00:00.000Z',
    expires_at: EXPIRES_AT,
    ...overrides,
  };
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('AI Studio: resuming a job from the server', () => {
  it('opens the job of a notification link on a device that never saw it, at its candidates', async () => {
    const { router } = renderStudio({ [`GET ${JOB_PATH}`]: { body: readyJob() } }, `/studio?job=${JOB_ID}`);

    expect(await screen.findByRole('button', { name: /Step 2: Candidate Review/ })).toHaveAttribute(
      'aria-current',
      'step',
    );
    const list = within(screen.getByRole('list', { name: 'Candidates' }));
    expect(list.getAllByRole('listitem')).toHaveLength(4);
    expect(
      screen.getByText(new RegExp(studioJobTexts.policy.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))),
    ).toBeInTheDocument();
    // The address loses the query: a reload opens the stored workflow, as usual.
    expect(currentUrl(router)).toBe('/studio');
    const stored = JSON.parse(window.localStorage.getItem(STUDIO_WORKFLOW_KEY) ?? 'null') as {
      jobId: string;
      draft: { prompt: string; subject_refs: { filename: string }[] };
    };
    expect(stored.jobId).toBe(JOB_ID);
    expect(stored.draft.prompt).toBe('A paper boat on a rainy street');

    // Step 1 shows what the job was made from, its photo included.
    await act(() => screen.getByRole('button', { name: /Step 1: Prompt & References/ }).click());
    expect(screen.getByLabelText('Prompt')).toHaveValue('A paper boat on a rainy street');
    expect(screen.getByRole('listitem', { name: 'Subject references 1: boat.png' })).toBeInTheDocument();
  });

  it("says the job was not found when the link is someone else's or gone", async () => {
    renderStudio({}, `/studio?job=${JOB_ID}`);
    const alert = await screen.findByRole('alert', { name: 'Studio job not opened' });
    expect(within(alert).getByText('Job not found')).toBeInTheDocument();
    expect(within(alert).getByRole('link', { name: 'Go to AI Studio' })).toHaveAttribute('href', '/studio');
  });

  it('lists the open jobs above the modes, with when each expires, and Continue opens one', async () => {
    const { fake, router } = renderStudio({
      'GET /studio/veo/jobs': { body: { jobs: [summary()] } },
      [`GET ${JOB_PATH}`]: { body: readyJob() },
    });
    const open = await screen.findByRole('region', { name: 'Continue where you left off' });
    expect(within(open).getByText(studioJobTexts.policy)).toBeInTheDocument();
    const item = within(open).getByRole('listitem', { name: 'A paper boat on a rainy street' });
    expect(within(item).getByText(studioJobTexts.waitingForPick)).toBeInTheDocument();
    expect(within(item).getByText(/Expires/)).toHaveTextContent(/2031/);
    expect(fake.sent('GET /studio/veo/jobs')[0]!.query.get('open')).toBe('true');
    expect(screen.getByRole('button', { name: /Create Personalized Video/ })).toBeInTheDocument();

    await act(() =>
      within(item)
        .getByRole('link', { name: /Continue/ })
        .click(),
    );
    expect(await screen.findByRole('list', { name: 'Candidates' })).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/studio');
  });
});

describe('AI Studio: progress only rises', () => {
  it('never shows a lower lip-sync percentage than it already showed, whatever reports it', async () => {
    // Polls start at once (the lip-sync began 10 s ago) besides the event stream.
    storeWorkflow({ step: 4, lipsyncStartedAt: Date.now() - LIPSYNC_POLL_START_DELAY_MS });
    let progress = 0.31;
    const { fake, stream } = renderStudio({
      [`GET ${JOB_PATH}`]: () => ({ body: narratedJob({ status: 'LIPSYNC_GENERATING', progress }) }),
    });
    const bar = await screen.findByRole('progressbar', { name: 'Lip-sync progress' });
    await vi.waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '31'));
    // Every value the bar shows, in order.
    const shown: number[] = [];
    const observer = new MutationObserver(() => shown.push(Number(bar.getAttribute('aria-valuenow'))));
    observer.observe(bar, { attributes: true, attributeFilter: ['aria-valuenow'] });
    await vi.waitFor(() => expect(stream.openCount).toBe(1));
    act(() => stream.send({ type: 'progress', status: 'LIPSYNC_GENERATING', progress: 0.62 }));
    await vi.waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '62'));

    // The next poll reads a lower value (another source, a vendor starting a stage again).
    progress = 0.47;
    const polls = fake.sent(`GET ${JOB_PATH}`).length;
    // The poll every LIPSYNC_POLL_INTERVAL_MS reads it.
    await vi.waitFor(() => expect(fake.sent(`GET ${JOB_PATH}`).length).toBe(polls + 1), {
      timeout: LIPSYNC_POLL_INTERVAL_MS * 4,
    });
    progress = 0.7;
    act(() => stream.send({ type: 'progress', status: 'LIPSYNC_GENERATING', progress: 0.7 }));
    await vi.waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '70'));
    observer.disconnect();
    expect(shown).toEqual([...shown].sort((a, b) => a - b));
    expect(shown).not.toContain(47);
  });
});

describe('AI Studio: extending the chosen candidate', () => {
  it('sends the seconds and the prompt once, says what it costs, shows its progress and the longer clip', async () => {
    storeWorkflow({ step: 2 });
    const chosen = testStudioJob({
      status: 'VIDEO_READY',
      progress: 1,
      candidates: [1, 2, 3, 4].map(testCandidate),
      selected_candidate_id: 'cand-2',
      final_video_url: '/media/studio/job-1/cand-2.mp4',
      expires_at: EXPIRES_AT,
    });
    let job = chosen;
    const { user, fake, stream } = renderStudio({
      [`GET ${JOB_PATH}`]: () => ({ body: job }),
      [`POST ${JOB_PATH}/extend`]: () => {
        job = {
          ...chosen,
          progress: 0,
          steps: [{ step_id: 'step-x', step_type: 'extend', status: 'running', output_urls: [] }],
        };
        return { body: { status: 'VIDEO_READY', final_video_url: null } };
      },
    });

    const panel = within(await screen.findByRole('region', { name: 'Extend the chosen clip' }));
    expect(panel.getByText(new RegExp(studioJobTexts.extensionIncluded.slice(0, 40)))).toBeInTheDocument();
    const seconds = panel.getByRole('spinbutton', { name: 'Seconds to add' });
    await user.clear(seconds);
    await user.type(seconds, '3');
    expect(panel.getByText('The clip becomes about 11 s long.')).toBeInTheDocument();
    await user.type(
      panel.getByRole('textbox', { name: 'What happens next (optional)' }),
      'The boat sails away',
    );
    await user.click(panel.getByRole('button', { name: 'Extend by 3 s' }));

    const sent = fake.sent(`POST ${JOB_PATH}/extend`);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toEqual({ additional_seconds: 3, prompt: 'The boat sails away' });
    expect(sent[0]!.headers.get('x-idempotency-key')).toMatch(/^[0-9a-f]{32}$/);

    const bar = await panel.findByRole('progressbar', { name: 'Extension progress' });
    // The voiceover waits for the longer clip.
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText(studioJobTexts.extensionRunning)).toBeInTheDocument();
    await vi.waitFor(() => expect(stream.openCount).toBe(1));
    act(() => stream.send({ type: 'progress', status: 'VIDEO_READY', progress: 0.4 }));
    await vi.waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '40'));

    job = {
      ...chosen,
      final_video_url: '/media/studio/job-1/extended.mp4',
      steps: [
        {
          step_id: 'step-x',
          step_type: 'extend',
          status: 'completed',
          output_urls: ['/media/studio/job-1/extended.mp4'],
        },
      ],
    };
    act(() =>
      stream.send({ type: 'extension_complete', final_video_url: '/media/studio/job-1/extended.mp4' }),
    );
    expect(await panel.findByText(/Clip extended\./)).toBeInTheDocument();
    expect(
      screen.getByRole('region', { name: 'Video player: Extended clip' }).querySelector('video'),
    ).toHaveAttribute('src', '/media/studio/job-1/extended.mp4');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Voiceover' })).toBeInTheDocument();
  });

  it('says why an extension failed, and lets the user try again', async () => {
    storeWorkflow({ step: 2 });
    const { user } = renderStudio({
      [`GET ${JOB_PATH}`]: {
        body: testStudioJob({
          status: 'VIDEO_READY',
          candidates: [1, 2].map(testCandidate),
          selected_candidate_id: 'cand-1',
          final_video_url: '/media/studio/job-1/cand-1.mp4',
        }),
      },
      [`POST ${JOB_PATH}/extend`]: { status: 400, body: { detail: 'Invalid extension request' } },
    });
    const panel = within(await screen.findByRole('region', { name: 'Extend the chosen clip' }));
    await user.click(panel.getByRole('button', { name: 'Extend by 4 s' }));
    expect(await panel.findByText('Invalid extension request')).toBeInTheDocument();
    expect(panel.getByRole('button', { name: 'Extend by 4 s' })).toBeEnabled();
  });
});
