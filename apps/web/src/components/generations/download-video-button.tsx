import { playerMessages } from '@reelcraft/contract';
import { DownloadIcon } from 'lucide-react';
import { useState } from 'react';
import { buttonClasses } from '../button-styles';
import { Spinner } from '../spinner';
import { useToast } from '../toast';
import { downloadThroughProxy } from './video-download';

/**
 * "Download Video" of a finished video: saved through the API's proxy as `{prefix}-{timestamp}.mp4`,
 * with the player's success or failure toast.
 */
export function DownloadVideoButton({ videoUrl, prefix }: { videoUrl: string; prefix: string }) {
  const toast = useToast();
  const [downloading, setDownloading] = useState(false);

  async function download() {
    setDownloading(true);
    try {
      await downloadThroughProxy(videoUrl, prefix);
      toast.show({ title: playerMessages.downloadSucceeded, tone: 'success' });
    } catch {
      toast.show({ title: playerMessages.downloadFailed, tone: 'error' });
    } finally {
      setDownloading(false);
    }
  }

  return (
    <button type="button" className={buttonClasses()} disabled={downloading} onClick={() => void download()}>
      {downloading ? <Spinner /> : <DownloadIcon aria-hidden="true" className="size-4" />}
      Download Video
    </button>
  );
}
