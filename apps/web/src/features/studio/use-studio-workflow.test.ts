import { studioMessages, type StudioJob } from '@reelcraft/contract';
import { describe, expect, it } from 'vitest';
import { narratedJob, testCandidate, testStudioJob } from '../../test/studio-data';
import {
  blockerOnTheWay,
  initialStudioState,
  startingWorkflow,
  stepBlocker,
  studioJobView,
  studioReducer,
  type StudioAction,
  type StudioState,
} from './use-studio-workflow';
import { emptyDraft, initialWorkflow, type ReferenceImage, type StudioWorkflow } from './workflow-storage';

// The studio's workflow as the user walks it, one action at a time, without React.

const T0 = 1_700_000_000_000;

function run(state: StudioState, ...actions: StudioAction[]): StudioState {
  return actions.reduce(studioReducer, state);
}

function videoState(workflow: Partial<StudioWorkflow> = {}): StudioState {
  return initialStudioState({ ...initialWorkflow('video'), ...workflow });
}

const readyDraft = {
  ...emptyDraft(),
  prompt: 'A founder waves at the camera',
  subject_refs: [
    { gcs_uri: 'local://uploads/user-1/face.png', url: '/media/face.png', filename: 'face.png' },
  ],
};

/** A user who typed a prompt, added a photo and started a job. */
function generatingState(): StudioState {
  return run(
    videoState({ draft: readyDraft }),
    { type: 'generationRequested' },
    { type: 'jobCreated', jobId: 'job-1', workflowId: 'wf-1', at: T0 },
  );
}

function readyJob(overrides: Partial<StudioJob> = {}): StudioJob {
  return testStudioJob({
    status: 'CANDIDATES_READY',
    progress: 1,
    candidates: [1, 2, 3, 4].map(testCandidate),
    ...overrides,
  });
}

describe('choosing a mode', () => {
  it('opens the chosen mode, and Back to Options returns to the chooser keeping the workflow', () => {
    const chosen = run(initialStudioState(), { type: 'modeChosen', mode: 'avatar' });
    expect(chosen.workflow.mode).toBe('avatar');

    const started = run(generatingState(), { type: 'backToOptions' });
    expect(started.workflow.mode).toBeNull();
    expect(started.workflow.jobId).toBe('job-1');
    expect(started.workflow.draft).toEqual(readyDraft);
  });
});

describe('generating candidates', () => {
  it('keeps what the user types in the draft', () => {
    const state = run(videoState(), { type: 'draftChanged', draft: readyDraft });
    expect(state.workflow.draft).toEqual(readyDraft);
  });

  it('clears the step messages when asked to generate, and records the job once it is created', () => {
    const blocked = run(videoState(), {
      type: 'stepBlocked',
      message: studioMessages.generateCandidatesFirst,
    });
    const asked = run(blocked, { type: 'generationRequested' });
    expect(asked.stepError).toBeNull();
    expect(asked.workflow.jobId).toBeNull();

    const created = run(asked, { type: 'jobCreated', jobId: 'job-1', workflowId: 'wf-1', at: T0 });
    expect(created.workflow).toMatchObject({
      jobId: 'job-1',
      workflowId: 'wf-1',
      generationStartedAt: T0,
      lipsyncStartedAt: null,
      step: 1,
    });
    expect(created.modalHidden).toBe(false);
  });

  it('shows the progress modal while candidates are made, and a line instead once the user closes it', () => {
    const state = generatingState();
    expect(studioJobView(state, testStudioJob(), false).generating).toBe(true);

    const hidden = run(state, { type: 'progressHidden' });
    expect(hidden.modalHidden).toBe(true);
    expect(run(hidden, { type: 'progressShown' }).modalHidden).toBe(false);
  });

  it('keeps the modal a moment once the candidates are ready, then moves to the review step', () => {
    const ready = run(generatingState(), { type: 'candidatesReady' });
    expect(ready.modalLingers).toBe(true);
    expect(ready.workflow.step).toBe(1);

    const shown = run(ready, { type: 'candidatesShown' });
    expect(shown.modalLingers).toBe(false);
    expect(shown.workflow.step).toBe(2);
  });

  it('does not pull a user who already moved on back to the review step', () => {
    const state = run(
      { ...generatingState(), workflow: { ...generatingState().workflow, step: 3 } },
      { type: 'candidatesReady' },
      { type: 'candidatesShown' },
    );
    expect(state.workflow.step).toBe(3);
  });

  it('shows a failure, and Try Again goes back to the form without the job', () => {
    const failed = run(generatingState(), {
      type: 'generationFailed',
      message: studioMessages.generationTimedOut,
    });
    const view = studioJobView(failed, testStudioJob(), false);
    expect(view.generationError).toBe(studioMessages.generationTimedOut);
    expect(view.generating).toBe(false);

    const again = run(failed, { type: 'triedAgain' });
    expect(again.candidateFailure).toBeNull();
    expect(again.workflow).toMatchObject({
      step: 1,
      jobId: null,
      workflowId: null,
      generationStartedAt: null,
    });
    expect(again.workflow.draft).toEqual(readyDraft);
  });

  it('reads a failed job, and a job ready without candidates, as failures', () => {
    const state = generatingState();
    expect(
      studioJobView(state, testStudioJob({ status: 'FAILED', error: null }), false).generationError,
    ).toBe(studioMessages.generationFailedDefault);
    const empty = testStudioJob({ status: 'CANDIDATES_READY', progress: 1 });
    expect(studioJobView(state, empty, false).generationError).toBe(studioMessages.backendSessionIssue);
    // Not while the job is read again: the candidates may be on their way.
    expect(studioJobView(state, empty, true).generationError).toBeNull();
  });
});

