import { API_BASE_PATH } from '@reelcraft/contract';
import { readAuthToken } from '../../lib/auth-storage';

/** The URL of GET /proxy/video for a stored video. */
export function proxyVideoUrl(videoUrl: string): string {
  return `${API_BASE_PATH}/proxy/video?${new URLSearchParams({ url: videoUrl }).toString()}`;
}

/** Saves a finished video through the API's proxy as `{prefix}-{timestamp}.mp4`. */
export async function downloadThroughProxy(videoUrl: string, prefix: string): Promise<void> {
  const token = readAuthToken();
  const response = await fetch(proxyVideoUrl(videoUrl), {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) throw new Error(`Download failed with status ${response.status}`);
  const blob = await response.blob();
  const objectUrl = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = `${prefix}-${Date.now()}.mp4`;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the save before the blob goes.
  setTimeout(() => URL.revokeObjectURL(objectUrl), 1_000);
}
