import { playerMessages } from '@reelcraft/contract';
import { useCallback, useState } from 'react';
import { useToast } from '../toast';

/** The file name a video downloads under: its title, non-alphanumerics as underscores, plus `.mp4`. */
export function videoFileName(title: string): string {
  const base = title.replace(/[^a-zA-Z0-9]/g, '_');
  return `${base || 'video'}.mp4`;
}

/** Saves a URL's body under `fileName` through an object URL, so the name holds on any origin. */
export async function downloadUrl(url: string, fileName: string): Promise<void> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`Download failed with status ${response.status}`);
  const blob = await response.blob();
  const objectUrl = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = objectUrl;
    link.download = fileName;
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Give the browser a moment to start the save before the blob goes.
    setTimeout(() => URL.revokeObjectURL(objectUrl), 1_000);
  }
}

/**
 * Downloads a video under its title's file name and says how it went in a toast. `downloading` is the
 * URL being fetched, if any, so a button can show its progress.
 */
export function useVideoDownload() {
  const toast = useToast();
  const [downloading, setDownloading] = useState<string | null>(null);
  const download = useCallback(
    async (url: string, title: string) => {
      setDownloading(url);
      try {
        await downloadUrl(url, videoFileName(title));
        toast.show({ title: playerMessages.downloadSucceeded, tone: 'success' });
      } catch {
        toast.show({ title: playerMessages.downloadFailed, tone: 'error' });
      } finally {
        setDownloading(null);
      }
    },
    [toast],
  );
  return { download, downloading };
}