describe('picking a candidate', () => {
  it('marks the candidate being selected, then clears it when the server agrees', () => {
    const selecting = run(generatingState(), { type: 'candidateSelecting', candidateId: 'cand-2' });
    expect(selecting.selectingId).toBe('cand-2');
    expect(run(selecting, { type: 'candidateSelected' }).selectingId).toBeNull();
  });

  it('says why a selection failed, and clears that message on the next try', () => {
    const failed = run(
      generatingState(),
      { type: 'candidateSelecting', candidateId: 'cand-1' },
      { type: 'candidateSelectFailed', message: studioMessages.jobOrCandidateNotFound },
    );
    expect(failed).toMatchObject({ selectingId: null, error: studioMessages.jobOrCandidateNotFound });
    expect(run(failed, { type: 'candidateSelecting', candidateId: 'cand-1' }).error).toBeNull();
  });
});

describe('voiceover', () => {
  it('waits for the audio when the server accepts the voiceover without it', () => {
    const state = run(
      { ...generatingState(), error: 'old failure' },
      { type: 'voiceoverRequested' },
      { type: 'voiceoverAccepted', audioUrl: null },
    );
    expect(state.error).toBeNull();
    expect(state.awaitingVoiceover).toBe(true);
    const job = narratedJob({ voiceover_audio_url: null });
    expect(studioJobView(state, job, false).voiceoverPending).toBe(true);
    // The voiceover_complete event puts the audio into the job: the wait is over.
    expect(studioJobView(state, narratedJob(), false).voiceoverPending).toBe(false);
  });

  it('is done at once when the answer brings the audio', () => {
    const state = run(
      generatingState(),
      { type: 'voiceoverRequested' },
      { type: 'voiceoverAccepted', audioUrl: '/media/vo.mp3' },
    );
    expect(state.awaitingVoiceover).toBe(false);
  });

  it('says why it failed', () => {
    const state = run(generatingState(), {
      type: 'actionFailed',
      message: studioMessages.invalidRecordedAudio,
    });
    expect(state.error).toBe(studioMessages.invalidRecordedAudio);
  });
});

describe('lip-sync', () => {
  it('runs from its start until the job has the lip-synced video', () => {
    const state = run(
      generatingState(),
      { type: 'lipsyncRequested' },
      { type: 'lipsyncStarted', at: T0 + 60_000 },
    );
    expect(state.workflow.lipsyncStartedAt).toBe(T0 + 60_000);
    expect(studioJobView(state, narratedJob({ status: 'LIPSYNC_GENERATING' }), false).lipsyncRunning).toBe(
      true,
    );

    const done = narratedJob({ status: 'LIPSYNC_READY', final_video_url: '/media/final.mp4' });
    const view = studioJobView(state, done, false);
    expect(view.lipsyncRunning).toBe(false);
    expect(view.lipsyncApplied).toBe(true);
    expect(stepBlocker(state.workflow, done, 4)).toBeNull();
    expect(stepBlocker(state.workflow, done, 5)).toBeNull();
  });

  it('stops running on a failure, which the next try clears', () => {
    const failed = run(
      generatingState(),
      { type: 'lipsyncStarted', at: T0 },
      { type: 'lipsyncFailed', message: studioMessages.lipsyncProcessingFailed },
    );
    expect(studioJobView(failed, narratedJob({ status: 'LIPSYNC_GENERATING' }), false).lipsyncRunning).toBe(
      false,
    );
    expect(run(failed, { type: 'lipsyncRequested' }).lipsyncError).toBeNull();
  });

  it('does not read a failed lip-sync as a failed candidate generation', () => {
    const state = run(generatingState(), { type: 'lipsyncStarted', at: T0 });
    expect(studioJobView(state, narratedJob({ status: 'FAILED' }), false).generationError).toBeNull();
  });
});

