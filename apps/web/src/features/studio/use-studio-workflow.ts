import {
  LIPSYNC_PROGRESS_CAP_PERCENT,
  STUDIO_GENERATION_TIMEOUT_MS,
  STUDIO_PROGRESS_MODAL_CLOSE_DELAY_MS,
  studioJobTexts,
  studioMessages,
  type CreateStudioJobBody,
  type StudioEvent,
  type StudioJob,
  type StudioVoiceoverAnswer,
  type StudioVoiceoverBody,
} from '@reelcraft/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useEffectEvent, useReducer } from 'react';
import { useNavigate } from 'react-router';
import { useGenerationGate } from '../../components/generations';
import { paths } from '../../lib/paths';
import { useApplyLipsync } from './api/apply-studio-lipsync';
import { useCreateStudioJob } from './api/create-studio-job';
import { useCreateVoiceover } from './api/create-studio-voiceover';
import { useExtendStudioVideo, type ExtendRequest } from './api/extend-studio-video';
import { useStudioJob } from './api/get-studio-job';
import { useSelectCandidate } from './api/select-studio-candidate';
import {
  extendErrorMessage,
  jobStatusErrorMessage,
  lipsyncErrorMessage,
  recordedVoiceoverErrorMessage,
  selectErrorMessage,
  voiceoverErrorMessage,
} from './api/studio-errors';
import { studioKeys } from './api/studio-keys';
import { useUploadVoiceover } from './api/upload-studio-voiceover';
import {
  candidateViews,
  isGeneratingCandidates,
  isLipsyncApplied,
  type CandidateView,
} from './studio-job-state';
import { useLipsyncWatch } from './use-lipsync-watch';
import { useRisingPercent } from './use-rising-percent';
import { useStudioJobEvents } from './use-studio-job-events';
import {
  clearWorkflow,
  forgetLibraryPicks,
  initialWorkflow,
  LAST_STEP,
  loadWorkflow,
  readLibraryPicks,
  saveWorkflow,
  withReferences,
  type ReferenceImage,
  type StudioDraft,
  type StudioMode,
  type StudioStepNumber,
  type StudioWorkflow,
} from './workflow-storage';

// The AI Studio workflow (spec 001 sections 3 and 4) as a reducer: where the user is and what they
// chose (the stored workflow), and what the screen says about it (the failures, the progress modal).
// The job itself is server state, read through its query and its event stream: the reducer keeps only
// its id, and the derivations below read the job beside the state. The reducer and the derivations are
// pure, so each transition is tested without React; `useStudioWorkflow` wires them to the API, the
// stream, the timers and the workflow's storage.

export interface StudioState {
  /** What survives a reload (workflow-storage). */
  workflow: StudioWorkflow;
  /** Why the step's last action failed (selecting a candidate, making the voiceover). */
  error: string | null;
  /** Why the user cannot go to the step they asked for yet. */
  stepError: string | null;
  /** Why candidate generation failed: an event, a refused stream or the time limit. */
  candidateFailure: string | null;
  lipsyncError: string | null;
  /** Why the last extension of the chosen clip failed. */
  extendError: string | null;
  /** The user closed the progress modal: the progress shows in a line under the steps instead. */
  modalHidden: boolean;
  /** The modal stays a moment at 100% once the candidates are ready. */
  modalLingers: boolean;
  /** A voiceover was accepted without its audio: the `voiceover_complete` event brings it. */
  awaitingVoiceover: boolean;
  /** The candidate whose selection is being sent. */
  selectingId: string | null;
}

export type StudioAction =
  | { type: 'modeChosen'; mode: StudioMode }
  | { type: 'backToOptions' }
  | { type: 'draftChanged'; draft: StudioDraft }
  | { type: 'stepChanged'; step: StudioStepNumber }
  | { type: 'stepBlocked'; message: string }
  | { type: 'generationRequested' }
  | { type: 'jobCreated'; jobId: string; workflowId: string; at: number }
  | { type: 'candidatesReady' }
  | { type: 'candidatesShown' }
  | { type: 'generationFailed'; message: string }
  | { type: 'triedAgain' }
  | { type: 'progressHidden' }
  | { type: 'progressShown' }
  | { type: 'actionFailed'; message: string }
  | { type: 'candidateSelecting'; candidateId: string }
  | { type: 'candidateSelected' }
  | { type: 'candidateSelectFailed'; message: string }
  | { type: 'voiceoverRequested' }
  | { type: 'voiceoverAccepted'; audioUrl: string | null }
  | { type: 'lipsyncRequested' }
  | { type: 'lipsyncStarted'; at: number }
  | { type: 'lipsyncFailed'; message: string }
  | { type: 'extensionRequested' }
  | { type: 'extensionFailed'; message: string }
  | { type: 'workflowReset' }
  | { type: 'workflowCompleted' };

