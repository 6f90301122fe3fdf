/** Query keys of the studio: one job's state, the open jobs (the voice list is shared: lib/voices). */
export const studioKeys = {
  all: ['studio'] as const,
  jobs: ['studio', 'job'] as const,
  job: (jobId: string) => ['studio', 'job', jobId] as const,
  openJobs: ['studio', 'open-jobs'] as const,
};
