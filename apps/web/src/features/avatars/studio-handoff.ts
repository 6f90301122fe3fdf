import { STORAGE_KEYS, type Avatar } from '@reelcraft/contract';

/**
 * "Use in AI Studio": the avatar's portrait goes to the studio as a subject reference, the way the
 * image library hands images over (spec 001 section 2: local storage key library_selected_images,
 * items with url, filename, gcs_uri and public_url). The studio opens in video mode with it.
 */
export function storeAvatarForStudio(avatar: Avatar): void {
  const item = {
    url: avatar.image_url,
    filename: `${avatar.name}.png`,
    gcs_uri: avatar.gcs_uri,
    public_url: avatar.image_url,
  };
  window.localStorage.setItem(STORAGE_KEYS.librarySelectedImages, JSON.stringify([item]));
}