export function initialStudioState(workflow: StudioWorkflow = initialWorkflow()): StudioState {
  return {
    workflow,
    error: null,
    stepError: null,
    candidateFailure: null,
    lipsyncError: null,
    extendError: null,
    modalHidden: false,
    modalLingers: false,
    awaitingVoiceover: false,
    selectingId: null,
  };
}

/** The workflow a visit starts from: the stored one, with any images the library handed over. */
export function startingWorkflow(
  stored: StudioWorkflow | null,
  libraryPicks: readonly ReferenceImage[],
): StudioWorkflow {
  const workflow = stored ?? initialWorkflow();
  if (libraryPicks.length === 0) return workflow;
  return {
    ...workflow,
    mode: 'video',
    step: 1,
    draft: { ...workflow.draft, subject_refs: withReferences(workflow.draft.subject_refs, libraryPicks) },
  };
}

function withWorkflow(state: StudioState, changes: Partial<StudioWorkflow>): StudioState {
  return { ...state, workflow: { ...state.workflow, ...changes } };
}

export function studioReducer(state: StudioState, action: StudioAction): StudioState {
  switch (action.type) {
    case 'modeChosen':
      return withWorkflow(state, { mode: action.mode });
    case 'backToOptions':
      return withWorkflow(state, { mode: null });
    case 'draftChanged':
      return withWorkflow(state, { draft: action.draft });
    case 'stepChanged':
      return { ...withWorkflow(state, { step: action.step }), error: null, stepError: null };
    case 'stepBlocked':
      return { ...state, stepError: action.message };
    case 'generationRequested':
      return { ...state, error: null, stepError: null };
    case 'jobCreated':
      return {
        ...withWorkflow(state, {
          jobId: action.jobId,
          workflowId: action.workflowId,
          generationStartedAt: action.at,
          lipsyncStartedAt: null,
        }),
        candidateFailure: null,
        lipsyncError: null,
        modalHidden: false,
      };
    case 'candidatesReady':
      return { ...state, modalLingers: true };
    case 'candidatesShown': {
      // The review step follows, unless the user already went elsewhere.
      const next = { ...state, modalLingers: false };
      return state.workflow.step === 1 ? withWorkflow(next, { step: 2 }) : next;
    }
    case 'generationFailed':
      return { ...state, candidateFailure: action.message };
    case 'triedAgain':
      return {
        ...withWorkflow(state, {
          step: 1,
          jobId: null,
          workflowId: null,
          generationStartedAt: null,
          lipsyncStartedAt: null,
        }),
        candidateFailure: null,
      };
    case 'progressHidden':
      return { ...state, modalHidden: true, modalLingers: false };
    case 'progressShown':
      return { ...state, modalHidden: false };
    case 'actionFailed':
      return { ...state, error: action.message };
    case 'candidateSelecting':
      return { ...state, error: null, selectingId: action.candidateId };
    case 'candidateSelected':
      return { ...state, selectingId: null };
    case 'candidateSelectFailed':
      return { ...state, error: action.message, selectingId: null };
    case 'voiceoverRequested':
      return { ...state, error: null };
    case 'voiceoverAccepted':
      return action.audioUrl === null ? { ...state, awaitingVoiceover: true } : state;
    case 'lipsyncRequested':
      return { ...state, lipsyncError: null };
    case 'lipsyncStarted':
      return withWorkflow(state, { lipsyncStartedAt: action.at });
    case 'lipsyncFailed':
      return { ...state, lipsyncError: action.message };
    case 'extensionRequested':
      return { ...state, extendError: null };
    case 'extensionFailed':
      return { ...state, extendError: action.message };
    case 'workflowReset':
      // "Reset Workflow" stays in video mode with an empty form.
      return initialStudioState(initialWorkflow('video'));
    case 'workflowCompleted':
      return initialStudioState();
  }
}

/** What the screen reads from the state and the job together. */
export interface StudioJobView {
  candidates: CandidateView[];
  /** Candidates are being made and nothing has failed yet. */
  generating: boolean;
  lipsyncApplied: boolean;
  /** Lip-sync was started and is neither done nor failed. */
  lipsyncRunning: boolean;
  /** A voiceover was accepted and its audio has not come yet. */
  voiceoverPending: boolean;
  /** An extension of the chosen clip runs (on this device or another). */
  extending: boolean;
  /** Why candidate generation failed, or null. */
  generationError: string | null;
}

