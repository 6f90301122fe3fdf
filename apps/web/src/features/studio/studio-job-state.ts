import {
  STUDIO_CANDIDATE_COUNT,
  type StudioEvent,
  type StudioJob,
  type StudioJobAsset,
  type StudioJobStatus,
} from '@reelcraft/contract';

// What the screen reads from a studio job's state, and how each event of its stream changes that
// state (spec 001 section 4). Pure, so the cache update and the screen's reading are tested alone.

const GENERATING: readonly StudioJobStatus[] = ['CREATED', 'CANDIDATES_GENERATING'];
const LIPSYNC_DONE: readonly StudioJobStatus[] = [
  'LIPSYNC_READY',
  'COMPLETE',
  'completed',
  'lipsync_complete',
];

export function isGeneratingCandidates(job: StudioJob): boolean {
  return GENERATING.includes(job.status);
}

/** Lip-sync has been applied: the job reports it done and has the final video. */
export function isLipsyncApplied(job: StudioJob): boolean {
  return LIPSYNC_DONE.includes(job.status) && job.final_video_url !== null;
}

/** One clip offered for review: a candidate of the job's state, or a video asset that just arrived. */
export interface CandidateView {
  id: string;
  url: string;
  width: number | null;
  height: number | null;
  durationSeconds: number | null;
}

/**
 * The candidates as known now: those of the job's state, then the candidate videos that arrived as
 * `asset` events before the state listed them, in arrival order, at most four.
 */
export function candidateViews(job: StudioJob): CandidateView[] {
  const views: CandidateView[] = job.candidates.map((candidate) => ({
    id: candidate.id,
    url: candidate.preview_url,
    width: candidate.width,
    height: candidate.height,
    durationSeconds: candidate.duration_seconds,
  }));
  for (const asset of job.assets) {
    const id = candidateIdOf(asset);
    if (asset.asset_type !== 'video' || id === null || views.some((view) => view.id === id)) continue;
    views.push({ id, url: asset.url, width: null, height: null, durationSeconds: null });
  }
  return views.slice(0, STUDIO_CANDIDATE_COUNT);
}

function candidateIdOf(asset: StudioJobAsset): string | null {
  return asset.metadata.candidate_id ?? null;
}

/** The job after one event of its stream. Errors are the screen's to word; their text is kept in `error`. */
export function applyStudioEvent(job: StudioJob, event: StudioEvent): StudioJob {
  switch (event.type) {
    case 'state':
      return {
        ...job,
        status: event.status,
        progress: event.status === 'CANDIDATES_READY' ? 1 : job.progress,
        error: event.status === 'FAILED' ? (event.message ?? job.error) : job.error,
      };
    case 'progress':
      return { ...job, status: event.status, progress: event.progress };
    case 'asset': {
      const known = job.assets.some(
        (asset) =>
          asset.url === event.asset.url ||
          (event.asset.metadata.candidate_id !== undefined &&
            asset.metadata.candidate_id === event.asset.metadata.candidate_id),
      );
      return known ? job : { ...job, assets: [...job.assets, event.asset] };
    }
    case 'voiceover_complete':
      return { ...job, voiceover_audio_url: event.voiceover_audio_url };
    case 'extension_complete':
      return { ...job, final_video_url: event.final_video_url };
    case 'lipsync_complete':
      return { ...job, status: 'LIPSYNC_READY', final_video_url: event.final_video_url };
    case 'workflow_complete':
      return { ...job, status: 'COMPLETE', final_video_url: event.final_video_url };
    case 'step_complete': {
      const steps = [...job.steps.filter((step) => step.step_id !== event.step.step_id), event.step];
      const output = event.step.output_urls[0];
      if (event.step.step_type === 'lipsync' && event.step.status === 'completed' && output) {
        return { ...job, steps, status: 'LIPSYNC_READY', final_video_url: output };
      }
      return { ...job, steps };
    }
    case 'error':
    case 'lipsync_failed':
      return { ...job, error: event.message };
  }
}