describe('moving between steps', () => {
  it('asks for each step before the next', () => {
    const { workflow } = generatingState();
    expect(stepBlocker({ ...workflow, jobId: null }, null, 1)).toBe(studioMessages.generateCandidatesFirst);
    expect(stepBlocker(workflow, readyJob(), 1)).toBeNull();
    expect(stepBlocker(workflow, readyJob(), 2)).toBe(studioMessages.selectCandidateFirst);
    expect(stepBlocker(workflow, narratedJob({ voiceover_audio_url: null }), 3)).toBe(
      studioMessages.voiceoverFirst,
    );
    expect(stepBlocker(workflow, narratedJob(), 4)).toBe(studioMessages.lipsyncFirst);
  });

  it('lets the user go back freely, and forward only past finished steps', () => {
    const at3 = { ...generatingState().workflow, step: 3 as const };
    expect(blockerOnTheWay(at3, narratedJob({ voiceover_audio_url: null }), 2)).toBeNull();
    expect(blockerOnTheWay(at3, narratedJob({ voiceover_audio_url: null }), 5)).toBe(
      studioMessages.voiceoverFirst,
    );
    expect(blockerOnTheWay(at3, narratedJob(), 4)).toBeNull();
  });

  it('shows why a step is blocked, and going to a step clears the messages', () => {
    const blocked = run(
      { ...generatingState(), error: studioMessages.noJobId },
      { type: 'stepBlocked', message: studioMessages.voiceoverFirst },
    );
    expect(blocked.stepError).toBe(studioMessages.voiceoverFirst);

    const moved = run(blocked, { type: 'stepChanged', step: 2 });
    expect(moved).toMatchObject({ stepError: null, error: null });
    expect(moved.workflow.step).toBe(2);
  });
});

describe('starting over', () => {
  it('Reset Workflow empties the form and forgets the job, in video mode', () => {
    const state = run(
      generatingState(),
      { type: 'generationFailed', message: 'boom' },
      { type: 'stepChanged', step: 2 },
      { type: 'workflowReset' },
    );
    expect(state).toEqual(initialStudioState(initialWorkflow('video')));
  });

  it('Complete starts a fresh workflow at the mode chooser', () => {
    const state = run(generatingState(), { type: 'stepChanged', step: 5 }, { type: 'workflowCompleted' });
    expect(state).toEqual(initialStudioState());
    expect(state.workflow.mode).toBeNull();
  });
});

describe('restoring from storage', () => {
  const stored: StudioWorkflow = { ...generatingState().workflow, step: 3 };
  const pick: ReferenceImage = {
    gcs_uri: 'local://uploads/user-1/a.png',
    url: '/media/a.png',
    filename: 'a.png',
  };

  it('starts where the last visit left, or afresh at the mode chooser', () => {
    expect(startingWorkflow(stored, [])).toEqual(stored);
    expect(startingWorkflow(null, [])).toEqual(initialWorkflow());
  });

  it('opens video mode on the first step with the images handed over by the library', () => {
    const workflow = startingWorkflow(stored, [pick]);
    expect(workflow).toMatchObject({ mode: 'video', step: 1, jobId: 'job-1' });
    expect(workflow.draft.subject_refs.map((image) => image.filename)).toEqual(['face.png', 'a.png']);
    expect(startingWorkflow(null, [pick]).draft.subject_refs).toEqual([pick]);
  });

  it('resumes watching a job restored mid-generation', () => {
    const state = initialStudioState(startingWorkflow({ ...stored, step: 1 }, []));
    expect(studioJobView(state, testStudioJob({ progress: 0.5 }), false).generating).toBe(true);
  });
});
