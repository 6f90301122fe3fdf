import { avatarPortraitSchema, avatarSchema } from '@reelcraft/contract';
import { z } from 'zod';

// The studio's avatar mode kept across reloads (issue 36 item 4): the step, the portraits made, the
// avatar saved from them, and the form (description, photo, style reference). Photos and portraits
// are kept with their signed URLs, which last as long as the server signs them for (an hour by default).

/** Ours: beside the video mode's `studio_workflow`. */
export const AVATAR_WORKFLOW_KEY = 'studio_avatar_workflow';

const referenceSchema = z.object({ gcs_uri: z.string(), url: z.string(), filename: z.string() });

export const avatarDraftSchema = z.object({
  prompt: z.string(),
  subject: referenceSchema.nullable(),
  style: referenceSchema.nullable(),
});
export type AvatarDraft = z.infer<typeof avatarDraftSchema>;

const avatarWorkflowSchema = z.object({
  step: z.union([z.literal(1), z.literal(2)]),
  portraits: z.array(avatarPortraitSchema).nullable(),
  saved: avatarSchema.nullable(),
  draft: avatarDraftSchema,
});
export type AvatarWorkflow = z.infer<typeof avatarWorkflowSchema>;

export const emptyAvatarDraft: AvatarDraft = { prompt: '', subject: null, style: null };

/** What a previous visit left, or null (a missing or damaged record is none). */
export function loadAvatarWorkflow(): AvatarWorkflow | null {
  try {
    const text = window.localStorage.getItem(AVATAR_WORKFLOW_KEY);
    if (!text) return null;
    const parsed = avatarWorkflowSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function saveAvatarWorkflow(workflow: AvatarWorkflow): void {
  try {
    window.localStorage.setItem(AVATAR_WORKFLOW_KEY, JSON.stringify(workflow));
  } catch {
    // Storage full or denied: the mode still works, it just does not survive a reload.
  }
}

export function clearAvatarWorkflow(): void {
  window.localStorage.removeItem(AVATAR_WORKFLOW_KEY);
}
