import { getScenePreview } from '@reelcraft/contract';
import { useQuery } from '@tanstack/react-query';
import { callApiBlob } from '../../../lib/api-client';
import { useObjectUrl } from '../../../lib/use-object-url';
import { storyboardKeys } from './storyboard-keys';

/** GET /storyboards/{id}/scenes/{scene_id}/preview: a PNG of the saved scene as the renderer draws it. */
export function fetchScenePreview(id: string, sceneId: string, signal?: AbortSignal): Promise<Blob> {
  return callApiBlob(getScenePreview, { params: { id, scene_id: sceneId }, signal });
}

/**
 * The still of a saved scene as an image URL (null while it loads, or for a scene not saved yet).
 * `shape` is what the still depends on as saved (the scene's visual, the aspect ratio): it is read
 * again when that changes, and kept when only the version moved on.
 */
export function useScenePreviewUrl(id: string, sceneId: string, shape: string | null) {
  const preview = useQuery({
    queryKey: storyboardKeys.preview(id, sceneId, shape ?? ''),
    queryFn: ({ signal }) => fetchScenePreview(id, sceneId, signal),
    enabled: shape !== null,
    staleTime: Infinity,
    retry: false,
  });
  return { url: useObjectUrl(preview.data), loading: preview.isFetching, failed: preview.isError };
}
