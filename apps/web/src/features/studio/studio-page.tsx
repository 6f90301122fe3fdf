import { STUDIO_MODES, studioMessages } from '@reelcraft/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, ArrowRight, Check, Replace, RotateCcw } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { buttonClasses } from '../../components/button-styles';
import { FormMessage } from '../../components/form-message';
import { BackToOptionsButton } from '../../components/generations';
import { Spinner } from '../../components/spinner';
import { paths } from '../../lib/paths';
import { FALLBACK_VOICES, useVoices } from '../../lib/voices';
import { studioJobQueryOptions } from './api/get-studio-job';
import { createJobErrorMessage, jobStatusErrorMessage } from './api/studio-errors';
import { studioKeys } from './api/studio-keys';
import { CandidateReviewStep } from './candidate-review-step';
import { CandidatesProgressModal } from './candidates-progress-modal';
import { ExportStep } from './export-step';
import { ExtendPanel } from './extend-panel';
import { LipsyncStep } from './lipsync-step';
import { ModeChooser, ModeComingLater } from './mode-chooser';
import { OpenStudioJobs } from './open-studio-jobs';
import { PromptStep } from './prompt-step';
import { workflowForJob } from './resume-studio-job';
import { StudioStepper } from './studio-stepper';
import { useStudioWorkflow } from './use-studio-workflow';
import { VoiceoverStep } from './voiceover-step';
import {
  clearWorkflow,
  initialWorkflow,
  LAST_STEP,
  loadWorkflow,
  saveWorkflow,
  type StudioMode,
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

function isStudioMode(value: string | null): value is StudioMode {
  return (STUDIO_MODES as readonly (string | null)[]).includes(value);
}

/**
 * /studio (spec 001 section 2). `?reset=1` forgets the workflow and comes back to the mode chooser;
 * the screen itself is mounted afresh then, so it starts from what storage holds. `?mode=avatar` (or
 * voice, video) opens that mode, as a link from another screen does. `?job={id}` opens that job as
 * the server has it, on any device (a notification, My Projects, the list of open jobs).
 */
export function StudioPage(parts: StudioModeParts = {}) {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const reset = searchParams.get('reset') === '1';
  const requestedMode = searchParams.get('mode');
  const jobToOpen = reset ? null : searchParams.get('job');

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
      {jobToOpen ? (
        <StudioJobOpener jobId={jobToOpen} />
      ) : reset || modeToOpen !== null ? null : (
        <StudioWorkspace {...parts} />
      )}
    </div>
  );
}

/**
 * Reads the job fresh from the server, makes it the stored workflow (on the step its status calls
 * for), then shows the studio without the query, so a reload and "Back to Options" behave as usual.
 */
function StudioJobOpener({ jobId }: { jobId: string }) {
  const navigate = useNavigate();
  const job = useQuery({ ...studioJobQueryOptions(jobId), staleTime: 0 });
  const opened = job.isFetchedAfterMount ? job.data : undefined;
  useEffect(() => {
    if (!opened) return;
    saveWorkflow(workflowForJob(opened, Date.now()));
    void navigate(paths.studio, { replace: true });
  }, [opened, navigate]);

  if (job.isError) {
    return (
      <section
        role="alert"
        aria-label="Studio job not opened"
        className="flex flex-col items-start gap-3 rounded-2xl border border-red-300 bg-red-50 p-6 dark:border-red-500/30 dark:bg-red-500/10"
      >
        <p className="text-sm text-zinc-800 dark:text-zinc-200">{jobStatusErrorMessage(job.error)}</p>
        <Link to={paths.studio} className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
          Go to AI Studio
        </Link>
      </section>
    );
  }
  return (
    <p role="status" className="flex items-center gap-2 text-sm text-zinc-600 dark:text-zinc-400">
      <Spinner />
      Opening your studio job…
    </p>
  );
}

