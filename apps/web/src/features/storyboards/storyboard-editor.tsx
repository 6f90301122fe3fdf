import {
  defaultFailure,
  generationMessages,
  STORYBOARD_LIMITS,
  storyboardMessages,
  type GenerationState,
  type SceneSubject,
  type Storyboard,
  type StoryboardConflict,
  type StoryboardContent,
} from '@reelcraft/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PlusIcon } from 'lucide-react';
import { useCallback, useEffect, useId, useMemo, useReducer, useRef, useState } from 'react';
import {
  Confetti,
  fetchGeneration,
  startingState,
  useCompletionEffects,
  useGenerationGate,
  useGenerationState,
  type CreationKind,
} from '../../components/generations';
import { useToast } from '../../components/toast';
import { errorMessage } from '../../lib/api-client';
import { useStoryboard } from './api/get-storyboard';
import { useLibraryImages } from './api/list-library-images';
import { postStoryboardRender } from './api/render-storyboard';
import { postRestoreVersion } from './api/restore-storyboard-version';
import { putStoryboard, saveConflict } from './api/save-storyboard';
import { storyboardKeys } from './api/storyboard-keys';
import { ConflictDialog } from './conflict-dialog';
import { EditorHeader, type RenderButton, type SaveState } from './editor-header';
import { editorReducer, hasUnsavedChanges, initialEditorState, sameData } from './editor-state';
import { RenderPanel, type RenderView } from './render-panel';
import { renderSummary } from './render-summary';
import {
  addScene,
  addSubject,
  deleteScene,
  duplicateScene,
  moveScene,
  totalSeconds,
  updateScene,
} from './scene-edits';
import { SceneList } from './scene-list';
import type { SceneUpdate } from './scene-card';
import { SettingsPanel } from './settings-panel';
import {
  errorAt,
  NO_ERRORS,
  serverFieldErrors,
  unplacedErrors,
  validateContent,
  type FieldErrors,
} from './storyboard-validation';
import { SubjectPicker } from './subject-picker';
import { VersionHistoryDialog } from './version-history-dialog';

/** Edits are saved this long after the last one (a save is a version: not one per keystroke). */
export const AUTOSAVE_MS = 1_200;
/** A storyboard renders as a text-to-video job (its server-side kind). */
const RENDER_KIND: CreationKind = 'text-to-video';

/** Two error maps as one; the first one's message wins for a path both name. */
function mergeErrors(first: FieldErrors, second: FieldErrors): FieldErrors {
  if (second.size === 0) return first;
  if (first.size === 0) return second;
  return new Map([...second, ...first]);
}

/**
 * The storyboard editor (issue 31): one reducer holds the storyboard as saved and as edited, with
 * Undo/Redo; edits are checked against the contract as they are made and saved a moment after the
 * last one (a save is a new version; a 409 asks the user what to keep). Render asks for what the
 * saved version would render and cost, then follows the job with the generation kit.
 */
