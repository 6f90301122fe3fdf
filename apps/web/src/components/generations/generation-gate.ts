import { generationGateMessages, type VideoCountAnswer } from '@reelcraft/contract';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useToast } from '../toast';
import { paths } from '../../lib/paths';
import { videoCountQueryKey, videoCountQueryOptions } from '../../lib/video-count';

// The generation gate every creation screen runs before it starts a job (spec 000 section 4, spec 001
// section 2): a fresh video count decides. The server enforces the quota when the job is accepted;
// this only spares the user a form they cannot send.

export type GenerationGate =
  | { outcome: 'allowed'; count: VideoCountAnswer }
  | {
      outcome: 'no-videos' | 'disabled' | 'check-failed';
      /** The catalogue's text, verbatim. */
      message: string;
      severity: 'warning' | 'error';
      /** Where the user is sent: the plans, or the dashboard for the studio's failed check. */
      redirectTo: string;
    };

export interface GenerationGateOptions {
  /** The AI Studio's entry check: a failed check reads differently and goes to /dashboard. */
  variant?: 'default' | 'studio';
}

/** The gate's answer for a known video count (generation needs can_generate and a video left). */
export function generationGateFor(count: VideoCountAnswer): GenerationGate {
  if (count.remaining_videos <= 0) {
    return {
      outcome: 'no-videos',
      message: generationGateMessages.noVideosRemaining,
      severity: 'warning',
      redirectTo: paths.subscriptionPlans,
    };
  }
  if (!count.can_generate) {
    return {
      outcome: 'disabled',
      message: generationGateMessages.generationDisabled,
      severity: 'error',
      redirectTo: paths.subscriptionPlans,
    };
  }
  return { outcome: 'allowed', count };
}

/** The gate's answer when the count could not be read. */
export function generationCheckFailed({ variant = 'default' }: GenerationGateOptions = {}): GenerationGate {
  return variant === 'studio'
    ? {
        outcome: 'check-failed',
        message: generationGateMessages.studioCheckFailed,
        severity: 'error',
        redirectTo: paths.dashboard,
      }
    : {
        outcome: 'check-failed',
        message: generationGateMessages.checkFailed,
        severity: 'error',
        redirectTo: paths.subscriptionPlans,
      };
}

/**
 * Reads the video count afresh (and refreshes the shared cache with it) and says whether a new video
 * may be started. Never rejects: a failed read is the `check-failed` outcome.
 */
export async function checkGenerationAllowed(
  queryClient: QueryClient,
  options: GenerationGateOptions = {},
): Promise<GenerationGate> {
  try {
    const count = await queryClient.fetchQuery({ ...videoCountQueryOptions(), staleTime: 0 });
    return generationGateFor(count);
  } catch {
    // A failed refresh must not leave a stale "allowed" behind for the next screen.
    void queryClient.invalidateQueries({ queryKey: videoCountQueryKey });
    return generationCheckFailed(options);
  }
}

/**
 * For creation screens: `const gate = useGenerationGate(); if (!(await gate())) return;` checks the
 * gate and, when it says no, shows its message as a toast and sends the user where it points.
 */
export function useGenerationGate(options: GenerationGateOptions = {}): () => Promise<boolean> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  const { variant = 'default' } = options;
  return useCallback(async () => {
    const gate = await checkGenerationAllowed(queryClient, { variant });
    if (gate.outcome === 'allowed') return true;
    toast.show({
      title: gate.outcome === 'no-videos' ? 'No videos left' : 'Cannot create a video',
      message: gate.message,
      tone: gate.severity === 'warning' ? 'info' : 'error',
    });
    void navigate(gate.redirectTo);
    return false;
  }, [queryClient, navigate, toast, variant]);
}
