import {
  DEFAULT_ASPECT_RATIO,
  DEFAULT_STUDIO_DURATION_S,
  DEFAULT_STUDIO_FPS,
  DEFAULT_VOICE_ID,
  STORAGE_KEYS,
  STUDIO_MAX_SUBJECT_REFS,
  STUDIO_MODES,
} from '@reelcraft/contract';
import { z } from 'zod';

// The studio workflow kept across reloads (spec 001 section 3, "Studio workflow state"): what the
// user chose and typed, and the job it started. The job's own state (candidates, videos, status) is
// read back from GET /studio/veo/jobs/{id}; only its id is kept here.

/** Ours: the spec keeps the workflow without naming its key. */
export const STUDIO_WORKFLOW_KEY = 'studio_workflow';

export const STUDIO_STEPS = [
  { number: 1, title: 'Prompt & References' },
  { number: 2, title: 'Candidate Review' },
  { number: 3, title: 'Voiceover' },
  { number: 4, title: 'Lip-sync' },
  { number: 5, title: 'Export' },
] as const;
export type StudioStepNumber = (typeof STUDIO_STEPS)[number]['number'];
export const LAST_STEP: StudioStepNumber = 5;

const referenceSchema = z.object({ gcs_uri: z.string(), url: z.string(), filename: z.string() });
/** A reference image: its storage URI for the job, and a URL to show it. */
export type ReferenceImage = z.infer<typeof referenceSchema>;

/** The step-1 form as the inputs hold it. */
const draftSchema = z.object({
  prompt: z.string(),
  subject_refs: z.array(referenceSchema),
  style_ref: referenceSchema.nullable(),
  aspect: z.string(),
  fps: z.string(),
  duration_seconds: z.string(),
  seed: z.string(),
  voice_id: z.string(),
});
export type StudioDraft = z.infer<typeof draftSchema>;

const workflowSchema = z.object({
  mode: z.enum(STUDIO_MODES).nullable(),
  step: z.number().int().min(1).max(LAST_STEP),
  jobId: z.string().nullable(),
  workflowId: z.string().nullable(),
  /** When candidate generation started (ms since epoch), for its 10-minute limit. */
  generationStartedAt: z.number().nullable(),
  /** When lip-sync started, for its limit and the polling fallback's schedule. */
  lipsyncStartedAt: z.number().nullable(),
  draft: draftSchema,
});
export type StudioWorkflow = Omit<z.infer<typeof workflowSchema>, 'step'> & { step: StudioStepNumber };
/** What the studio makes: a personalized video, an avatar or a voice clone (the mode chooser's cards). */
export type StudioMode = NonNullable<StudioWorkflow['mode']>;

export function emptyDraft(): StudioDraft {
  return {
    prompt: '',
    subject_refs: [],
    style_ref: null,
    aspect: DEFAULT_ASPECT_RATIO,
    fps: String(DEFAULT_STUDIO_FPS),
    duration_seconds: String(DEFAULT_STUDIO_DURATION_S),
    seed: '',
    voice_id: DEFAULT_VOICE_ID,
  };
}

export function initialWorkflow(mode: StudioWorkflow['mode'] = null): StudioWorkflow {
  return {
    mode,
    step: 1,
    jobId: null,
    workflowId: null,
    generationStartedAt: null,
    lipsyncStartedAt: null,
    draft: emptyDraft(),
  };
}

/** The workflow a previous visit left, or none (a missing or damaged record is no workflow). */
export function loadWorkflow(): StudioWorkflow | null {
  try {
    const text = window.localStorage.getItem(STUDIO_WORKFLOW_KEY);
    if (!text) return null;
    const parsed = workflowSchema.safeParse(JSON.parse(text));
    return parsed.success ? (parsed.data as StudioWorkflow) : null;
  } catch {
    return null;
  }
}

export function saveWorkflow(workflow: StudioWorkflow): void {
  try {
    window.localStorage.setItem(STUDIO_WORKFLOW_KEY, JSON.stringify(workflow));
  } catch {
    // Storage full or denied: the workflow still runs, it just does not survive a reload.
  }
}

export function clearWorkflow(): void {
  window.localStorage.removeItem(STUDIO_WORKFLOW_KEY);
}

const libraryPickSchema = z.array(
  z.object({ url: z.string(), filename: z.string(), gcs_uri: z.string(), public_url: z.string().optional() }),
);

/**
 * The images the image library handed over ("Use in AI Studio" writes them under
 * library_selected_images), as subject references, at most STUDIO_MAX_SUBJECT_REFS. Reading does not
 * remove them: `forgetLibraryPicks` does, once they are used.
 */
export function readLibraryPicks(): ReferenceImage[] {
  try {
    const text = window.localStorage.getItem(STORAGE_KEYS.librarySelectedImages);
    if (!text) return [];
    const parsed = libraryPickSchema.safeParse(JSON.parse(text));
    if (!parsed.success) return [];
    return parsed.data
      .filter((image) => /^(local|s3|gs):\/\//.test(image.gcs_uri))
      .slice(0, STUDIO_MAX_SUBJECT_REFS)
      .map(({ url, filename, gcs_uri }) => ({ url, filename, gcs_uri }));
  } catch {
    return [];
  }
}

export function forgetLibraryPicks(): void {
  window.localStorage.removeItem(STORAGE_KEYS.librarySelectedImages);
}

/** Adds references after those already there, without duplicates, up to the limit. */
export function withReferences(
  current: readonly ReferenceImage[],
  added: readonly ReferenceImage[],
): ReferenceImage[] {
  const merged = [...current];
  for (const image of added) {
    if (!merged.some((known) => known.gcs_uri === image.gcs_uri)) merged.push(image);
  }
  return merged.slice(0, STUDIO_MAX_SUBJECT_REFS);
}
