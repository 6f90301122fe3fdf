import type { Storyboard } from '@reelcraft/contract';

/** What the Render button says and whether it can be pressed, from the saved storyboard. */
export interface RenderSummary {
  /** "Render · 6 scenes · uses 1 video", "Render changes · 2 of 6 scenes · free". */
  label: string;
  /** "2 scenes render again", for the line under the button; null when nothing would. */
  detail: string | null;
  /** False when nothing changed since the last render. */
  needed: boolean;
}

function scenes(count: number): string {
  return `${count} scene${count === 1 ? '' : 's'}`;
}

/**
 * The render a click would start (the server's `pending_render`): which scenes render again and what
 * it costs. Before the first render every scene renders; after it, only the changed ones.
 */
export function renderSummary(storyboard: Storyboard): RenderSummary {
  const { scene_ids: sceneIds, videos_cost: cost } = storyboard.pending_render;
  const total = storyboard.scenes.length;
  const price = cost === 0 ? 'free' : `uses ${cost} video`;
  const firstRender = storyboard.rendered_version === null || storyboard.video_id === null;
  if (firstRender) {
    return {
      label: `Render · ${scenes(total)} · ${price}`,
      detail: `${scenes(total)} to render`,
      needed: true,
    };
  }
  const upToDate = storyboard.rendered_version === storyboard.version;
  if (sceneIds.length === 0 && upToDate) {
    return { label: 'Nothing to render', detail: null, needed: false };
  }
  const count = sceneIds.length;
  return {
    label: `Render changes · ${count} of ${scenes(total)} · ${price}`,
    detail:
      count === 0
        ? 'No scene renders again: only the video is put together anew'
        : `${scenes(count)} render${count === 1 ? 's' : ''} again`,
    needed: true,
  };
}
