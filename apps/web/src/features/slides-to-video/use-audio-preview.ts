import { useCallback, useEffect, useRef, useState } from 'react';

export interface AudioPreview {
  /** The key of what plays now (a voice id, a slide's key), or null. */
  playing: string | null;
  /** The key whose audio is being prepared (a narration sent to the voice). */
  loading: string | null;
  /** Why the last preview of `key` could not play. */
  failure: { key: string; message: string } | null;
  /** Plays `key` (stopping whatever played), or stops it when it is the one playing. */
  toggle: (key: string, source: string | (() => Promise<string>)) => void;
  stop: () => void;
}

/**
 * One preview at a time on the whole screen (voice samples and slide narrations alike), stopped when
 * another starts or the screen goes away. A source may be a URL or a call that makes the audio.
 */
export function useAudioPreview(describeError: (error: unknown) => string): AudioPreview {
  const audioRef = useRef<HTMLAudioElement | null>(null);
  // Which request is the latest: a slow answer for a preview the user already left must not play.
  const requestRef = useRef(0);
  const [playing, setPlaying] = useState<string | null>(null);
  const [loading, setLoading] = useState<string | null>(null);
  const [failure, setFailure] = useState<AudioPreview['failure']>(null);

  const stop = useCallback(() => {
    requestRef.current += 1;
    audioRef.current?.pause();
    audioRef.current = null;
    setPlaying(null);
    setLoading(null);
  }, []);

  useEffect(() => () => audioRef.current?.pause(), []);

  const toggle = useCallback(
    (key: string, source: string | (() => Promise<string>)) => {
      const wasActive = playing === key || loading === key;
      stop();
      setFailure(null);
      if (wasActive) return;
      const request = requestRef.current;
      const play = (url: string) => {
        if (request !== requestRef.current) return;
        const audio = new Audio(url);
        audioRef.current = audio;
        audio.addEventListener('ended', () => {
          if (audioRef.current === audio) setPlaying(null);
        });
        setLoading(null);
        setPlaying(key);
        audio.play()?.catch(() => {
          if (audioRef.current === audio) setPlaying(null);
        });
      };
      if (typeof source === 'string') {
        play(source);
        return;
      }
      setLoading(key);
      source().then(play, (error: unknown) => {
        if (request !== requestRef.current) return;
        setLoading(null);
        setFailure({ key, message: describeError(error) });
      });
    },
    [describeError, loading, playing, stop],
  );

  return { playing, loading, failure, toggle, stop };
}
