import {
  generationMessages,
  STATUS_POLL_INTERVAL_MS,
  VIDEO_EVENT_TYPES,
  videoProgressEventDataSchema,
  type GenerationState,
  type SessionStarted,
} from '@reelcraft/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useGenerationGate } from './generation-gate';
import { useRealtimeEvent } from '../../lib/realtime';
import { useCurrentUser } from '../../lib/session';
import { watchSession } from '../../lib/watched-sessions';
import { useToast } from '../toast';
import { useActiveGeneration } from './api/get-active-generation';
import { generationKeys } from './api/generation-keys';
import { useCompletionEffects } from './completion-effects';
import { readScreenMemory, updateScreenMemory, type CreationKind } from './creation-memory';

/** Where a screen's job stands, and what the screen shows for it. */
export type GenerationPhase =
  /** Asking the server whether a job of this kind is already running (a reload mid-render). */
  | { phase: 'resuming' }
  | { phase: 'idle' }
  /** The gate check and the start call. */
  | { phase: 'starting' }
  | { phase: 'running'; state: GenerationState }
  | { phase: 'completed'; state: GenerationState; videoUrl: string }
  | { phase: 'failed'; error: string };

export interface GenerationJobOptions<Variables> {
  kind: CreationKind;
  /** Sends the start call; runs only once the generation gate has let the user through. */
  start: (variables: Variables) => Promise<SessionStarted>;
  /** Reads the job's state with the kind's own status call. */
  readState: (sessionId: string, signal: AbortSignal) => Promise<GenerationState>;
  /** The text of a refused start, for the toast and the failure panel. */
  describeStartError: (error: unknown) => string;
  /** Lets the screen show a refused start itself (a field of its form); true when it did. */
  showStartErrorInForm?: (error: unknown) => boolean;
  /** The title the screen shows with the job's outcome (its prompt), kept with the job. */
  titleOf?: (variables: Variables) => string;
}

export type GenerationJob<Variables> = GenerationPhase & {
  start: (variables: Variables) => void;
  /** Leaves the outcome (Create Another Video, Try Again) for a fresh form. */
  reset: () => void;
  /** The confetti burst counter of the completion effects. */
  burst: number;
  /** The followed job's title as `titleOf` gave it when it started; null when not known. */
  title: string | null;
  /**
   * The outcome shown is the one of a job that ended while the user was away (a later visit): no
   * celebration, no autoplay.
   */
  fromEarlierVisit: boolean;
};

/** The state a job starts in, before the first poll or event; a storyboard's render names its storyboard. */
export function startingState(
  kind: CreationKind,
  sessionId: string,
  storyboardId: string | null = null,
): GenerationState {
  return {
    session_id: sessionId,
    project_type: kind,
    status: 'processing',
    progress: 0,
    stage: 'file_processing',
    message: null,
    video_id: null,
    video_url: null,
    error: null,
    retrying: false,
    storyboard_id: storyboardId,
  };
}

/**
 * Polls and live events race: an answer that left the server before a newer event must not move the
 * ring backwards, nor turn an ended job back into a running one.
 */
function newerState(current: GenerationState | undefined, next: GenerationState): GenerationState {
  if (!current || current.session_id !== next.session_id) return next;
  if (current.status !== 'processing') return current;
  if (next.status !== 'processing') return next;
  return { ...next, progress: Math.max(current.progress, next.progress) };
}

/**
 * One way for every creation screen to start a generation and follow it to its end (spec 001 section
 * 4): the gate, then the start call; then `useGenerationState` with the kind's status call. On mount
 * it asks the server for a job of this kind that is still running and follows that one, so a reload
 * does not invite a second, paid start. When none runs, the job this screen last followed (kept per
 * user in local storage) is read again, so a visit after it ended shows its outcome until the user
 * leaves it with `reset` (issue 36 item 4).
 */
