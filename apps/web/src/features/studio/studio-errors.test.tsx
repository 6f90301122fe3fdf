import { studioMessages } from '@reelcraft/contract';
import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp, storeSignedIn } from '../../test/render-app';
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

// The studio's failures, worded as spec 001 section 8 quotes them.

const JOB_PATH = `/studio/veo/jobs/${JOB_ID}`;

function renderStudio(api: Parameters<typeof studioApi>[0] = {}) {
  storeSignedIn();
  const { fake, stream } = studioApi(api);
  return { ...renderApp('/studio'), fake, stream };
}

async function startJob(user: ReturnType<typeof renderStudio>['user']) {
  await user.click(await screen.findByRole('button', { name: /Create Personalized Video/ }));
  await user.type(screen.getByLabelText('Prompt'), 'A founder waves');
  await user.upload(
    screen.getByLabelText('Upload subject photos'),
    new File(['png'], 'face.png', { type: 'image/png' }),
  );
  await screen.findByRole('listitem', { name: 'Subject references 1: face.png' });
  await user.click(screen.getByRole('button', { name: 'Generate 4 Candidates' }));
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('starting a job', () => {
  it.each([
    [
      '403 with a detail',
      { status: 403, body: { detail: 'You have used all 5 videos of your plan' } },
      'You have used all 5 videos of your plan',
    ],
    ['403 without one', { status: 403, body: {} }, studioMessages.creationLimitReached],
    ['400', { status: 400, body: { detail: 'bad' } }, studioMessages.invalidParameters],
    ['500', { status: 500, body: { detail: 'boom' } }, 'boom'],
    ['no answer', 'network-error' as const, studioMessages.createJobFailed],
  ])('words a %s', async (_name, answer, message) => {
    const { user } = renderStudio({
      'POST /upload/signed-url': { body: uploadAnswer() },
      'POST /studio/veo/jobs': answer,
    });
    await startJob(user);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Generate 4 Candidates' })).toBeEnabled();
  });

  it('words a failed upload with the studio text', async () => {
    const { user } = renderStudio({ 'POST /upload/signed-url': 'network-error' });
    await user.click(await screen.findByRole('button', { name: /Create Personalized Video/ }));
    await user.upload(
      screen.getByLabelText('Upload subject photos'),
      new File(['png'], 'face.png', { type: 'image/png' }),
    );
    expect(await screen.findByText(studioMessages.uploadFilesFailed)).toBeInTheDocument();
  });
});

describe('candidate generation', () => {
  it('shows a failure event with Try Again, and keeps the form', async () => {
    const { user, stream } = renderStudio({
      'POST /upload/signed-url': { body: uploadAnswer() },
      'POST /studio/veo/jobs': { status: 201, body: { job_id: JOB_ID, workflow_id: 'wf-1' } },
    });
    await startJob(user);
    await vi.waitFor(() => expect(stream.openCount).toBe(1));
    act(() => stream.send({ type: 'state', status: 'FAILED', message: null }));
    const failure = await screen.findByRole('alert', { name: 'Generation failed' });
    expect(failure).toHaveTextContent(studioMessages.generationFailedDefault);
    await user.click(within(failure).getByRole('button', { name: 'Try Again' }));
    expect(screen.queryByRole('alert', { name: 'Generation failed' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Prompt')).toHaveValue('A founder waves');
  });

  it('times out after 10 minutes without candidates', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    storeWorkflow({ generationStartedAt: Date.now() });
    renderStudio({ [`GET ${JOB_PATH}`]: { body: testStudioJob() } });
    await screen.findByRole('dialog', { name: 'Generating candidates' });
    await act(() => vi.advanceTimersByTimeAsync(10 * 60_000));
    expect(await screen.findByText(studioMessages.generationTimedOut)).toBeInTheDocument();
  });

  it('reports ready without candidates as the backend session issue', async () => {
    storeWorkflow({ step: 2 });
    renderStudio({
      [`GET ${JOB_PATH}`]: { body: testStudioJob({ status: 'CANDIDATES_READY', progress: 1 }) },
    });
    expect(await screen.findByText(studioMessages.backendSessionIssue)).toBeInTheDocument();
  });

  it('shows Job not found for a job that is gone', async () => {
    storeWorkflow({ step: 2 });
    renderStudio({ [`GET ${JOB_PATH}`]: { status: 404, body: { detail: 'Job not found' } } });
    expect(await screen.findByText(studioMessages.jobNotFound)).toBeInTheDocument();
  });
});

describe('selecting, narrating and lip-syncing out of turn', () => {
  it('retries a select while candidates are not ready, 3 times, then says they are still processing', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    storeWorkflow({ step: 2 });
    const { user, fake } = renderStudio({
      [`GET ${JOB_PATH}`]: {
        body: testStudioJob({
          status: 'CANDIDATES_READY',
          progress: 1,
          candidates: [1, 2, 3, 4].map(testCandidate),
        }),
      },
      [`POST ${JOB_PATH}/select`]: { status: 400, body: { detail: 'Candidates not ready for selection' } },
    });
    await user.click(await screen.findByRole('button', { name: 'Select Candidate 1' }));
    // Waits of 500, 1000 and 1500 ms between the four tries.
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    expect(fake.sent(`POST ${JOB_PATH}/select`)).toHaveLength(4);
    expect(await screen.findByText(studioMessages.candidatesStillProcessing)).toBeInTheDocument();
  });

  it('words a select 404', async () => {
    storeWorkflow({ step: 2 });
    const { user } = renderStudio({
      [`GET ${JOB_PATH}`]: {
        body: testStudioJob({ status: 'CANDIDATES_READY', progress: 1, assets: [candidateAsset(1)] }),
      },
      [`POST ${JOB_PATH}/select`]: { status: 404, body: { detail: 'Job or candidate not found' } },
    });
    await user.click(await screen.findByRole('button', { name: 'Select Candidate 1' }));
    expect(await screen.findByText(studioMessages.jobOrCandidateNotFound)).toBeInTheDocument();
  });

  it('adds the job status to a voiceover refused before the video is ready', async () => {
    storeWorkflow({ step: 3 });
    const { user } = renderStudio({
      [`GET ${JOB_PATH}`]: { body: narratedJob({ status: 'CANDIDATES_READY', voiceover_audio_url: null }) },
      [`POST ${JOB_PATH}/voiceover`]: {
        status: 400,
        body: { detail: 'Video must be ready before adding voiceover' },
      },
    });
    await user.type(await screen.findByLabelText('Narration text'), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Generate Voiceover' }));
    expect(
      await screen.findByText(studioMessages.videoNotReadyForVoiceoverWithStatus('CANDIDATES_READY')),
    ).toBeInTheDocument();
  });

  it('words a refused recorded voiceover', async () => {
    storeWorkflow({ step: 3 });
    const { user } = renderStudio({
      [`GET ${JOB_PATH}`]: { body: narratedJob({ voiceover_audio_url: null }) },
      [`POST ${JOB_PATH}/voiceover/recorded`]: { status: 400, body: { detail: 'bad audio' } },
    });
    await user.upload(
      await screen.findByLabelText('Upload audio'),
      new File(['id3'], 'me.mp3', { type: 'audio/mpeg' }),
    );
    expect(await screen.findByText(studioMessages.invalidRecordedAudio)).toBeInTheDocument();
  });

  it('words a lip-sync without audio, and a lip-sync that fails on the stream', async () => {
    storeWorkflow({ step: 4 });
    let lipsyncAnswer: { status: number; body: unknown } = {
      status: 400,
      body: { detail: 'No audio available for lip-sync' },
    };
    const { user, stream } = renderStudio({
      [`GET ${JOB_PATH}`]: { body: narratedJob() },
      [`POST ${JOB_PATH}/lipsync`]: () => lipsyncAnswer,
    });
    await user.click(await screen.findByRole('button', { name: 'Apply Lip-sync' }));
    expect(await screen.findByText(studioMessages.noAudioForLipsync)).toBeInTheDocument();

    lipsyncAnswer = { status: 202, body: { status: 'LIPSYNC_GENERATING', message: 'started' } };
    await user.click(screen.getByRole('button', { name: 'Try Lip-sync Again' }));
    await vi.waitFor(() => expect(stream.openCount).toBe(1));
    act(() => stream.send({ type: 'lipsync_failed', message: '' }));
    expect(await screen.findByText(studioMessages.lipsyncProcessingFailed)).toBeInTheDocument();
  });

  it('asks for each step before the next', async () => {
    storeWorkflow({ step: 3 });
    const { user } = renderStudio({
      [`GET ${JOB_PATH}`]: { body: narratedJob({ voiceover_audio_url: null }) },
    });
    await screen.findByRole('heading', { name: 'Voiceover' });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText(/Please create the voiceover first/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Change Candidate' }));
    expect(screen.getByRole('button', { name: /Step 2: Candidate Review/ })).toHaveAttribute(
      'aria-current',
      'step',
    );
    expect(screen.queryByText(/Please create the voiceover first/)).not.toBeInTheDocument();
  });
});