/** `jobFetching`: the job is being read again (a job ready without candidates may just be stale). */
export function studioJobView(
  state: StudioState,
  job: StudioJob | null,
  jobFetching: boolean,
): StudioJobView {
  const { workflow, candidateFailure, lipsyncError, awaitingVoiceover } = state;
  const candidates = job ? candidateViews(job) : [];
  const lipsyncApplied = job !== null && isLipsyncApplied(job);
  const readyWithoutCandidates =
    job !== null && job.status === 'CANDIDATES_READY' && candidates.length === 0 && !jobFetching;
  return {
    candidates,
    generating: job !== null && isGeneratingCandidates(job) && candidateFailure === null,
    lipsyncApplied,
    lipsyncRunning:
      job !== null && workflow.lipsyncStartedAt !== null && !lipsyncApplied && lipsyncError === null,
    voiceoverPending: awaitingVoiceover && job !== null && job.voiceover_audio_url === null,
    extending: job !== null && runningExtension(job) !== null,
    generationError:
      candidateFailure ??
      (job?.status === 'FAILED' && workflow.lipsyncStartedAt === null
        ? (job.error ?? studioMessages.generationFailedDefault)
        : null) ??
      (readyWithoutCandidates ? studioMessages.backendSessionIssue : null),
  };
}

/** The extension step of the job that is running, if one is. */
export function runningExtension(job: StudioJob): StudioJob['steps'][number] | null {
  return job.steps.find((step) => step.step_type === 'extend' && step.status === 'running') ?? null;
}

/** Why the user cannot leave `from` forwards yet (spec 001 section 4), or null. */
export function stepBlocker(
  workflow: StudioWorkflow,
  job: StudioJob | null,
  from: StudioStepNumber,
): string | null {
  const lipsyncApplied = job !== null && isLipsyncApplied(job);
  switch (from) {
    case 1: {
      const { draft } = workflow;
      const hasReference = draft.subject_refs.length > 0 || draft.style_ref !== null;
      return draft.prompt.trim() && hasReference && workflow.jobId !== null
        ? null
        : studioMessages.generateCandidatesFirst;
    }
    case 2:
      if (!job?.selected_candidate_id) return studioMessages.selectCandidateFirst;
      // The voiceover and lip-sync use the chosen clip as the extension leaves it.
      return runningExtension(job) ? studioJobTexts.extensionRunning : null;
    case 3:
      return job?.voiceover_audio_url ? null : studioMessages.voiceoverFirst;
    case 4:
      return lipsyncApplied ? null : studioMessages.lipsyncFirst;
    case 5:
      return lipsyncApplied && job?.final_video_url ? null : studioMessages.exportNotReady;
  }
}

/** What stops the user from going to `target` from the stepper: going back is always allowed. */
export function blockerOnTheWay(
  workflow: StudioWorkflow,
  job: StudioJob | null,
  target: StudioStepNumber,
): string | null {
  if (target <= workflow.step) return null;
  for (let from = 1 as StudioStepNumber; from < target; from = (from + 1) as StudioStepNumber) {
    const blocker = stepBlocker(workflow, job, from);
    if (blocker) return blocker;
  }
  return null;
}

