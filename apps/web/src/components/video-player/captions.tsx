import {
  defaultFailure,
  getVideoCaptionsSrt,
  getVideoCaptionsVtt,
  playerMessages,
  storyboardMessages,
} from '@reelcraft/contract';
import { useQuery } from '@tanstack/react-query';
import { FileTextIcon } from 'lucide-react';
import { useState } from 'react';
import { callApiBlob, errorMessage } from '../../lib/api-client';
import { useObjectUrl } from '../../lib/use-object-url';
import { buttonClasses, type ButtonSize } from '../button-styles';
import { Spinner } from '../spinner';
import { useToast } from '../toast';
import { videoFileName } from './download-video';

// A video's captions (issue 31): WebVTT for the player's track, SubRip and WebVTT to download. Both
// calls take the token, so the files come as blobs and reach the page as object URLs.

export type CaptionsFormat = 'vtt' | 'srt';

const captionCalls = { vtt: getVideoCaptionsVtt, srt: getVideoCaptionsSrt } as const;

/** GET /videos/{id}/captions.{vtt,srt}: the captions file (404 when the video has none). */
export function fetchVideoCaptions(videoId: string, format: CaptionsFormat, signal?: AbortSignal) {
  return callApiBlob(captionCalls[format], { params: { id: videoId }, signal });
}

/**
 * The WebVTT captions of a video as a URL for the player's <track>, or null while they load and when
 * the video has none (`videoId` null: nothing is asked).
 */
export function useVideoCaptionsUrl(videoId: string | null): string | null {
  const captions = useQuery({
    queryKey: ['captions', videoId, 'vtt'],
    queryFn: ({ signal }) => fetchVideoCaptions(videoId ?? '', 'vtt', signal),
    enabled: videoId !== null,
    // A video's captions never change; one without them has none later either.
    staleTime: Infinity,
    retry: false,
  });
  return useObjectUrl(captions.data);
}

function saveBlob(blob: Blob, fileName: string): void {
  const objectUrl = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the save before the blob goes.
  setTimeout(() => URL.revokeObjectURL(objectUrl), 1_000);
}

/** "Download SRT" and "Download VTT" of a finished video, saved under its title. */
export function CaptionDownloadButtons({
  videoId,
  title,
  size = 'sm',
}: {
  videoId: string;
  title: string;
  size?: ButtonSize;
}) {
  const toast = useToast();
  const [pending, setPending] = useState<CaptionsFormat | null>(null);
  const baseName = videoFileName(title).replace(/\.mp4$/, '');

  async function download(format: CaptionsFormat) {
    setPending(format);
    try {
      saveBlob(await fetchVideoCaptions(videoId, format), `${baseName}.${format}`);
      toast.show({ title: playerMessages.downloadSucceeded, tone: 'success' });
    } catch (error) {
      toast.show({
        title: errorMessage(error, {
          404: storyboardMessages.noCaptions,
          fallback: defaultFailure('download the captions'),
        }),
        tone: 'error',
      });
    } finally {
      setPending(null);
    }
  }

  return (
    <>
      {(['srt', 'vtt'] as const).map((format) => (
        <button
          key={format}
          type="button"
          disabled={pending !== null}
          onClick={() => void download(format)}
          className={buttonClasses({ variant: 'secondary', size })}
        >
          {pending === format ? <Spinner /> : <FileTextIcon aria-hidden="true" className="size-4" />}
          Download {format.toUpperCase()}
        </button>
      ))}
    </>
  );
}