export function StoryboardEditor({ initial }: { initial: Storyboard }) {
  const id = initial.id;
  const queryClient = useQueryClient();
  const toast = useToast();
  const scenesHeadingId = useId();
  const settingsHeadingId = useId();
  const scenesRef = useRef<HTMLElement>(null);
  const [state, dispatch] = useReducer(editorReducer, initial, initialEditorState);
  const { saved, content } = state;

  // The server's copy, read again while it renders and after saves: its status, costs and newest
  // video go into the editor's saved storyboard (the edits stay).
  const { data: fresh } = useStoryboard(id);
  const [seenFresh, setSeenFresh] = useState(fresh);
  if (fresh !== seenFresh) {
    setSeenFresh(fresh);
    if (fresh) dispatch({ type: 'refreshed', storyboard: fresh });
  }

  const dirty = hasUnsavedChanges(state);
  const clientErrors = useMemo(() => validateContent(content), [content]);
  const [serverErrors, setServerErrors] = useState<FieldErrors>(NO_ERRORS);
  const errors = mergeErrors(clientErrors, serverErrors);
  const valid = clientErrors.size === 0;

  const edit = useCallback((update: (content: StoryboardContent) => StoryboardContent, key?: string) => {
    dispatch({ type: 'edit', update, key, at: Date.now() });
    // A 422's issues were about the content as sent: an edit makes them old news.
    setServerErrors((current) => (current.size === 0 ? current : NO_ERRORS));
  }, []);
  const editScene = useCallback(
    (sceneId: string, ...[update, key]: Parameters<SceneUpdate>) =>
      edit((current) => updateScene(current, sceneId, update), key),
    [edit],
  );

  // --- Saving ---
  const [conflict, setConflict] = useState<StoryboardConflict | null>(null);
  const [conflictOpen, setConflictOpen] = useState(false);
  const [saveFailure, setSaveFailure] = useState<{ content: StoryboardContent; message: string } | null>(
    null,
  );
  const saveMutation = useMutation({
    mutationFn: ({ content: sent, version }: { content: StoryboardContent; version: number }) =>
      putStoryboard(id, { ...sent, version }),
    onSuccess: (storyboard, { content: sent }) => {
      dispatch({ type: 'saved', storyboard, sent });
      queryClient.setQueryData(storyboardKeys.detail(id), storyboard);
      void queryClient.invalidateQueries({ queryKey: storyboardKeys.versions(id) });
      setSaveFailure(null);
    },
    onError: (error, { content: sent }) => {
      const found = saveConflict(error);
      if (found) {
        setConflict(found);
        setConflictOpen(true);
        return;
      }
      const fields = serverFieldErrors(error);
      if (fields) setServerErrors(fields);
      setSaveFailure({
        content: sent,
        message: fields
          ? 'check the marked fields'
          : errorMessage(error, { fallback: defaultFailure('save the storyboard') }),
      });
    },
  });
  const { mutate: sendSave, isPending: saving } = saveMutation;
  const canSave = dirty && valid && !saving;
  const saveNow = useCallback(() => {
    if (conflict) {
      setConflictOpen(true);
      return;
    }
    if (canSave) sendSave({ content, version: saved.version });
  }, [conflict, canSave, sendSave, content, saved.version, setConflictOpen]);

  // Saved a moment after the last edit; not again for content whose save just failed (Save retries).
  const failedContent = saveFailure?.content ?? null;
  useEffect(() => {
    if (!dirty || !valid || saving || conflict !== null || content === failedContent) return;
    const timer = setTimeout(() => sendSave({ content, version: saved.version }), AUTOSAVE_MS);
    return () => clearTimeout(timer);
  }, [content, dirty, valid, saving, conflict, failedContent, saved.version, sendSave]);

  const resolveConflict = (choice: 'newest' | 'mine') => {
    if (!conflict) return;
    dispatch(
      choice === 'newest'
        ? { type: 'replace', storyboard: conflict.current, at: Date.now() }
        : { type: 'rebase', storyboard: conflict.current },
    );
    queryClient.setQueryData(storyboardKeys.detail(id), conflict.current);
    setConflict(null);
    setConflictOpen(false);
    setSaveFailure(null);
  };

  // --- Undo, redo and save from the keyboard ---
  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
      // A dialog (the history, the picker) keeps its keys.
      if (document.querySelector('dialog[open]')) return;
      const key = event.key.toLowerCase();
      if (key === 'z' || (key === 'y' && !event.metaKey)) {
        event.preventDefault();
        dispatch({ type: key === 'y' || event.shiftKey ? 'redo' : 'undo' });
      } else if (key === 's') {
        event.preventDefault();
        saveNow();
      }
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [saveNow]);

  // --- Versions ---
  const [historyOpen, setHistoryOpen] = useState(false);
  const restoreMutation = useMutation({
    mutationFn: (version: number) => postRestoreVersion(id, version),
    onSuccess: (storyboard, version) => {
      dispatch({ type: 'replace', storyboard, at: Date.now() });
      queryClient.setQueryData(storyboardKeys.detail(id), storyboard);
      void queryClient.invalidateQueries({ queryKey: storyboardKeys.versions(id) });
      setHistoryOpen(false);
      setConflict(null);
      toast.show({ title: `Version ${version} restored as version ${storyboard.version}`, tone: 'success' });
    },
    onError: (error) =>
      toast.show({
        title: errorMessage(error, {
          404: storyboardMessages.versionNotFound,
          fallback: defaultFailure('restore the version'),
        }),
        tone: 'error',
      }),
  });

  // --- Rendering ---
  const gate = useGenerationGate();
  const { celebrate, burst } = useCompletionEffects();
  const [started, setStarted] = useState<GenerationState | null>(null);
  const [dismissed, setDismissed] = useState<string | null>(null);
  // A render this page did not start (a reload mid-render, another tab): the storyboard names it.
  const resumed = useMemo(
    () => (saved.render_session_id ? startingState(RENDER_KIND, saved.render_session_id, id) : null),
    [saved.render_session_id, id],
  );
  const followed = started ?? resumed;
  const generation = useGenerationState({
    sessionId: followed?.session_id ?? null,
    readState: fetchGeneration,
    initialState: followed,
  });
  const job = followed ? (generation.data ?? followed) : null;

  const summary = renderSummary(saved);
  const renderMutation = useMutation({
    mutationFn: async (version: number) => {
      // A render that takes a video passes the gate first (a free one needs no video left).
      if (saved.pending_render.videos_cost > 0 && !(await gate())) return null;
      return postStoryboardRender(id, version);
    },
    onSuccess: (answer) => {
      if (!answer) return;
      setStarted(startingState(RENDER_KIND, answer.session_id, id));
      setDismissed(null);
      queryClient.setQueryData<Storyboard>(storyboardKeys.detail(id), (current) =>
        current ? { ...current, status: 'rendering' } : current,
      );
    },
    onError: (error) => {
      toast.show({
        title: generationMessages.startFailed,
        message: errorMessage(error, { fallback: generationMessages.startFailed }),
        tone: 'error',
      });
      void queryClient.invalidateQueries({ queryKey: storyboardKeys.detail(id) });
    },
  });

  // The end of a render: its effects once, and the storyboard read again (status, costs, video).
  const endedSession = useRef<string | null>(null);
  const jobEnded = job !== null && job.status !== 'processing';
  useEffect(() => {
    if (!job || !jobEnded || endedSession.current === job.session_id) return;
    endedSession.current = job.session_id;
    if (job.status === 'completed' && job.video_url) celebrate(job.video_url);
    void queryClient.invalidateQueries({ queryKey: storyboardKeys.detail(id) });
  }, [job, jobEnded, celebrate, queryClient, id]);

  const stale = saved.rendered_version !== null && saved.rendered_version !== saved.version;
  let view: RenderView = { kind: 'none' };
  if (job?.status === 'processing' && !generation.isError) view = { kind: 'running', state: job };
  else if (job && dismissed !== job.session_id && (job.status === 'failed' || generation.isError)) {
    view = {
      kind: 'failed',
      error: generation.isError
        ? generationMessages.statusCheckFailed
        : (job.error ?? generationMessages.generationFailed),
    };
  } else if (job?.status === 'completed' && job.video_url) {
    view = {
      kind: 'ready',
      videoUrl: job.video_url,
      videoId: job.video_id,
      // Known once the storyboard is read again after the render (this render's own setting).
      captionsInPicture:
        saved.video_id === job.video_id ? saved.video_captions_in_picture : saved.captions.enabled,
      renderedVersion: saved.rendered_version,
      stale,
    };
  } else if (saved.status === 'rendering') view = { kind: 'waiting' };
  else if (saved.video_url && saved.video_id) {
    view = {
      kind: 'ready',
      videoUrl: saved.video_url,
      videoId: saved.video_id,
      captionsInPicture: saved.video_captions_in_picture,
      renderedVersion: saved.rendered_version,
      stale,
    };
  }

  const rendering =
    saved.status === 'rendering' ||
    view.kind === 'running' ||
    view.kind === 'waiting' ||
    renderMutation.isPending;
  let renderButton: RenderButton;
  if (rendering) {
    renderButton = {
      label: 'Rendering…',
      detail: null,
      disabled: true,
      busy: true,
      onClick: () => undefined,
    };
  } else if (conflict) {
    renderButton = {
      label: 'Resolve the conflict to render',
      detail: null,
      disabled: false,
      busy: false,
      onClick: () => setConflictOpen(true),
    };
  } else if (saving) {
    renderButton = { label: 'Saving…', detail: null, disabled: true, busy: true, onClick: () => undefined };
  } else if (dirty && !valid) {
    renderButton = {
      label: 'Fix the marked fields to render',
      detail: null,
      disabled: true,
      busy: false,
      onClick: () => undefined,
    };
  } else if (dirty) {
    renderButton = {
      label: 'Save to render',
      detail: 'Saving shows what renders again and what it costs.',
      disabled: false,
      busy: false,
      onClick: saveNow,
    };
  } else {
    renderButton = {
      label: summary.label,
      detail: summary.needed ? summary.detail : storyboardMessages.nothingToRender,
      disabled: !summary.needed,
      busy: false,
      onClick: () => renderMutation.mutate(saved.version),
    };
  }

  let saveState: SaveState;
  if (conflict) saveState = { kind: 'conflict' };
  else if (saving) saveState = { kind: 'saving' };
  else if (saveFailure && saveFailure.content === content)
    saveState = { kind: 'failed', message: saveFailure.message };
  else if (dirty) saveState = { kind: 'unsaved' };
  else saveState = { kind: 'saved', version: saved.version };

  // --- Scenes ---
  const [announcement, setAnnouncement] = useState('');
  const [pickerSceneId, setPickerSceneId] = useState<string | null>(null);
  const pickerScene = content.scenes.findIndex((scene) => scene.id === pickerSceneId);
  const previewShapes = useMemo(
    () =>
      new Map(
        saved.scenes.map((scene) => [
          scene.id,
          JSON.stringify([saved.aspect_ratio, scene.duration_seconds, scene.visual]),
        ]),
      ),
    [saved.scenes, saved.aspect_ratio],
  );
  const changedIds = useMemo(() => {
    const before = new Map(saved.scenes.map((scene) => [scene.id, scene]));
    return new Set(
      content.scenes.filter((scene) => !sameData(scene, before.get(scene.id))).map((scene) => scene.id),
    );
  }, [saved.scenes, content.scenes]);
  const hasImageSubjects = content.scenes.some((scene) =>
    scene.visual.subjects.some((subject) => subject.kind === 'image'),
  );
  const library = useLibraryImages(hasImageSubjects);
  const imageUrlOf = useCallback(
    (subject: Extract<SceneSubject, { kind: 'image' }>) => {
      if (/^(https?:\/\/|\/)/.test(subject.image_url)) return subject.image_url;
      return library.data?.find((image) => image.gcs_uri === subject.image_url)?.url ?? null;
    },
    [library.data],
  );

  function editAgain() {
    const section = scenesRef.current;
    section?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
    section?.querySelector<HTMLTextAreaElement>('textarea')?.focus({ preventScroll: true });
  }

  const unplaced = unplacedErrors(errors);
  const canAddScene = content.scenes.length < STORYBOARD_LIMITS.maxScenes;

  return (
    <div className="mx-auto flex w-full max-w-7xl min-w-0 flex-col gap-6 px-4 py-6 sm:px-6 sm:py-8 lg:px-8">
      <title>{`${content.title.trim() || 'Storyboard'} · ReelCraft`}</title>
      <Confetti burst={burst} />
      <p role="status" className="sr-only">
        {announcement}
      </p>
      <EditorHeader
        title={content.title}
        titleError={errors.get('title')}
        onTitle={(title) => edit((current) => ({ ...current, title }), 'title')}
        seconds={totalSeconds(content)}
        durationError={errors.get('duration')}
        version={saved.version}
        status={saved.status}
        save={saveState}
        onSave={saveNow}
        canSave={canSave || conflict !== null}
        canUndo={state.past.length > 0}
        canRedo={state.future.length > 0}
        onUndo={() => dispatch({ type: 'undo' })}
        onRedo={() => dispatch({ type: 'redo' })}
        onHistory={() => setHistoryOpen(true)}
        render={renderButton}
      />

      {unplaced.length > 0 ? (
        <ul
          role="alert"
          className="rounded-xl border border-red-300 bg-red-50 p-3 text-sm text-red-700 dark:border-red-500/30 dark:bg-red-500/10 dark:text-red-300"
        >
          {unplaced.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      ) : null}

      <RenderPanel
        view={view}
        title={content.title}
        onDismissFailure={() => {
          if (job) setDismissed(job.session_id);
          setStarted(null);
        }}
        onEditAgain={editAgain}
      />

      <div className="grid min-w-0 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start xl:grid-cols-[minmax(0,1fr)_22rem]">
        <section
          ref={scenesRef}
          aria-labelledby={scenesHeadingId}
          className="flex min-w-0 scroll-mt-4 flex-col gap-3"
        >
          <div className="flex items-baseline justify-between gap-2">
            <h2 id={scenesHeadingId} className="text-lg font-semibold">
              Scenes
            </h2>
            <span className="text-sm text-zinc-500 dark:text-zinc-400">
              {content.scenes.length} of at most {STORYBOARD_LIMITS.maxScenes}
            </span>
          </div>
          {errorAt(errors, 'scenes') ? (
            <p role="alert" className="text-sm text-red-600 dark:text-red-400">
              {errorAt(errors, 'scenes')}
            </p>
          ) : null}
          <SceneList
            storyboardId={id}
            scenes={content.scenes}
            errors={errors}
            aspectRatio={content.aspect_ratio}
            previewShapes={previewShapes}
            changedIds={changedIds}
            imageUrlOf={imageUrlOf}
            canAdd={canAddScene}
            onChange={editScene}
            onMove={(from, to) => edit((current) => moveScene(current, from, to))}
            onDuplicate={(sceneId) => edit((current) => duplicateScene(current, sceneId))}
            onDelete={(sceneId) => {
              const position = content.scenes.findIndex((scene) => scene.id === sceneId);
              edit((current) => deleteScene(current, sceneId));
              setAnnouncement(`Scene ${position + 1} deleted. Undo brings it back.`);
            }}
            onAddSubject={setPickerSceneId}
            announce={setAnnouncement}
          />
          <button
            type="button"
            disabled={!canAddScene}
            onClick={() => {
              edit((current) => addScene(current));
              setAnnouncement(`Scene ${content.scenes.length + 1} added.`);
            }}
            className="flex h-12 w-full items-center justify-center gap-2 rounded-2xl border border-dashed border-zinc-300 text-sm font-medium text-zinc-700 hover:border-violet-400 hover:text-violet-700 disabled:cursor-not-allowed disabled:opacity-50 dark:border-white/20 dark:text-zinc-300 dark:hover:border-violet-400 dark:hover:text-violet-300"
          >
            <PlusIcon aria-hidden="true" className="size-4" />
            Add scene
          </button>
        </section>

        <aside
          aria-labelledby={settingsHeadingId}
          className="min-w-0 rounded-2xl border border-zinc-200 bg-white p-4 lg:sticky lg:top-4 dark:border-white/10 dark:bg-white/[0.03]"
        >
          <h2 id={settingsHeadingId} className="mb-4 text-lg font-semibold">
            Video settings
          </h2>
          <SettingsPanel content={content} onChange={edit} voiceError={errors.get('voice_id')} />
        </aside>
      </div>

      <SubjectPicker
        open={pickerScene >= 0}
        sceneNumber={pickerScene + 1}
        onClose={() => setPickerSceneId(null)}
        onPick={(subject) => {
          if (pickerSceneId) editScene(pickerSceneId, (scene) => addSubject(scene, subject));
        }}
      />
      <VersionHistoryDialog
        open={historyOpen}
        storyboardId={id}
        currentVersion={saved.version}
        restoring={restoreMutation.isPending ? (restoreMutation.variables ?? null) : null}
        onRestore={(version) => restoreMutation.mutate(version)}
        onClose={() => setHistoryOpen(false)}
      />
      <ConflictDialog
        conflict={conflict}
        open={conflictOpen}
        onLoadNewest={() => resolveConflict('newest')}
        onKeepMine={() => resolveConflict('mine')}
        onClose={() => setConflictOpen(false)}
      />
    </div>
  );
}
