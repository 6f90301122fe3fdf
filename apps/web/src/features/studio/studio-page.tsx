import {
  LIPSYNC_PROGRESS_CAP_PERCENT,
  STUDIO_GENERATION_TIMEOUT_MS,
  STUDIO_MODES,
  STUDIO_PROGRESS_MODAL_CLOSE_DELAY_MS,
  studioMessages,
  type CreateStudioJobBody,
  type StudioEvent,
  type StudioVoiceoverBody,
} from '@reelcraft/contract';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, ArrowRight, Check, LayoutGrid, Replace, RotateCcw } from 'lucide-react';
import { useCallback, useEffect, useEffectEvent, useState, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { buttonClasses } from '../../components/button-styles';
import { FormMessage } from '../../components/form-message';
import { Spinner } from '../../components/spinner';
import { useGenerationGate } from '../../components/generations';
import { paths } from '../../lib/paths';
import { useApplyLipsync } from './api/apply-studio-lipsync';
import { useCreateStudioJob } from './api/create-studio-job';
import { useCreateVoiceover } from './api/create-studio-voiceover';
import { useStudioJob } from './api/get-studio-job';
import { FALLBACK_VOICES, useVoices } from '../../lib/voices';
import { useSelectCandidate } from './api/select-studio-candidate';
import {
  createJobErrorMessage,
  jobStatusErrorMessage,
  lipsyncErrorMessage,
  recordedVoiceoverErrorMessage,
  selectErrorMessage,
  voiceoverErrorMessage,
} from './api/studio-errors';
import { studioKeys } from './api/studio-keys';
import { useUploadVoiceover } from './api/upload-studio-voiceover';
import { CandidateReviewStep } from './candidate-review-step';
import { CandidatesProgressModal } from './candidates-progress-modal';
import { ExportStep } from './export-step';
import { LipsyncStep } from './lipsync-step';
import { ModeChooser, ModeComingLater } from './mode-chooser';
import { PromptStep } from './prompt-step';
import { candidateViews, isGeneratingCandidates, isLipsyncApplied } from './studio-job-state';
import { StudioStepper } from './studio-stepper';
import { useLipsyncWatch } from './use-lipsync-watch';
import { useStudioJobEvents } from './use-studio-job-events';
import { VoiceoverStep } from './voiceover-step';
import {
  clearWorkflow,
  forgetLibraryPicks,
  initialWorkflow,
  LAST_STEP,
  loadWorkflow,
  readLibraryPicks,
  saveWorkflow,
  withReferences,
  type StudioDraft,
  type StudioStepNumber,
  type StudioWorkflow,
} from './workflow-storage';

/** What a mode other than video shows; `onBackToOptions` returns to the mode chooser. */
export type StudioModeRenderer = (props: { onBackToOptions: () => void }) => ReactNode;

/**
 * The avatar and voice modes belong to the avatars and voices features, which the studio may not
 * import (the lint boundary): the app hands them in (app/studio-screen.tsx). A mode left out says it
 * comes later.
 */
export interface StudioModeParts {
  renderAvatarMode?: StudioModeRenderer;
  renderVoiceMode?: StudioModeRenderer;
}

type StudioMode = NonNullable<StudioWorkflow['mode']>;

function isStudioMode(value: string | null): value is StudioMode {
  return (STUDIO_MODES as readonly (string | null)[]).includes(value);
}

/**
 * /studio (spec 001 section 2). `?reset=1` forgets the workflow and comes back to the mode chooser;
 * the screen itself is mounted afresh then, so it starts from what storage holds. `?mode=avatar` (or
 * voice, video) opens that mode, as a link from another screen does.
 */
export function StudioPage(parts: StudioModeParts = {}) {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const reset = searchParams.get('reset') === '1';
  const requestedMode = searchParams.get('mode');

  useEffect(() => {
    if (!reset) return;
    clearWorkflow();
    queryClient.removeQueries({ queryKey: studioKeys.jobs });
    void navigate(paths.studio, { replace: true });
  }, [reset, navigate, queryClient]);

  // The mode of the link is taken into the stored workflow, then dropped from the address, so a
  // later "Back to Options" and a reload do not bring it back.
  const modeToOpen = !reset && isStudioMode(requestedMode) ? requestedMode : null;
  useEffect(() => {
    if (modeToOpen === null) return;
    saveWorkflow({ ...(loadWorkflow() ?? initialWorkflow()), mode: modeToOpen });
    void navigate(paths.studio, { replace: true });
  }, [modeToOpen, navigate]);

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-8">
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold tracking-tight">AI Studio</h1>
        <span className="rounded-full bg-violet-100 px-2 py-0.5 text-xs font-semibold text-violet-800 dark:bg-violet-500/20 dark:text-violet-200">
          Beta
        </span>
      </header>
      {reset || modeToOpen !== null ? null : <StudioWorkspace {...parts} />}
    </div>
  );
}