function StudioWorkspace({ renderAvatarMode, renderVoiceMode }: StudioModeParts) {
  const studio = useStudioWorkflow();
  const { state, dispatch, job } = studio;
  const { workflow, error, stepError, modalHidden, modalLingers, selectingId, lipsyncError } = state;
  const { step } = workflow;
  const voicesQuery = useVoices();
  const voices = voicesQuery.data && voicesQuery.data.length > 0 ? voicesQuery.data : FALLBACK_VOICES;

  if (workflow.mode === null) {
    return (
      <div className="flex flex-col gap-8">
        <OpenStudioJobs />
        <ModeChooser onChoose={(mode) => dispatch({ type: 'modeChosen', mode })} />
      </div>
    );
  }
  if (workflow.mode !== 'video') {
    const backToOptions = () => dispatch({ type: 'backToOptions' });
    const render = workflow.mode === 'avatar' ? renderAvatarMode : renderVoiceMode;
    return render ? (
      <>{render({ onBackToOptions: backToOptions })}</>
    ) : (
      <ModeComingLater mode={workflow.mode} onBack={backToOptions} />
    );
  }

  const { candidates, generating, lipsyncApplied, percent } = studio;
  const selectedId = job?.selected_candidate_id ?? null;
  const extensions =
    job?.steps.filter((item) => item.step_type === 'extend' && item.status === 'completed').length ?? 0;
  const canExtend =
    selectedId !== null &&
    (job?.status === 'VIDEO_READY' || job?.status === 'VOICEOVER_READY' || studio.extending);

  return (
    <div className="flex flex-col gap-6">
      <StudioStepper current={step} isComplete={studio.isStepComplete} onSelect={studio.selectStep} />

      {studio.jobError ? (
        <FormMessage tone="error">{jobStatusErrorMessage(studio.jobError)}</FormMessage>
      ) : null}
      {studio.jobLoading ? (
        <p role="status" className="flex items-center gap-2 text-sm text-zinc-600 dark:text-zinc-400">
          <Spinner />
          Loading your workflow…
        </p>
      ) : null}

      {studio.generationError && step <= 2 ? (
        <section
          role="alert"
          aria-label="Generation failed"
          className="flex flex-col items-start gap-3 rounded-2xl border border-red-300 bg-red-50 p-6 dark:border-red-500/30 dark:bg-red-500/10"
        >
          <h2 className="text-lg font-semibold">Candidate generation failed</h2>
          <p className="text-sm text-zinc-700 dark:text-zinc-300">{studio.generationError}</p>
          <button type="button" className={buttonClasses()} onClick={studio.tryAgain}>
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
            onClick={() => dispatch({ type: 'progressShown' })}
          >
            Show progress
          </button>
        </p>
      ) : null}

      <div>
        {step === 1 ? (
          <PromptStep
            draft={workflow.draft}
            onDraftChange={studio.changeDraft}
            voices={voices}
            busy={generating || studio.creatingJob}
            hasJob={workflow.jobId !== null}
            startError={studio.createJobError}
            startErrorText={studio.createJobError ? createJobErrorMessage(studio.createJobError) : null}
            onGenerate={(body) => void studio.generate(body)}
          />
        ) : step === 2 ? (
          <div className="flex flex-col gap-5">
            <CandidateReviewStep
              candidates={candidates}
              generating={generating}
              percent={percent}
              selectedId={selectedId}
              selectingId={selectingId}
              expiresAt={job?.expires_at ?? null}
              onSelect={(candidateId) => void studio.chooseCandidate(candidateId)}
              error={error}
            />
            {canExtend ? (
              <ExtendPanel
                chosenSeconds={
                  extensions === 0
                    ? (candidates.find((candidate) => candidate.id === selectedId)?.durationSeconds ?? null)
                    : null
                }
                extensions={extensions}
                clipUrl={job?.final_video_url ?? null}
                running={studio.extending}
                starting={studio.extendStarting}
                percent={studio.extendPercent}
                error={state.extendError}
                onExtend={(request) => void studio.extend(request)}
              />
            ) : null}
          </div>
        ) : step === 3 ? (
          <VoiceoverStep
            voices={voices}
            voicesLoading={voicesQuery.isPending}
            voicesFailed={voicesQuery.isError}
            defaultVoiceId={workflow.draft.voice_id}
            voiceoverUrl={job?.voiceover_audio_url ?? null}
            busy={studio.voiceoverBusy}
            error={error}
            onGenerate={(body) => void studio.makeVoiceover(body)}
            onUseAudio={(audio) => void studio.submitOwnAudio(audio)}
          />
        ) : step === 4 ? (
          <LipsyncStep
            hasVoiceover={Boolean(job?.voiceover_audio_url)}
            running={studio.lipsyncRunning}
            starting={studio.lipsyncStarting}
            percent={studio.lipsyncPercent}
            resultUrl={lipsyncApplied ? (job?.final_video_url ?? null) : null}
            error={lipsyncError ?? error}
            onStart={() => void studio.startLipsync()}
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
            onClick={studio.resetWorkflow}
          >
            <RotateCcw aria-hidden="true" className="size-4" />
            Reset Workflow
          </button>
          <BackToOptionsButton onClick={() => dispatch({ type: 'backToOptions' })} />
        </div>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            disabled={step === 1}
            className={buttonClasses({ variant: 'secondary' })}
            onClick={studio.previous}
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
            Previous
          </button>
          {step >= 3 && selectedId ? (
            <button
              type="button"
              className={buttonClasses({ variant: 'secondary' })}
              onClick={() => dispatch({ type: 'stepChanged', step: 2 })}
            >
              <Replace aria-hidden="true" className="size-4" />
              Change Candidate
            </button>
          ) : null}
          <button type="button" className={buttonClasses()} onClick={studio.next}>
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
        open={studio.modalOpen}
        percent={modalLingers ? 100 : percent}
        ready={candidates.length}
        onClose={() => dispatch({ type: 'progressHidden' })}
      />
    </div>
  );
}
