/** Query keys of the storyboards area: one factory, so no two keys collide. */
export const storyboardKeys = {
  all: ['storyboards'] as const,
  detail: (id: string) => [...storyboardKeys.all, 'detail', id] as const,
  versions: (id: string) => [...storyboardKeys.all, 'detail', id, 'versions'] as const,
  /** A scene's still, by what shapes it (not by version): an unchanged scene keeps its image. */
  preview: (id: string, sceneId: string, shape: string) =>
    [...storyboardKeys.all, 'detail', id, 'preview', sceneId, shape] as const,
  illustrations: (q: string) => [...storyboardKeys.all, 'illustrations', q] as const,
  libraryImages: () => [...storyboardKeys.all, 'library-images'] as const,
  video: (videoId: string) => [...storyboardKeys.all, 'video', videoId] as const,
};
