import { useEffect } from 'react';

// Object URLs of blobs fetched with the token (a scene's still, a video's captions), shared by every
// component showing the same blob and revoked once the last of them is gone.

interface SharedUrl {
  url: string;
  users: number;
}

const shared = new WeakMap<Blob, SharedUrl>();

function sharedUrl(blob: Blob): SharedUrl {
  let entry = shared.get(blob);
  if (!entry) {
    entry = { url: URL.createObjectURL(blob), users: 0 };
    shared.set(blob, entry);
  }
  return entry;
}

/**
 * An object URL of `blob` for an <img>, a <track> or a link; null while there is no blob, and where
 * the browser makes no object URLs. Revoked a tick after its last user unmounts or moves on to
 * another blob (the tick lets StrictMode's second mount take it over instead of a revoked URL).
 */
export function useObjectUrl(blob: Blob | null | undefined): string | null {
  const supported = typeof URL.createObjectURL === 'function';
  const url = blob && supported ? sharedUrl(blob).url : null;
  useEffect(() => {
    if (!blob || !supported) return;
    const entry = sharedUrl(blob);
    entry.users += 1;
    return () => {
      entry.users -= 1;
      setTimeout(() => {
        if (entry.users > 0 || shared.get(blob) !== entry) return;
        shared.delete(blob);
        URL.revokeObjectURL(entry.url);
      }, 0);
    };
  }, [blob, supported]);
  return url;
}