/** The workflow of the studio's video mode, wired to the API, the job's stream and storage. */
export function useStudioWorkflow() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const gate = useGenerationGate({ variant: 'studio' });
  const [state, dispatch] = useReducer(studioReducer, undefined, () =>
    initialStudioState(startingWorkflow(loadWorkflow(), readLibraryPicks())),
  );
  const { workflow } = state;
  const { jobId, step } = workflow;
  const jobQuery = useStudioJob(jobId);
  const job = jobQuery.data ?? null;

  const createJob = useCreateStudioJob();
  const select = useSelectCandidate(jobId ?? '');
  const voiceover = useCreateVoiceover(jobId ?? '');
  const recorded = useUploadVoiceover(jobId ?? '');
  const lipsync = useApplyLipsync(jobId ?? '');
  const extension = useExtendStudioVideo(jobId ?? '');

  useEffect(() => saveWorkflow(workflow), [workflow]);

  // The library's picks are taken once (the starting workflow read them).
  useEffect(() => forgetLibraryPicks(), []);

  // The entry check (spec 001 section 2): a user who may not generate is sent away, unless a workflow
  // of theirs is under way.
  const checkEntry = useEffectEvent(() => {
    if (workflow.jobId === null) void gate();
  });
  useEffect(() => checkEntry(), []);

  const view = studioJobView(state, job, jobQuery.isFetching);
  const { generating, lipsyncRunning, voiceoverPending, extending } = view;

  useStudioJobEvents(jobId, generating || lipsyncRunning || voiceoverPending || extending, {
    onEvent: (event) => handleEvent(event),
    onRefused: (refusal) => {
      const message = jobStatusErrorMessage(refusal);
      dispatch(lipsyncRunning ? { type: 'lipsyncFailed', message } : { type: 'generationFailed', message });
    },
  });

  function handleEvent(event: StudioEvent) {
    const status = event.type === 'state' || event.type === 'progress' ? event.status : null;
    if (generating) {
      if (status === 'CANDIDATES_READY') {
        // Candidates are read again from the job's state (fresh signed URLs) and the modal closes.
        void queryClient.invalidateQueries({ queryKey: studioKeys.job(jobId ?? '') });
        dispatch({ type: 'candidatesReady' });
        setTimeout(() => dispatch({ type: 'candidatesShown' }), STUDIO_PROGRESS_MODAL_CLOSE_DELAY_MS);
      } else if (status === 'FAILED') {
        dispatch({
          type: 'generationFailed',
          message: (event.type === 'state' ? event.message : null) ?? studioMessages.generationFailedDefault,
        });
      } else if (event.type === 'error') {
        dispatch({ type: 'generationFailed', message: event.message || studioMessages.unknownError });
      }
    }
    if (lipsyncRunning) {
      if (event.type === 'lipsync_failed' || event.type === 'error')
        dispatch({ type: 'lipsyncFailed', message: event.message || studioMessages.lipsyncProcessingFailed });
      else if (status === 'FAILED')
        dispatch({ type: 'lipsyncFailed', message: studioMessages.lipsyncProcessingFailed });
      else if (status === 'COMPLETE' && !job?.final_video_url) {
        void queryClient.invalidateQueries({ queryKey: studioKeys.job(jobId ?? '') });
      }
    }
    if (extending) {
      const extensionEnded =
        event.type === 'extension_complete' ||
        (event.type === 'step_complete' && event.step.step_type === 'extend');
      // A failed extension leaves the job as it was: the error says why, the steps say it ended.
      if (event.type === 'error') dispatch({ type: 'extensionFailed', message: event.message });
      if (extensionEnded || event.type === 'error')
        void queryClient.invalidateQueries({ queryKey: studioKeys.job(jobId ?? '') });
    }
  }

  const lipsyncPolls = useLipsyncWatch({
    jobId,
    startedAt: workflow.lipsyncStartedAt,
    active: lipsyncRunning,
    onFailed: (message) => dispatch({ type: 'lipsyncFailed', message }),
  });

  // Candidate generation gives up after 10 minutes without candidates (spec 001 section 8).
  const generationStartedAt = workflow.generationStartedAt;
  useEffect(() => {
    if (!generating || generationStartedAt === null) return;
    const timer = setTimeout(
      () => dispatch({ type: 'generationFailed', message: studioMessages.generationTimedOut }),
      Math.max(0, generationStartedAt + STUDIO_GENERATION_TIMEOUT_MS - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [generating, generationStartedAt]);

  const changeDraft = useCallback((draft: StudioDraft) => dispatch({ type: 'draftChanged', draft }), []);

  function isStepComplete(candidate: StudioStepNumber): boolean {
    return stepBlocker(workflow, job, candidate) === null;
  }

  function selectStep(target: StudioStepNumber) {
    const blocker = blockerOnTheWay(workflow, job, target);
    dispatch(blocker ? { type: 'stepBlocked', message: blocker } : { type: 'stepChanged', step: target });
  }

  function next() {
    const blocker = stepBlocker(workflow, job, step);
    if (blocker) {
      dispatch({ type: 'stepBlocked', message: blocker });
      return;
    }
    if (step === LAST_STEP) {
      clearWorkflow();
      dispatch({ type: 'workflowCompleted' });
      void navigate(paths.dashboard);
      return;
    }
    dispatch({ type: 'stepChanged', step: (step + 1) as StudioStepNumber });
  }

  function previous() {
    dispatch({ type: 'stepChanged', step: (step - 1) as StudioStepNumber });
  }

  function resetWorkflow() {
    createJob.reset();
    dispatch({ type: 'workflowReset' });
  }

  async function generate(body: CreateStudioJobBody) {
    dispatch({ type: 'generationRequested' });
    if (!(await gate())) return;
    try {
      const created = await createJob.mutateAsync(body);
      dispatch({
        type: 'jobCreated',
        jobId: created.job_id,
        workflowId: created.workflow_id,
        at: Date.now(),
      });
    } catch {
      // Shown from the mutation's error under the form.
    }
  }

  function tryAgain() {
    createJob.reset();
    dispatch({ type: 'triedAgain' });
  }

  async function chooseCandidate(candidateId: string) {
    if (!jobId) {
      dispatch({ type: 'actionFailed', message: studioMessages.noJobId });
      return;
    }
    dispatch({ type: 'candidateSelecting', candidateId });
    try {
      await select.mutateAsync(candidateId);
      dispatch({ type: 'candidateSelected' });
    } catch (caught) {
      dispatch({ type: 'candidateSelectFailed', message: selectErrorMessage(caught) });
    }
  }

  /** A voiceover, synthesised or the user's own audio; its audio may come later, by event. */
  async function requestVoiceover(
    send: () => Promise<StudioVoiceoverAnswer>,
    describeError: (caught: unknown) => string,
  ) {
    if (!jobId) {
      dispatch({ type: 'actionFailed', message: studioMessages.noJobId });
      return;
    }
    dispatch({ type: 'voiceoverRequested' });
    try {
      const answer = await send();
      dispatch({ type: 'voiceoverAccepted', audioUrl: answer.voiceover_audio_url });
    } catch (caught) {
      dispatch({ type: 'actionFailed', message: describeError(caught) });
    }
  }

  async function extend(body: ExtendRequest) {
    if (!jobId) {
      dispatch({ type: 'actionFailed', message: studioMessages.noJobId });
      return;
    }
    dispatch({ type: 'extensionRequested' });
    try {
      await extension.mutateAsync(body);
    } catch (caught) {
      dispatch({ type: 'extensionFailed', message: extendErrorMessage(caught) });
    }
  }

  function makeVoiceover(body: StudioVoiceoverBody) {
    return requestVoiceover(
      () => voiceover.mutateAsync(body),
      (caught) => voiceoverErrorMessage(caught, job?.status ?? null),
    );
  }

  function submitOwnAudio(audio: Blob) {
    return requestVoiceover(() => recorded.mutateAsync(audio), recordedVoiceoverErrorMessage);
  }

  async function startLipsync() {
    if (!jobId) {
      dispatch({ type: 'actionFailed', message: studioMessages.noJobId });
      return;
    }
    dispatch({ type: 'lipsyncRequested' });
    try {
      await lipsync.mutateAsync();
      dispatch({ type: 'lipsyncStarted', at: Date.now() });
    } catch (caught) {
      dispatch({ type: 'lipsyncFailed', message: lipsyncErrorMessage(caught) });
    }
  }

  // Each bar only rises (issue 36 item 8): the stream, the polls and the job's state may disagree.
  const progressPercent = Math.round((job?.progress ?? 0) * 100);
  const percent = useRisingPercent(progressPercent, jobId);
  const lipsyncPercent = useRisingPercent(
    view.lipsyncApplied
      ? 100
      : Math.min(
          LIPSYNC_PROGRESS_CAP_PERCENT,
          Math.max(job?.status === 'LIPSYNC_GENERATING' ? progressPercent : 0, 5 + lipsyncPolls * 5),
        ),
    workflow.lipsyncStartedAt,
  );
  const runningStep = job ? runningExtension(job) : null;
  const extendPercent = useRisingPercent(runningStep ? progressPercent : 0, runningStep?.step_id ?? null);
  return {
    state,
    dispatch,
    job,
    jobLoading: jobId !== null && jobQuery.isPending,
    jobError: jobQuery.isError ? jobQuery.error : null,
    ...view,
    /** Candidate generation, 0 to 100. */
    percent,
    /** Lip-sync, 0 to 100: the job's own progress or the polls made, short of done until it is. */
    lipsyncPercent,
    /** The running extension, 0 to 100. */
    extendPercent,
    extendStarting: extension.isPending,
    modalOpen: (generating && !state.modalHidden) || state.modalLingers,
    creatingJob: createJob.isPending,
    createJobError: createJob.error,
    voiceoverBusy: voiceover.isPending || recorded.isPending || voiceoverPending,
    lipsyncStarting: lipsync.isPending,
    isStepComplete,
    selectStep,
    next,
    previous,
    resetWorkflow,
    tryAgain,
    changeDraft,
    generate,
    chooseCandidate,
    makeVoiceover,
    submitOwnAudio,
    startLipsync,
    extend,
  };
}
