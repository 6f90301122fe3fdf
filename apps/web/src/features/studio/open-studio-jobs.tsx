import { studioJobTexts, type StudioJobSummary } from '@reelcraft/contract';
import { ArrowRight, Clapperboard } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/button-styles';
import { formatDate } from '../../lib/relative-time';
import { studioJobPath } from '../../lib/paths';
import { useOpenStudioJobs } from './api/list-studio-jobs';

/** Where an open job stands, in the user's words. */
export function openJobStatusText(job: Pick<StudioJobSummary, 'status' | 'candidate_count'>): string {
  switch (job.status) {
    case 'CREATED':
    case 'CANDIDATES_GENERATING':
      return 'Making your candidates';
    case 'CANDIDATES_READY':
      return studioJobTexts.waitingForPick;
    case 'VIDEO_READY':
      return 'Candidate chosen: the voiceover is next';
    case 'VOICEOVER_READY':
      return 'Voiceover ready: lip-sync is next';
    case 'LIPSYNC_GENERATING':
      return 'Lip-syncing your video';
    default:
      return 'Finishing your video';
  }
}

/**
 * The user's unfinished studio jobs, from the server (issue 36 item 1): each opens where it stands,
 * on this device or any other. Nothing shows while there are none.
 */
export function OpenStudioJobs() {
  const jobs = useOpenStudioJobs();
  if (!jobs.data || jobs.data.length === 0) return null;
  return (
    <section aria-labelledby="open-studio-jobs" className="flex flex-col gap-3">
      <div>
        <h2 id="open-studio-jobs" className="text-lg font-semibold">
          Continue where you left off
        </h2>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{studioJobTexts.policy}</p>
      </div>
      <ul className="grid gap-3 md:grid-cols-2">
        {jobs.data.map((job) => (
          <li
            key={job.job_id}
            aria-label={job.prompt}
            className="flex flex-wrap items-center gap-3 rounded-2xl border border-zinc-200 bg-white p-3 dark:border-white/10 dark:bg-white/5"
          >
            <span className="relative flex aspect-video w-24 shrink-0 sm:w-28 items-center justify-center overflow-hidden rounded-xl bg-gradient-to-br from-violet-500 to-indigo-600 text-white/85">
              {job.preview_url ? (
                <video
                  src={job.preview_url}
                  aria-hidden="true"
                  muted
                  playsInline
                  preload="metadata"
                  className="size-full object-cover"
                />
              ) : (
                <Clapperboard aria-hidden="true" className="size-6" />
              )}
            </span>
            <div className="min-w-0 flex-1 basis-40">
              <p className="line-clamp-2 text-sm font-medium" title={job.prompt}>
                {job.prompt}
              </p>
              <p className="mt-0.5 text-xs font-medium text-violet-700 dark:text-violet-300">
                {openJobStatusText(job)}
              </p>
              {job.expires_at ? (
                <p className="mt-0.5 text-xs text-zinc-600 dark:text-zinc-400">
                  Expires <time dateTime={job.expires_at}>{formatDate(job.expires_at)}</time> if left as it is
                </p>
              ) : null}
            </div>
            <Link
              to={studioJobPath(job.job_id)}
              aria-label={`Continue: ${job.prompt}`}
              className={buttonClasses({
                variant: 'secondary',
                size: 'sm',
                className: 'w-full shrink-0 sm:w-auto',
              })}
            >
              Continue
              <ArrowRight aria-hidden="true" className="size-4" />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
