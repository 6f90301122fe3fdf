import { STORAGE_KEYS, type LibraryImage } from '@reelcraft/contract';
import { paths } from '../../lib/paths';

/** One image handed to a creation screen through local storage (spec 001 section 3). */
export interface SelectedLibraryImage {
  url: string;
  filename: string;
  gcs_uri: string;
  public_url: string;
}

export const libraryTargets = {
  'image-to-video': { label: 'Create Video from Images', to: `${paths.imageToVideo}?tab=create` },
  'image-enhancement': { label: 'Image Enhancement', to: `${paths.imageToVideo}?tab=enhance` },
  'ai-studio': { label: 'AI Studio', to: paths.studio },
} as const;
export type LibraryTarget = keyof typeof libraryTargets;

/** Writes the picked images under `library_selected_images` for the target screen to read. */
export function storeSelectedImages(images: readonly LibraryImage[]): void {
  const items: SelectedLibraryImage[] = images.map(({ url, filename, gcs_uri, public_url }) => ({
    url,
    filename,
    gcs_uri,
    public_url,
  }));
  window.localStorage.setItem(STORAGE_KEYS.librarySelectedImages, JSON.stringify(items));
}

/** Where Back goes: the screen that sent the user here (with its tab), else the dashboard. */
export function backTarget(returnTo: string | null, tab: string | null): string {
  const suffix = tab ? `?${new URLSearchParams({ tab }).toString()}` : '';
  if (returnTo === 'image-to-video') return `${paths.imageToVideo}${suffix}`;
  if (returnTo === 'ai-studio') return paths.studio;
  return paths.dashboard;
}
