import type { GenerationState } from '@reelcraft/contract';
import { useQuery } from '@tanstack/react-query';
import { fetchGeneration } from '../../../components/generations';

/**
 * The storyboard a finished text video was rendered from. The text session call does not say; a live
 * event does, else GET /generations/{session_id} is asked once. Null for a video without one.
 */
export function useGenerationStoryboardId(state: GenerationState | null): string | null {
  const lookup = useQuery({
    queryKey: ['text-to-video', 'storyboard-of', state?.session_id ?? ''],
    queryFn: ({ signal }) => fetchGeneration(state?.session_id ?? '', signal),
    enabled: state !== null && state.storyboard_id === null,
    staleTime: Infinity,
    retry: false,
  });
  return state?.storyboard_id ?? lookup.data?.storyboard_id ?? null;
}
