import type { StudioJob, StudioJobStatus } from '@reelcraft/contract';
import { emptyDraft, type StudioStepNumber, type StudioWorkflow } from './workflow-storage';

// A studio job opened from the server (`/studio?job={id}`: a notification, My Projects, another
// device): the workflow is rebuilt from the job alone, on the step its status calls for.

const STEP_OF_STATUS: Record<StudioJobStatus, StudioStepNumber> = {
  CREATED: 1,
  CANDIDATES_GENERATING: 1,
  CANDIDATES_READY: 2,
  // A failed job shows why where its candidates are (Try Again starts over).
  FAILED: 2,
  VIDEO_READY: 3,
  VOICEOVER_READY: 4,
  LIPSYNC_GENERATING: 4,
  LIPSYNC_READY: 5,
  COMPLETE: 5,
  completed: 5,
  lipsync_complete: 5,
};

/** The step a job is waiting on. */
export function stepForJob(job: Pick<StudioJob, 'status'>): StudioStepNumber {
  return STEP_OF_STATUS[job.status];
}

/** The workflow of a job read from the server; `now` stands for when a running lip-sync is found. */
export function workflowForJob(job: StudioJob, now: number): StudioWorkflow {
  const generating = job.status === 'CREATED' || job.status === 'CANDIDATES_GENERATING';
  return {
    mode: 'video',
    step: stepForJob(job),
    jobId: job.job_id,
    workflowId: job.workflow_id,
    // The candidates' time limit counts from the job's start, on whichever device.
    generationStartedAt: generating ? Date.parse(job.created_at) : null,
    lipsyncStartedAt: job.status === 'LIPSYNC_GENERATING' ? now : null,
    draft: {
      ...emptyDraft(),
      prompt: job.prompt,
      subject_refs: job.subject_refs,
      style_ref: job.style_ref,
      aspect: job.aspect,
      fps: String(job.fps),
      duration_seconds: String(job.duration_seconds),
    },
  };
}
