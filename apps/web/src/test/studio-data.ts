import type {
  StudioCandidate,
  StudioJob,
  StudioJobAsset,
  UploadAnswer,
  VoiceListAnswer,
  VoiceOption,
} from '@reelcraft/contract';
import { fakeEventStream } from './fake-api';
import { newStudioJob } from '../features/studio/api/create-studio-job';
import { shellApi } from './test-data';
import {
  STUDIO_WORKFLOW_KEY,
  emptyDraft,
  initialWorkflow,
  type StudioWorkflow,
} from '../features/studio/workflow-storage';

// Answers of the studio's calls, as the server sends them, for the studio's component tests.

export const JOB_ID = 'job-1';
const EXPIRES = new Date(Date.now() + 3_600_000).toISOString();

export function testCandidate(n: number): StudioCandidate {
  return {
    id: `cand-${n}`,
    preview_url: `/media/candidates/cand-${n}.mp4?sig=fresh`,
    duration_seconds: 8,
    width: 1280,
    height: 720,
    file_size_bytes: 250_000,
  };
}

export function candidateAsset(n: number): StudioJobAsset {
  return {
    asset_type: 'video',
    url: `/media/candidates/cand-${n}.mp4`,
    metadata: { candidate_id: `cand-${n}` },
    expires_at: EXPIRES,
  };
}

export function testStudioJob(overrides: Partial<StudioJob> = {}): StudioJob {
  return {
    ...newStudioJob(
      { job_id: JOB_ID, workflow_id: 'wf-1' },
      { prompt: 'A founder waves at the camera', aspect: '16:9', fps: 24, duration_seconds: 8 },
    ),
    video_id: 'video-1',
    status: 'CANDIDATES_GENERATING',
    ...overrides,
  };
}

/** A job whose candidates are ready, the second chosen, and narrated: ready for lip-sync. */
export function narratedJob(overrides: Partial<StudioJob> = {}): StudioJob {
  return testStudioJob({
    status: 'VOICEOVER_READY',
    progress: 1,
    candidates: [1, 2, 3, 4].map(testCandidate),
    selected_candidate_id: 'cand-2',
    final_video_url: '/media/studio/job-1/selected.mp4',
    voiceover_audio_url: '/media/studio/job-1/voiceover.mp3',
    ...overrides,
  });
}

function voice(id: string, name: string, gender: VoiceOption['gender']): VoiceOption {
  return {
    id,
    name,
    gender,
    accent: 'american',
    category: 'premade',
    preview_url: `/media/voices/${id}.mp3`,
    description: null,
    labels: {},
  };
}

export const voiceList: VoiceListAnswer = {
  voices: [
    voice('adam', 'Adam', 'male'),
    voice('bella', 'Bella', 'female'),
    voice('rachel', 'Rachel', 'female'),
  ],
  total_count: 3,
  has_more: false,
};

export function uploadAnswer(filename = 'face.png'): UploadAnswer {
  return {
    images: [
      {
        id: `upload-${filename}`,
        signed_url: `/media/uploads/${filename}?sig=1`,
        gcs_uri: `local://uploads/user-1/${filename}`,
        public_url: `/media/uploads/${filename}?sig=1`,
        source: 'ai-studio',
        metadata: {
          original_filename: filename,
          content_type: 'image/png',
          size_bytes: 1200,
          width: 64,
          height: 64,
        },
      },
    ],
    uploaded_count: 1,
    errors: [],
    warning: null,
    message: 'Uploaded 1 image',
  };
}

/** The shell's calls, the voice list and the job's event stream, plus `overrides`. */
export function studioApi(overrides: Parameters<typeof shellApi>[0] = {}) {
  const stream = fakeEventStream();
  const fake = shellApi({
    'GET /elevenlabs/voices': { body: voiceList },
    [`GET /studio/veo/jobs/${JOB_ID}/events`]: stream.handler,
    ...overrides,
  });
  return { fake, stream };
}

/** Stores a workflow as a previous visit would have left it. */
export function storeWorkflow(overrides: Partial<StudioWorkflow> = {}): void {
  const workflow: StudioWorkflow = {
    ...initialWorkflow('video'),
    jobId: JOB_ID,
    workflowId: 'wf-1',
    draft: {
      ...emptyDraft(),
      prompt: 'A founder waves at the camera',
      subject_refs: [
        { gcs_uri: 'local://uploads/user-1/face.png', url: '/media/uploads/face.png', filename: 'face.png' },
      ],
    },
    ...overrides,
  };
  window.localStorage.setItem(STUDIO_WORKFLOW_KEY, JSON.stringify(workflow));
}
