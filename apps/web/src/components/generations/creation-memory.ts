import { useCallback, useEffect, useState } from 'react';
import { z } from 'zod';
import type { ProjectType } from '@reelcraft/contract';
import { useCurrentUser } from '../../lib/session';

/** The kinds of job a creation screen starts and follows (an avatar's presenter video, a deck's video too). */
export type CreationKind = Extract<
  ProjectType,
  'text-to-video' | 'image-to-video' | 'avatar-presenter' | 'slides'
>;

// What a creation screen keeps across a reload (issue 36 item 4): the job it last started, so coming
// back shows that job's progress or outcome, and the user's unsent work (the form, the image slots).
// One record in local storage, for one user: another user on the same browser starts afresh.

/** The local storage key (ours, beside the contract's STORAGE_KEYS; only this file reads it). */
export const CREATION_MEMORY_KEY = 'creation_memory';

const screenMemorySchema = z.object({
  /** The job the screen last started or followed; null once the user left its outcome. */
  session_id: z.string().nullable().catch(null),
  /** The title of that job as its screen put it (the prompt), shown with its outcome. */
  title: z.string().nullable().catch(null),
  /** The screen's unsent work by part name ("form", "slots"); each part is checked when read. */
  drafts: z.record(z.string(), z.unknown()).catch({}),
});
export type ScreenMemory = z.infer<typeof screenMemorySchema>;

const memorySchema = z.object({
  user_id: z.string(),
  screens: z.record(z.string(), screenMemorySchema),
});
type Memory = z.infer<typeof memorySchema>;

const EMPTY_SCREEN: ScreenMemory = { session_id: null, title: null, drafts: {} };

function readMemory(userId: string): Memory {
  try {
    const parsed = memorySchema.safeParse(
      JSON.parse(window.localStorage.getItem(CREATION_MEMORY_KEY) ?? 'null'),
    );
    if (parsed.success && parsed.data.user_id === userId) return parsed.data;
  } catch {
    // Unreadable: start afresh.
  }
  return { user_id: userId, screens: {} };
}

/** What the user's screen of `kind` kept; empty when nothing (or another user's) is stored. */
export function readScreenMemory(userId: string, kind: CreationKind): ScreenMemory {
  return readMemory(userId).screens[kind] ?? EMPTY_SCREEN;
}

/** Changes what the user's screen of `kind` keeps. */
export function updateScreenMemory(
  userId: string,
  kind: CreationKind,
  update: (current: ScreenMemory) => ScreenMemory,
): void {
  const memory = readMemory(userId);
  const next: Memory = {
    ...memory,
    screens: { ...memory.screens, [kind]: update(memory.screens[kind] ?? EMPTY_SCREEN) },
  };
  try {
    window.localStorage.setItem(CREATION_MEMORY_KEY, JSON.stringify(next));
  } catch {
    // Storage full or blocked: the work lasts for this page only.
  }
}

/**
 * One part of a screen's unsent work: `initial` is what the last visit left (null when nothing, or
 * nothing `schema` accepts), read once on mount; `save` keeps a new value.
 */
export function useCreationDraft<T>(
  kind: CreationKind,
  part: string,
  schema: z.ZodType<T>,
): { initial: T | null; save: (value: T) => void } {
  const userId = useCurrentUser()?.id ?? null;
  const [initial] = useState<T | null>(() => {
    if (userId === null) return null;
    const parsed = schema.safeParse(readScreenMemory(userId, kind).drafts[part]);
    return parsed.success ? parsed.data : null;
  });
  const save = useCallback(
    (value: T) => {
      if (userId === null) return;
      updateScreenMemory(userId, kind, (screen) => ({
        ...screen,
        drafts: { ...screen.drafts, [part]: value },
      }));
    },
    [userId, kind, part],
  );
  return { initial, save };
}

/** The part of react-hook-form this needs: a subscription to every change of the values. */
interface WatchedForm {
  watch: (callback: (values: Record<string, unknown>) => void) => { unsubscribe: () => void };
}

/**
 * Keeps a form's fields in the screen's "form" draft as the user types: `schema` picks the fields
 * worth keeping (text and choices, not picked files). Use `initial` as the form's default values.
 */
export function useFormDraft<T extends Record<string, unknown>>(
  kind: CreationKind,
  schema: z.ZodType<T>,
): { initial: T | null; keep: (form: WatchedForm) => () => void } {
  const { initial, save } = useCreationDraft(kind, 'form', schema);
  const keep = useCallback(
    (form: WatchedForm) => {
      const subscription = form.watch((values) => {
        const parsed = schema.safeParse(values);
        if (parsed.success) save(parsed.data);
      });
      return () => subscription.unsubscribe();
    },
    [schema, save],
  );
  return { initial, keep };
}

/** Keeps `form`'s values in the draft from `useFormDraft` for the life of the component. */
export function useKeepFormDraft(keep: (form: WatchedForm) => () => void, form: WatchedForm): void {
  useEffect(() => keep(form), [keep, form]);
}
