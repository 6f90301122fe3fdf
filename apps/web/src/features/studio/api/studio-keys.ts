/** Query keys of the studio: one job's state, and the voice list. */
export const studioKeys = {
  all: ['studio'] as const,
  jobs: ['studio', 'job'] as const,
  job: (jobId: string) => ['studio', 'job', jobId] as const,
  voices: ['studio', 'voices'] as const,
};