export function useGenerationJob<Variables>({
  kind,
  start,
  readState,
  describeStartError,
  showStartErrorInForm,
  titleOf,
}: GenerationJobOptions<Variables>): GenerationJob<Variables> {
  const gate = useGenerationGate();
  const toast = useToast();
  const { celebrate, burst } = useCompletionEffects();
  const userId = useCurrentUser()?.id ?? null;

  const [started, setStarted] = useState<GenerationState | null>(null);
  // Once the user leaves a resumed job's outcome, the screen belongs to a new job.
  const [resumeDismissed, setResumeDismissed] = useState(false);
  // The job the last visit followed, read once: followed again when no job of the kind runs.
  const [remembered, setRemembered] = useState(() =>
    userId === null ? null : readScreenMemory(userId, kind),
  );
  const active = useActiveGeneration(kind, started === null && !resumeDismissed);
  const resumed = started ?? (resumeDismissed ? null : (active.data ?? null));
  const rememberedId =
    resumed === null && !resumeDismissed && active.isFetched ? (remembered?.session_id ?? null) : null;
  const sessionId = resumed?.session_id ?? rememberedId;
  // A job started or found running on this visit, as opposed to one that ended while the user was
  // away: only the former's completion is celebrated.
  const followingLive = resumed !== null;

  const startMutation = useMutation({
    mutationFn: async (variables: Variables): Promise<{ sessionId: string; title: string | null } | null> => {
      if (!(await gate())) return null;
      try {
        const answer = await start(variables);
        if (!answer.session_id) throw new Error(generationMessages.noSessionId);
        return { sessionId: answer.session_id, title: titleOf?.(variables) ?? null };
      } catch (error) {
        if (showStartErrorInForm?.(error)) return null;
        throw error;
      }
    },
    onSuccess: (answer) => {
      if (!answer) return;
      setStarted(startingState(kind, answer.sessionId));
      setRemembered({ session_id: answer.sessionId, title: answer.title, drafts: {} });
      if (userId !== null) {
        updateScreenMemory(userId, kind, (screen) => ({
          ...screen,
          session_id: answer.sessionId,
          title: answer.title,
        }));
      }
    },
    onError: (error) =>
      toast.show({
        title: generationMessages.startFailed,
        message: describeStartError(error),
        tone: 'error',
      }),
  });

  const stateQuery = useGenerationState({ sessionId, readState, initialState: resumed });
  // A remembered job the server no longer answers for (deleted, or the read failed): the screen
  // forgets it and shows the form, rather than a failure the user did not cause on this visit.
  const rememberedGone = rememberedId !== null && stateQuery.isError;

  // A running job found on reload is kept too, so its outcome is shown on the next visit.
  const resumedId = resumed?.session_id ?? null;
  useEffect(() => {
    if (userId === null || resumedId === null) return;
    updateScreenMemory(userId, kind, (screen) =>
      screen.session_id === resumedId ? screen : { ...screen, session_id: resumedId, title: null },
    );
  }, [userId, kind, resumedId]);

  const forgetStored = useCallback(() => {
    if (userId !== null) {
      updateScreenMemory(userId, kind, (screen) => ({ ...screen, session_id: null, title: null }));
    }
  }, [userId, kind]);
  useEffect(() => {
    if (rememberedGone) forgetStored();
  }, [rememberedGone, forgetStored]);

  const phase = currentPhase({
    starting: startMutation.isPending,
    startError: startMutation.isError ? describeStartError(startMutation.error) : null,
    resuming: (resumed === null && active.isLoading) || (rememberedId !== null && stateQuery.isPending),
    state: sessionId === null || rememberedGone ? null : (stateQuery.data ?? resumed),
    checkFailed: stateQuery.isError,
  });

  const completedUrl = phase.phase === 'completed' ? phase.videoUrl : null;
  const celebratedSession = useRef<string | null>(null);
  useEffect(() => {
    if (completedUrl === null || !followingLive || celebratedSession.current === sessionId) return;
    celebratedSession.current = sessionId;
    celebrate(completedUrl);
  }, [completedUrl, followingLive, sessionId, celebrate]);

  const { mutate, reset: resetStart } = startMutation;
  const reset = useCallback(() => {
    resetStart();
    setStarted(null);
    setResumeDismissed(true);
    setRemembered(null);
    forgetStored();
  }, [resetStart, forgetStored]);

  const title = sessionId !== null && remembered?.session_id === sessionId ? remembered.title : null;
  const fromEarlierVisit = sessionId !== null && !followingLive;
  return { ...phase, start: mutate, reset, burst, title, fromEarlierVisit };
}

/**
 * Follows one generation to its end: `readState` every STATUS_POLL_INTERVAL_MS while it runs, with
 * the `/ws` progress events written into the same cache between polls (a completed event carries the
 * video URL, so no further poll is needed). `initialState` is the first state (the start or the
 * resume answer), so the first poll is due one interval later. A failed read ends the following.
 */
export function useGenerationState({
  sessionId,
  readState,
  initialState,
}: {
  sessionId: string | null;
  readState: (sessionId: string, signal: AbortSignal) => Promise<GenerationState>;
  initialState?: GenerationState | null;
}) {
  const queryClient = useQueryClient();
  const stateKey = generationKeys.state(sessionId ?? '');
  const stateQuery = useQuery({
    queryKey: stateKey,
    queryFn: async ({ signal }) =>
      newerState(queryClient.getQueryData(stateKey), await readState(sessionId ?? '', signal)),
    enabled: sessionId !== null,
    initialData: initialState ?? undefined,
    staleTime: Infinity,
    // A failed check ends the following (spec 001 section 4): no retry, no further poll.
    retry: false,
    refetchInterval: (query) =>
      query.state.status !== 'error' && query.state.data?.status === 'processing'
        ? STATUS_POLL_INTERVAL_MS
        : false,
    // A job that ends while the tab is hidden still plays its completion effects.
    refetchIntervalInBackground: true,
  });

  // While this screen shows the job, its outcome is not news: the notification is kept as read.
  useEffect(() => (sessionId === null ? undefined : watchSession(sessionId)), [sessionId]);

  useRealtimeEvent(VIDEO_EVENT_TYPES.progress, (message) => {
    const event = videoProgressEventDataSchema.safeParse(message.data);
    if (!event.success || sessionId === null || event.data.session_id !== sessionId) return;
    if (event.data.status === 'completed' && !event.data.video_url) {
      // An event without the URL cannot show the video: the status call reads it now.
      void queryClient.invalidateQueries({ queryKey: stateKey });
      return;
    }
    queryClient.setQueryData<GenerationState>(stateKey, (current) => newerState(current, event.data));
  });

  return stateQuery;
}

function currentPhase({
  starting,
  startError,
  resuming,
  state,
  checkFailed,
}: {
  starting: boolean;
  startError: string | null;
  resuming: boolean;
  state: GenerationState | null;
  checkFailed: boolean;
}): GenerationPhase {
  if (starting) return { phase: 'starting' };
  if (startError !== null) return { phase: 'failed', error: startError };
  if (state === null) return resuming ? { phase: 'resuming' } : { phase: 'idle' };
  if (checkFailed) return { phase: 'failed', error: generationMessages.statusCheckFailed };
  switch (state.status) {
    case 'completed':
      return state.video_url
        ? { phase: 'completed', state, videoUrl: state.video_url }
        : { phase: 'failed', error: generationMessages.completedWithoutUrl };
    case 'failed':
      return { phase: 'failed', error: state.error ?? generationMessages.generationFailed };
    case 'processing':
      return { phase: 'running', state };
  }
}
