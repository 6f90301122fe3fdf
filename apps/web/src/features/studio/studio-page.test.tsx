import {
  DEFAULT_LIPSYNC_MODEL,
  generationGateMessages,
  STORAGE_KEYS,
  studioMessages,
  VOICE_SETTINGS_DEFAULTS,
} from '@reelcraft/contract';
import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentUrl, renderApp, storeSignedIn } from '../../test/render-app';
import {
  candidateAsset,
  JOB_ID,
  narratedJob,
  storeWorkflow,
  studioApi,
  testCandidate,
  testStudioJob,
  uploadAnswer,
} from '../../test/studio-data';
import { STUDIO_WORKFLOW_KEY } from './workflow-storage';

const JOB_PATH = `/studio/veo/jobs/${JOB_ID}`;

function renderStudio(api: Parameters<typeof studioApi>[0] = {}, path = '/studio') {
  storeSignedIn();
  const { fake, stream } = studioApi(api);
  const view = renderApp(path);
  return { ...view, fake, stream };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('AI Studio: the whole walk', () => {
  it('creates a job with a subject photo, shows candidates as they arrive, narrates, lip-syncs and exports', async () => {
    let job = testStudioJob();
    const { user, fake, stream, router } = renderStudio({
      'POST /upload/signed-url': { body: uploadAnswer() },
      'POST /studio/veo/jobs': { status: 201, body: { job_id: JOB_ID, workflow_id: 'wf-1' } },
      [`GET ${JOB_PATH}`]: () => ({ body: job }),
      [`POST ${JOB_PATH}/select`]: {
        body: { status: 'VIDEO_READY', final_video_url: '/media/studio/job-1/selected.mp4' },
      },
      [`POST ${JOB_PATH}/voiceover`]: {
        body: {
          status: 'VOICEOVER_READY',
          message: 'Voiceover ready',
          voiceover_audio_url: '/media/studio/job-1/vo.mp3',
        },
      },
      [`POST ${JOB_PATH}/lipsync`]: {
        status: 202,
        body: { status: 'LIPSYNC_GENERATING', message: 'Lip-sync started' },
      },
    });

    await user.click(await screen.findByRole('button', { name: /Create Personalized Video/ }));
    expect(screen.getByRole('button', { name: 'Step 1: Prompt & References' })).toHaveAttribute(
      'aria-current',
      'step',
    );

    await user.type(screen.getByLabelText('Prompt'), 'A founder waves at the camera in a sunny office');
    await user.upload(
      screen.getByLabelText('Upload subject photos'),
      new File(['png'], 'face.png', { type: 'image/png' }),
    );
    expect(
      await screen.findByRole('listitem', { name: 'Subject references 1: face.png' }),
    ).toBeInTheDocument();
    const upload = fake.sent('POST /upload/signed-url')[0]!.body as FormData;
    expect(upload.get('source')).toBe('ai-studio');
    expect((upload.get('files') as File).name).toBe('face.png');

    await user.selectOptions(screen.getByLabelText('Frame rate'), '30');
    await user.click(screen.getByRole('radio', { name: '9:16' }));
    await user.click(screen.getByRole('button', { name: 'Generate 4 Candidates' }));

    const modal = within(await screen.findByRole('dialog', { name: 'Generating candidates' }));
    expect(fake.sent('POST /studio/veo/jobs')[0]!.body).toEqual({
      prompt: 'A founder waves at the camera in a sunny office',
      aspect: '9:16',
      fps: 30,
      duration_seconds: 8,
      subject_refs: ['local://uploads/user-1/face.png'],
      style_ref: null,
      voice_id: 'rachel',
    });
    expect(modal.getByText(studioMessages.candidatesReady(0))).toBeInTheDocument();
    await vi.waitFor(() => expect(stream.openCount).toBe(1));
    expect(stream.connections[0]!.headers.get('Authorization')).toBe('Bearer stored-token');

    act(() => {
      stream.send({ type: 'state', status: 'CANDIDATES_GENERATING', message: null });
      stream.send({ type: 'progress', status: 'CANDIDATES_GENERATING', progress: 0.25 });
      stream.send({ type: 'asset', asset: candidateAsset(1) });
    });
    expect(await modal.findByText(studioMessages.candidatesReady(1))).toBeInTheDocument();
    expect(modal.getByRole('progressbar', { name: 'Candidate generation progress' })).toHaveAttribute(
      'aria-valuenow',
      '25',
    );
    act(() => stream.send({ type: 'asset', asset: candidateAsset(2) }));
    expect(await modal.findByText(studioMessages.candidatesReady(2))).toBeInTheDocument();
    act(() => {
      stream.send({ type: 'asset', asset: candidateAsset(3) });
      stream.send({ type: 'asset', asset: candidateAsset(4) });
    });
    expect(await modal.findByText(studioMessages.candidatesReady(4))).toBeInTheDocument();

    job = testStudioJob({
      status: 'CANDIDATES_READY',
      progress: 1,
      candidates: [1, 2, 3, 4].map(testCandidate),
    });
    act(() => stream.send({ type: 'state', status: 'CANDIDATES_READY', message: null }));
    // The candidates are read again from the job's state, the stream closes, the modal goes 500 ms later.
    await vi.waitFor(() => expect(fake.sent(`GET ${JOB_PATH}`)).toHaveLength(1));
    await vi.waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Generating candidates' })).not.toBeInTheDocument(),
    );
    expect(stream.openCount).toBe(0);
    expect(screen.getByRole('button', { name: /Step 2: Candidate Review/ })).toHaveAttribute(
      'aria-current',
      'step',
    );
    expect(
      screen.getByRole('button', { name: 'Step 1: Prompt & References (completed)' }),
    ).toBeInTheDocument();
    const list = within(screen.getByRole('list', { name: 'Candidates' }));
    expect(list.getAllByRole('listitem')).toHaveLength(4);
    expect(list.getByLabelText('Candidate 1 preview')).toHaveAttribute(
      'src',
      '/media/candidates/cand-1.mp4?sig=fresh',
    );

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Please select a candidate to continue')).toBeInTheDocument();

    await user.click(list.getByRole('button', { name: 'Select Candidate 2' }));
    expect(await list.findByRole('listitem', { name: 'Candidate 2 (selected)' })).toBeInTheDocument();
    expect(fake.sent(`POST ${JOB_PATH}/select`)[0]!.body).toEqual({ candidate_id: 'cand-2' });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.queryByText('Please select a candidate to continue')).not.toBeInTheDocument();

    expect(await screen.findByRole('heading', { name: 'Voiceover' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change Candidate' })).toBeInTheDocument();
    expect(await screen.findByRole('radio', { name: /Bella/ })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Rachel/ })).toBeChecked();
    await user.type(screen.getByLabelText('Narration text'), 'Hello from our new studio!');
    await user.click(screen.getByRole('radio', { name: /Bella/ }));
    await user.click(screen.getByRole('button', { name: 'Generate Voiceover' }));
    expect(await screen.findByLabelText('Voiceover audio')).toHaveAttribute(
      'src',
      '/media/studio/job-1/vo.mp3',
    );
    const voiceover = fake.sent(`POST ${JOB_PATH}/voiceover`)[0]!;
    expect(voiceover.body).toEqual({
      text: 'Hello from our new studio!',
      voice_id: 'bella',
      ...VOICE_SETTINGS_DEFAULTS,
    });
    expect(voiceover.headers.get('x-idempotency-key')).toMatch(/^[0-9a-f]{32}$/);

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Apply Lip-sync' }));
    expect(await screen.findByRole('progressbar', { name: 'Lip-sync progress' })).toBeInTheDocument();
    expect(fake.sent(`POST ${JOB_PATH}/lipsync`)[0]!.body).toEqual({ model: DEFAULT_LIPSYNC_MODEL });
    await vi.waitFor(() => expect(stream.openCount).toBe(1));
    act(() => stream.send({ type: 'lipsync_complete', final_video_url: '/media/studio/job-1/final.mp4' }));
    expect(await screen.findByText(/Lip-sync applied/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Step 4: Lip-sync (completed)' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    const result = screen.getByRole('region', { name: 'Your video is ready!' });
    expect(
      within(result).getByRole('region', { name: 'Video player: Your AI Studio video' }),
    ).toBeInTheDocument();
    expect(result.querySelector('video')).toHaveAttribute('src', '/media/studio/job-1/final.mp4');
    expect(within(result).getByRole('link', { name: 'Open in My Projects' })).toHaveAttribute(
      'href',
      '/projects',
    );

    await user.click(screen.getByRole('button', { name: 'Complete' }));
    expect(currentUrl(router)).toBe('/dashboard');
    const stored = JSON.parse(window.localStorage.getItem(STUDIO_WORKFLOW_KEY) ?? 'null') as {
      jobId: string | null;
    } | null;
    expect(stored?.jobId ?? null).toBeNull();
  });

  it('completes lip-sync through the polling fallback when no event comes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    storeWorkflow({ step: 4 });
    let job = narratedJob();
    const { user, fake } = renderStudio({
      [`GET ${JOB_PATH}`]: () => ({ body: job }),
      [`POST ${JOB_PATH}/lipsync`]: {
        status: 202,
        body: { status: 'LIPSYNC_GENERATING', message: 'started' },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Apply Lip-sync' }));
    const bar = await screen.findByRole('progressbar', { name: 'Lip-sync progress' });
    const reads = fake.sent(`GET ${JOB_PATH}`).length;

    job = narratedJob({ status: 'LIPSYNC_GENERATING', progress: 0.2 });
    await act(() => vi.advanceTimersByTimeAsync(9_000));
    expect(fake.sent(`GET ${JOB_PATH}`)).toHaveLength(reads);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(fake.sent(`GET ${JOB_PATH}`)).toHaveLength(reads + 1);
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(fake.sent(`GET ${JOB_PATH}`)).toHaveLength(reads + 2);
    expect(Number(bar.getAttribute('aria-valuenow'))).toBeLessThanOrEqual(90);

    job = narratedJob({ status: 'LIPSYNC_READY', final_video_url: '/media/studio/job-1/final.mp4' });
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(await screen.findByText(/Lip-sync applied/)).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(fake.sent(`GET ${JOB_PATH}`)).toHaveLength(reads + 3);
  });

  it('completes lip-sync from a step_complete event, and caps the polling at 120 tries', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    storeWorkflow({ step: 4 });
    const { user, stream } = renderStudio({
      [`GET ${JOB_PATH}`]: { body: narratedJob() },
      [`POST ${JOB_PATH}/lipsync`]: {
        status: 202,
        body: { status: 'LIPSYNC_GENERATING', message: 'started' },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Apply Lip-sync' }));
    await vi.waitFor(() => expect(stream.openCount).toBe(1));
    act(() =>
      stream.send({
        type: 'step_complete',
        step: {
          step_id: 's-4',
          step_type: 'lipsync',
          status: 'completed',
          output_urls: ['/media/final.mp4'],
        },
      }),
    );
    expect(await screen.findByText(/Lip-sync applied/)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Video player: Lip-synced video' })).toBeInTheDocument();
  });

  it('shows the polling limit when lip-sync never finishes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    storeWorkflow({ step: 4, lipsyncStartedAt: Date.now() });
    const { fake } = renderStudio({
      [`GET ${JOB_PATH}`]: { body: narratedJob({ status: 'LIPSYNC_GENERATING' }) },
    });
    expect(await screen.findByRole('progressbar', { name: 'Lip-sync progress' })).toBeInTheDocument();
    // The 10-minute limit comes first (10 s + 120 × 5 s is longer).
    await act(() => vi.advanceTimersByTimeAsync(600_000));
    expect(await screen.findByText(studioMessages.lipsyncTimedOut)).toBeInTheDocument();
    expect(fake.sent(`GET ${JOB_PATH}`).length).toBeLessThanOrEqual(120);
  });
});

describe('AI Studio: entry, modes, reload and reset', () => {
  it('offers three modes, the avatar and voice ones with Back to Options', async () => {
    const { user } = renderStudio({ 'GET /elevenlabs/voice-clones': { body: { voice_clones: [] } } });
    await user.click(await screen.findByRole('button', { name: /Create an Avatar/ }));
    expect(screen.getByRole('heading', { name: 'Create an Avatar' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Avatar steps' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to Options' }));
    await user.click(screen.getByRole('button', { name: /Voice Clone/ }));
    expect(screen.getByRole('heading', { name: 'Voice Clone' })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'New voice clone' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to Options' }));
    expect(screen.getByRole('button', { name: /Create Personalized Video/ })).toBeInTheDocument();
  });

  it('goes to the dashboard when the permission check fails', async () => {
    const { router } = renderStudio({ 'GET /user/video-count': { status: 403, body: { detail: 'nope' } } });
    expect(await screen.findByText(generationGateMessages.studioCheckFailed)).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/dashboard');
  });

  it('asks for candidates before Next on step 1', async () => {
    const { user } = renderStudio();
    await user.click(await screen.findByRole('button', { name: /Create Personalized Video/ }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText(studioMessages.generateCandidatesFirst)).toBeInTheDocument();
    // Changing step clears it.
    await user.click(screen.getByRole('button', { name: 'Step 1: Prompt & References' }));
    expect(screen.queryByText(studioMessages.generateCandidatesFirst)).not.toBeInTheDocument();
  });

  it('requires a prompt and a reference, next to their fields', async () => {
    const { user, fake } = renderStudio();
    await user.click(await screen.findByRole('button', { name: /Create Personalized Video/ }));
    await user.click(screen.getByRole('button', { name: 'Generate 4 Candidates' }));
    expect(screen.getByLabelText('Prompt')).toHaveAccessibleDescription('Please describe the video you want');
    expect(screen.getByText('Add at least one subject photo or a style reference')).toBeInTheDocument();
    expect(fake.sent('POST /studio/veo/jobs')).toHaveLength(0);
  });

  it('restores the workflow after a reload from the job id', async () => {
    storeWorkflow({ step: 3 });
    const { fake } = renderStudio({ [`GET ${JOB_PATH}`]: { body: narratedJob() } });
    expect(await screen.findByRole('heading', { name: 'Voiceover' })).toBeInTheDocument();
    expect(await screen.findByLabelText('Voiceover audio')).toHaveAttribute(
      'src',
      '/media/studio/job-1/voiceover.mp3',
    );
    expect(fake.sent(`GET ${JOB_PATH}`)).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Step 2: Candidate Review (completed)' })).toBeInTheDocument();
  });

  it('resumes watching candidates after a reload during generation', async () => {
    storeWorkflow({ step: 1, generationStartedAt: Date.now() });
    const { stream } = renderStudio({
      [`GET ${JOB_PATH}`]: { body: testStudioJob({ progress: 0.5, assets: [candidateAsset(1)] }) },
    });
    const modal = within(await screen.findByRole('dialog', { name: 'Generating candidates' }));
    expect(modal.getByText(studioMessages.candidatesReady(1))).toBeInTheDocument();
    await vi.waitFor(() => expect(stream.openCount).toBe(1));
  });

  it('forgets the workflow with ?reset=1 and shows the mode chooser', async () => {
    storeWorkflow({ step: 3 });
    const { router } = renderStudio({ [`GET ${JOB_PATH}`]: { body: narratedJob() } }, '/studio?reset=1');
    expect(await screen.findByRole('button', { name: /Create Personalized Video/ })).toBeInTheDocument();
    await vi.waitFor(() => expect(currentUrl(router)).toBe('/studio'));
    const stored = JSON.parse(window.localStorage.getItem(STUDIO_WORKFLOW_KEY) ?? 'null') as {
      jobId: string | null;
    } | null;
    expect(stored?.jobId ?? null).toBeNull();
  });

  it('takes the images picked in the library as subject references', async () => {
    window.localStorage.setItem(
      STORAGE_KEYS.librarySelectedImages,
      JSON.stringify([
        {
          url: '/media/lib/a.png',
          filename: 'a.png',
          gcs_uri: 'local://uploads/user-1/a.png',
          public_url: '/media/lib/a.png',
        },
      ]),
    );
    renderStudio();
    expect(await screen.findByRole('listitem', { name: 'Subject references 1: a.png' })).toBeInTheDocument();
    expect(window.localStorage.getItem(STORAGE_KEYS.librarySelectedImages)).toBeNull();
  });
});