/** The workflow a visit starts from: the stored one, with any images the library handed over. */
function startingWorkflow(): StudioWorkflow {
  const stored = loadWorkflow() ?? initialWorkflow();
  const picks = readLibraryPicks();
  if (picks.length === 0) return stored;
  return {
    ...stored,
    mode: 'video',
    step: 1,
    draft: { ...stored.draft, subject_refs: withReferences(stored.draft.subject_refs, picks) },
  };
}

function StudioWorkspace({ renderAvatarMode, renderVoiceMode }: StudioModeParts) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const gate = useGenerationGate({ variant: 'studio' });
  const [workflow, setWorkflow] = useState<StudioWorkflow>(startingWorkflow);
  const [error, setError] = useState<string | null>(null);
  const [candidateFailure, setCandidateFailure] = useState<string | null>(null);
  const [modalHidden, setModalHidden] = useState(false);
  const [modalLingers, setModalLingers] = useState(false);
  const [lipsyncError, setLipsyncError] = useState<string | null>(null);
  const [awaitingVoiceover, setAwaitingVoiceover] = useState(false);
  const [selectingId, setSelectingId] = useState<string | null>(null);
  const [stepError, setStepError] = useState<string | null>(null);

  const { jobId, step } = workflow;
  const jobQuery = useStudioJob(jobId);
  const job = jobQuery.data ?? null;
  const voicesQuery = useVoices();
  const voices = voicesQuery.data && voicesQuery.data.length > 0 ? voicesQuery.data : FALLBACK_VOICES;

  const createJob = useCreateStudioJob();
  const select = useSelectCandidate(jobId ?? '');
  const voiceover = useCreateVoiceover(jobId ?? '');
  const recorded = useUploadVoiceover(jobId ?? '');
  const lipsync = useApplyLipsync(jobId ?? '');

  useEffect(() => saveWorkflow(workflow), [workflow]);

  // The library's picks are taken once (startingWorkflow read them).
  useEffect(() => forgetLibraryPicks(), []);

  // The entry check (spec 001 section 2): a user who may not generate is sent away, unless a workflow
  // of theirs is under way.
  const checkEntry = useEffectEvent(() => {
    if (workflow.jobId === null) void gate();
  });
  useEffect(() => checkEntry(), []);

  const candidates = job ? candidateViews(job) : [];
  const generating = job !== null && isGeneratingCandidates(job) && candidateFailure === null;
  const lipsyncApplied = job !== null && isLipsyncApplied(job);
  const lipsyncRunning =
    job !== null && workflow.lipsyncStartedAt !== null && !lipsyncApplied && lipsyncError === null;
  const voiceoverPending = awaitingVoiceover && job !== null && job.voiceover_audio_url === null;
  const readyWithoutCandidates =
    job !== null && job.status === 'CANDIDATES_READY' && candidates.length === 0 && !jobQuery.isFetching;
  const generationError =
    candidateFailure ??
    (job?.status === 'FAILED' && workflow.lipsyncStartedAt === null
      ? (job.error ?? studioMessages.generationFailedDefault)
      : null) ??
    (readyWithoutCandidates ? studioMessages.backendSessionIssue : null);

  useStudioJobEvents(jobId, generating || lipsyncRunning || voiceoverPending, {
    onEvent: (event) => handleEvent(event),
    onRefused: (refusal) => {
      const message = jobStatusErrorMessage(refusal);
      if (lipsyncRunning) setLipsyncError(message);
      else setCandidateFailure(message);
    },
  });

  function handleEvent(event: StudioEvent) {
    const status = event.type === 'state' || event.type === 'progress' ? event.status : null;
    if (generating) {
      if (status === 'CANDIDATES_READY') {
        // Candidates are read again from the job's state (fresh signed URLs) and the modal closes.
        void queryClient.invalidateQueries({ queryKey: studioKeys.job(jobId ?? '') });
        setModalLingers(true);
        setTimeout(() => {
          setModalLingers(false);
          setWorkflow((current) => (current.step === 1 ? { ...current, step: 2 } : current));
        }, STUDIO_PROGRESS_MODAL_CLOSE_DELAY_MS);
      } else if (status === 'FAILED') {
        setCandidateFailure(
          (event.type === 'state' ? event.message : null) ?? studioMessages.generationFailedDefault,
        );
      } else if (event.type === 'error') {
        setCandidateFailure(event.message || studioMessages.unknownError);
      }
    }
    if (lipsyncRunning) {
      if (event.type === 'lipsync_failed')
        setLipsyncError(event.message || studioMessages.lipsyncProcessingFailed);
      else if (event.type === 'error')
        setLipsyncError(event.message || studioMessages.lipsyncProcessingFailed);
      else if (status === 'FAILED') setLipsyncError(studioMessages.lipsyncProcessingFailed);
      else if (status === 'COMPLETE' && !job?.final_video_url) {
        void queryClient.invalidateQueries({ queryKey: studioKeys.job(jobId ?? '') });
      }
    }
  }

  const lipsyncPolls = useLipsyncWatch({
    jobId,
    startedAt: workflow.lipsyncStartedAt,
    active: lipsyncRunning,
    onFailed: setLipsyncError,
  });

  // Candidate generation gives up after 10 minutes without candidates (spec 001 section 8).
  const generationStartedAt = workflow.generationStartedAt;
  useEffect(() => {
    if (!generating || generationStartedAt === null) return;
    const timer = setTimeout(
      () => setCandidateFailure(studioMessages.generationTimedOut),
      Math.max(0, generationStartedAt + STUDIO_GENERATION_TIMEOUT_MS - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [generating, generationStartedAt]);

  const onDraftChange = useCallback((draft: StudioDraft) => {
    setWorkflow((current) => ({ ...current, draft }));
  }, []);

  function goTo(target: StudioStepNumber) {
    setError(null);
    setStepError(null);
    setWorkflow((current) => ({ ...current, step: target }));
  }

  /** Why the user cannot leave `from` forwards yet (spec 001 section 4), or null. */
  function blockerFor(from: StudioStepNumber): string | null {
    const { draft } = workflow;
    switch (from) {
      case 1: {
        const hasReference = draft.subject_refs.length > 0 || draft.style_ref !== null;
        return draft.prompt.trim() && hasReference && jobId !== null
          ? null
          : studioMessages.generateCandidatesFirst;
      }
      case 2:
        return job?.selected_candidate_id ? null : studioMessages.selectCandidateFirst;
      case 3:
        return job?.voiceover_audio_url ? null : studioMessages.voiceoverFirst;
      case 4:
        return lipsyncApplied ? null : studioMessages.lipsyncFirst;
      case 5:
        return lipsyncApplied && job?.final_video_url ? null : studioMessages.exportNotReady;
    }
  }

  function selectStep(target: StudioStepNumber) {
    if (target <= step) {
      goTo(target);
      return;
    }
    for (let from = 1 as StudioStepNumber; from < target; from = (from + 1) as StudioStepNumber) {
      const blocker = blockerFor(from);
      if (blocker) {
        setStepError(blocker);
        return;
      }
    }
    goTo(target);
  }

  function next() {
    const blocker = blockerFor(step);
    if (blocker) {
      setStepError(blocker);
      return;
    }
    if (step === LAST_STEP) {
      clearWorkflow();
      setWorkflow(initialWorkflow());
      void navigate(paths.dashboard);
      return;
    }
    goTo((step + 1) as StudioStepNumber);
  }

  function resetWorkflow() {
    setError(null);
    setStepError(null);
    setCandidateFailure(null);
    setLipsyncError(null);
    setAwaitingVoiceover(false);
    setModalLingers(false);
    createJob.reset();
    setWorkflow(initialWorkflow('video'));
  }

  async function generate(body: CreateStudioJobBody) {
    setError(null);
    setStepError(null);
    if (!(await gate())) return;
    try {
      const created = await createJob.mutateAsync(body);
      setCandidateFailure(null);
      setLipsyncError(null);
      setModalHidden(false);
      setWorkflow((current) => ({
        ...current,
        jobId: created.job_id,
        workflowId: created.workflow_id,
        generationStartedAt: Date.now(),
        lipsyncStartedAt: null,
      }));
    } catch {
      // Shown from the mutation's error under the form.
    }
  }

  function tryAgain() {
    setCandidateFailure(null);
    createJob.reset();
    setWorkflow((current) => ({
      ...current,
      step: 1,
      jobId: null,
      workflowId: null,
      generationStartedAt: null,
      lipsyncStartedAt: null,
    }));
  }

  async function chooseCandidate(candidateId: string) {
    if (!jobId) {
      setError(studioMessages.noJobId);
      return;
    }
    setError(null);
    setSelectingId(candidateId);
    try {
      await select.mutateAsync(candidateId);
    } catch (caught) {
      setError(selectErrorMessage(caught));
    } finally {
      setSelectingId(null);
    }
  }

  async function makeVoiceover(body: StudioVoiceoverBody) {
    if (!jobId) {
      setError(studioMessages.noJobId);
      return;
    }
    setError(null);
    try {
      const answer = await voiceover.mutateAsync(body);
      if (answer.voiceover_audio_url === null) setAwaitingVoiceover(true);
    } catch (caught) {
      setError(voiceoverErrorMessage(caught, job?.status ?? null));
    }
  }

  async function submitOwnAudio(audio: Blob) {
    if (!jobId) {
      setError(studioMessages.noJobId);
      return;
    }
    setError(null);
    try {
      const answer = await recorded.mutateAsync(audio);
      if (answer.voiceover_audio_url === null) setAwaitingVoiceover(true);
    } catch (caught) {
      setError(recordedVoiceoverErrorMessage(caught));
    }
  }

  async function startLipsync() {
    if (!jobId) {
      setError(studioMessages.noJobId);
      return;
    }
    setLipsyncError(null);
    try {
      await lipsync.mutateAsync();
      setWorkflow((current) => ({ ...current, lipsyncStartedAt: Date.now() }));
    } catch (caught) {
      setLipsyncError(lipsyncErrorMessage(caught));
    }
  }

  if (workflow.mode === null) {
    return <ModeChooser onChoose={(mode) => setWorkflow((current) => ({ ...current, mode }))} />;
  }
  if (workflow.mode !== 'video') {
    const backToOptions = () => setWorkflow((current) => ({ ...current, mode: null }));
    const render = workflow.mode === 'avatar' ? renderAvatarMode : renderVoiceMode;
    return render ? (
      <>{render({ onBackToOptions: backToOptions })}</>
    ) : (
      <ModeComingLater mode={workflow.mode} onBack={backToOptions} />
    );
  }

  const percent = Math.round((job?.progress ?? 0) * 100);
  const lipsyncPercent = Math.min(
    LIPSYNC_PROGRESS_CAP_PERCENT,
    Math.max(job?.status === 'LIPSYNC_GENERATING' ? percent : 0, 5 + lipsyncPolls * 5),
  );
  const modalOpen = (generating && !modalHidden) || modalLingers;
  const selectedId = job?.selected_candidate_id ?? null;

  return (
    <div className="flex flex-col gap-6">
      <StudioStepper
        current={step}
        isComplete={(candidateStep) => blockerFor(candidateStep) === null}
        onSelect={selectStep}
      />

      {jobQuery.isError ? (
        <FormMessage tone="error">{jobStatusErrorMessage(jobQuery.error)}</FormMessage>
      ) : null}
      {jobId !== null && jobQuery.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-zinc-600 dark:text-zinc-400">
          <Spinner />
          Loading your workflow…
        </p>
      ) : null}

      {generationError && step <= 2 ? (
        <section
          role="alert"
          aria-label="Generation failed"
          className="flex flex-col items-start gap-3 rounded-2xl border border-red-300 bg-red-50 p-6 dark:border-red-500/30 dark:bg-red-500/10"
        >
          <h2 className="text-lg font-semibold">Candidate generation failed</h2>
          <p className="text-sm text-zinc-700 dark:text-zinc-300">{generationError}</p>
          <button type="button" className={buttonClasses()} onClick={tryAgain}>
            Try Again
          </button>
        </section>
      ) : null}

      {generating && step === 1 && modalHidden ? (
        <p
          role="status"
          className="flex flex-wrap items-center gap-2 text-sm text-zinc-600 dark:text-zinc-400"
        >
          <Spinner />
          Generating candidates… {percent}% · {studioMessages.candidatesReady(candidates.length)}
          <button
            type="button"
            className={buttonClasses({ variant: 'ghost', size: 'sm' })}
            onClick={() => setModalHidden(false)}
          >
            Show progress
          </button>
        </p>
      ) : null}

      <div>
        {step === 1 ? (
          <PromptStep
            draft={workflow.draft}
            onDraftChange={onDraftChange}
            voices={voices}
            busy={generating || createJob.isPending}
            hasJob={jobId !== null}
            startError={createJob.error}
            startErrorText={createJob.error ? createJobErrorMessage(createJob.error) : null}
            onGenerate={(body) => void generate(body)}
          />
        ) : step === 2 ? (
          <CandidateReviewStep
            candidates={candidates}
            generating={generating}
            percent={percent}
            selectedId={selectedId}
            selectingId={selectingId}
            onSelect={(candidateId) => void chooseCandidate(candidateId)}
            error={error}
          />
        ) : step === 3 ? (
          <VoiceoverStep
            voices={voices}
            voicesLoading={voicesQuery.isPending}
            voicesFailed={voicesQuery.isError}
            defaultVoiceId={workflow.draft.voice_id}
            voiceoverUrl={job?.voiceover_audio_url ?? null}
            busy={voiceover.isPending || recorded.isPending || voiceoverPending}
            error={error}
            onGenerate={(body) => void makeVoiceover(body)}
            onUseAudio={(audio) => void submitOwnAudio(audio)}
          />
        ) : step === 4 ? (
          <LipsyncStep
            hasVoiceover={Boolean(job?.voiceover_audio_url)}
            running={lipsyncRunning}
            starting={lipsync.isPending}
            percent={lipsyncApplied ? 100 : lipsyncPercent}
            resultUrl={lipsyncApplied ? (job?.final_video_url ?? null) : null}
            error={lipsyncError ?? error}
            onStart={() => void startLipsync()}
          />
        ) : (
          <ExportStep videoUrl={lipsyncApplied ? (job?.final_video_url ?? null) : null} />
        )}
      </div>

      <FormMessage tone="error">{stepError}</FormMessage>

      <footer className="flex flex-col gap-3 border-t border-zinc-200 pt-4 sm:flex-row sm:items-center sm:justify-between dark:border-white/10">
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className={buttonClasses({ variant: 'ghost', size: 'sm' })}
            onClick={resetWorkflow}
          >
            <RotateCcw aria-hidden="true" className="size-4" />
            Reset Workflow
          </button>
          <button
            type="button"
            className={buttonClasses({ variant: 'ghost', size: 'sm' })}
            onClick={() => setWorkflow((current) => ({ ...current, mode: null }))}
          >
            <LayoutGrid aria-hidden="true" className="size-4" />
            Back to Options
          </button>
        </div>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            disabled={step === 1}
            className={buttonClasses({ variant: 'secondary' })}
            onClick={() => goTo((step - 1) as StudioStepNumber)}
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
            Previous
          </button>
          {step >= 3 && selectedId ? (
            <button type="button" className={buttonClasses({ variant: 'secondary' })} onClick={() => goTo(2)}>
              <Replace aria-hidden="true" className="size-4" />
              Change Candidate
            </button>
          ) : null}
          <button type="button" className={buttonClasses()} onClick={next}>
            {step === LAST_STEP ? 'Complete' : 'Next'}
            {step === LAST_STEP ? (
              <Check aria-hidden="true" className="size-4" />
            ) : (
              <ArrowRight aria-hidden="true" className="size-4" />
            )}
          </button>
        </div>
      </footer>

      <CandidatesProgressModal
        open={modalOpen}
        percent={modalLingers ? 100 : percent}
        ready={candidates.length}
        onClose={() => {
          setModalHidden(true);
          setModalLingers(false);
        }}
      />
    </div>
  );
}
