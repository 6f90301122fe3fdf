import { storyboardContentSchema, type Storyboard, type StoryboardContent } from '@reelcraft/contract';

// The editor's one state (STYLE 11c): the storyboard as last saved, the content as edited on top of
// it, and undo/redo as lists of patches. Whether there are unsaved changes, what is invalid and what
// a render would do are derived from these, never stored beside them.

const CONTENT_KEYS = Object.keys(storyboardContentSchema.shape) as (keyof StoryboardContent)[];

/** Edits of the same thing (one narration) this close together are one step of Undo. */
export const COALESCE_MS = 1_500;
/** Steps of Undo kept; older ones are forgotten. */
export const HISTORY_LIMIT = 200;

/** The fields a change touched, as they were and as they became (top-level fields of the content). */
export interface Patch {
  before: Partial<StoryboardContent>;
  after: Partial<StoryboardContent>;
  /** What was edited ("narration:scene-2"), so typing in one field undoes as one step; null: alone. */
  key: string | null;
  at: number;
}

export interface EditorState {
  /** The newest storyboard the server answered for the version the edits build on. */
  saved: Storyboard;
  content: StoryboardContent;
  past: Patch[];
  future: Patch[];
}

export type EditorAction =
  | {
      type: 'edit';
      update: (content: StoryboardContent) => StoryboardContent;
      /** Same key within COALESCE_MS of the last edit: merged into its step. */
      key?: string;
      at: number;
    }
  | { type: 'undo' }
  | { type: 'redo' }
  /** A save answered: `sent` is the content it carried. */
  | { type: 'saved'; storyboard: Storyboard; sent: StoryboardContent }
  /** The server's copy was read again (status, pending render), perhaps a newer version. */
  | { type: 'refreshed'; storyboard: Storyboard }
  /** The user chose another version's content (the newer one of a conflict, a restored one): undoable. */
  | { type: 'replace'; storyboard: Storyboard; at: number }
  /** The user keeps their edits on top of a newer version (a conflict), to save them over it. */
  | { type: 'rebase'; storyboard: Storyboard };

/** The editable part of a storyboard, as a save sends it. */
export function contentOf(storyboard: StoryboardContent): StoryboardContent {
  const content: Partial<Record<keyof StoryboardContent, unknown>> = {};
  for (const key of CONTENT_KEYS) content[key] = storyboard[key];
  return content as StoryboardContent;
}

/** Structural equality of plain JSON data (key order does not matter). */
export function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, index) => sameData(item, b[index]));
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left);
  return (
    keys.length === Object.keys(right).length &&
    keys.every((key) => Object.hasOwn(right, key) && sameData(left[key], right[key]))
  );
}

export function initialEditorState(storyboard: Storyboard): EditorState {
  return { saved: storyboard, content: contentOf(storyboard), past: [], future: [] };
}

/** Whether the content differs from the saved version. */
export function hasUnsavedChanges(state: EditorState): boolean {
  return !sameData(state.content, contentOf(state.saved));
}

function diff(before: StoryboardContent, after: StoryboardContent): Pick<Patch, 'before' | 'after'> | null {
  const patch: Pick<Patch, 'before' | 'after'> = { before: {}, after: {} };
  let changed = false;
  for (const key of CONTENT_KEYS) {
    if (before[key] === after[key] || sameData(before[key], after[key])) continue;
    Object.assign(patch.before, { [key]: before[key] });
    Object.assign(patch.after, { [key]: after[key] });
    changed = true;
  }
  return changed ? patch : null;
}

function record(state: EditorState, next: StoryboardContent, key: string | null, at: number): EditorState {
  const change = diff(state.content, next);
  if (!change) return state;
  const last = state.past.at(-1);
  if (key !== null && last?.key === key && at - last.at < COALESCE_MS) {
    // The step's "before" stays the first one; its "after" grows with the latest values.
    const merged: Patch = {
      before: { ...change.before, ...last.before },
      after: { ...last.after, ...change.after },
      key,
      at,
    };
    return { ...state, content: next, past: [...state.past.slice(0, -1), merged], future: [] };
  }
  const past = [...state.past, { ...change, key, at }].slice(-HISTORY_LIMIT);
  return { ...state, content: next, past, future: [] };
}

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case 'edit':
      return record(state, action.update(state.content), action.key ?? null, action.at);
    case 'undo': {
      const patch = state.past.at(-1);
      if (!patch) return state;
      return {
        ...state,
        content: { ...state.content, ...patch.before },
        past: state.past.slice(0, -1),
        future: [...state.future, patch],
      };
    }
    case 'redo': {
      const patch = state.future.at(-1);
      if (!patch) return state;
      return {
        ...state,
        content: { ...state.content, ...patch.after },
        past: [...state.past, { ...patch, key: null }],
        future: state.future.slice(0, -1),
      };
    }
    case 'saved': {
      if (action.storyboard.version < state.saved.version) return state;
      // Nothing edited while the save ran: the server's copy is the content (it may have
      // normalised it). Edited meanwhile: those edits stay, on top of the new version.
      const untouched = sameData(state.content, action.sent);
      return {
        ...state,
        saved: action.storyboard,
        content: untouched ? contentOf(action.storyboard) : state.content,
      };
    }
    case 'refreshed': {
      const { storyboard } = action;
      if (storyboard.version < state.saved.version) return state;
      if (storyboard.version === state.saved.version) return { ...state, saved: storyboard };
      // A newer version saved elsewhere: taken as it is when nothing here is unsaved; otherwise the
      // next save meets the conflict and the user chooses.
      return hasUnsavedChanges(state)
        ? state
        : { ...state, saved: storyboard, content: contentOf(storyboard) };
    }
    case 'replace':
      return { ...record(state, contentOf(action.storyboard), null, action.at), saved: action.storyboard };
    case 'rebase':
      return { ...state, saved: action.storyboard };
  }
}
