import {
  PLAYER_CONTROLS_HIDE_MS,
  PLAYER_LOADED_FALLBACK_MS,
  PLAYER_LOADED_MIN_READY_STATE,
  playerMessages,
  STORAGE_KEYS,
} from '@reelcraft/contract';
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import {
  CaptionsIcon,
  CaptionsOffIcon,
  CircleAlertIcon,
  MaximizeIcon,
  MinimizeIcon,
  PauseIcon,
  PlayIcon,
  RefreshCwIcon,
  RotateCcwIcon,
  Volume2Icon,
  VolumeXIcon,
} from 'lucide-react';
import { buttonClasses } from '../button-styles';
import { Spinner } from '../spinner';
import { mediaErrorMessage } from './media-error';

/** Where the player is (spec 001 section 4); muted and fullscreen are held beside it. */
export type PlayerState = 'loading' | 'error' | 'loaded' | 'playing' | 'ended';

const SEEK_STEP_S = 5;

interface VideoPlayerProps {
  src: string;
  /** Names the player for assistive technology: "Video player: {title}". */
  title: string;
  autoPlay?: boolean;
  poster?: string | null;
  className?: string;
  /** A WebVTT URL (an object URL of captions fetched with the token): adds the track and its toggle. */
  captions?: string | null;
}

/** Where the player remembers that the user turned captions on ("true"), for every video after. */
export const CAPTIONS_ON_STORAGE_KEY = STORAGE_KEYS.captionsOn;

function readCaptionsOn(): boolean {
  try {
    return window.localStorage.getItem(CAPTIONS_ON_STORAGE_KEY) === 'true';
  } catch {
    return false;
  }
}

function rememberCaptionsOn(on: boolean): void {
  try {
    window.localStorage.setItem(CAPTIONS_ON_STORAGE_KEY, String(on));
  } catch {
    // Storage blocked: the choice lasts for this player only.
  }
}

/** Shows or hides the captions track of a video (jsdom has no text tracks: nothing happens there). */
function showCaptions(video: HTMLVideoElement | null, on: boolean): void {
  const track = video?.textTracks?.[0];
  if (track) track.mode = on ? 'showing' : 'hidden';
}

/** Room between the captions and the controls above which they sit. */
const CAPTIONS_GAP_PX = 4;

/**
 * Places the cues of the captions track: with `liftPx`, their bottom edge that far above the video's
 * bottom (over the controls, which on a phone take a third of the picture and hid them), as a
 * percentage of its height; with 0, back at the bottom where the browser puts them.
 */
function placeCaptions(video: HTMLVideoElement, liftPx: number): void {
  const cues = video.textTracks?.[0]?.cues;
  if (!cues) return;
  const height = video.getBoundingClientRect().height;
  const line = liftPx > 0 && height > 0 ? Math.max(0, ((height - liftPx) / height) * 100) : null;
  for (const cue of Array.from(cues as ArrayLike<TextTrackCue>)) {
    if (!('line' in cue) || !('snapToLines' in cue)) continue;
    const vttCue = cue as VTTCue;
    if (line === null) {
      vttCue.snapToLines = true;
      vttCue.line = 'auto';
    } else {
      vttCue.snapToLines = false;
      vttCue.lineAlign = 'end';
      vttCue.line = line;
    }
  }
}

/** How far above the video's bottom the controls' buttons start, plus the gap to keep. */
function controlsLift(video: HTMLVideoElement, controls: HTMLElement | null): number {
  const firstControl = controls?.firstElementChild;
  if (!firstControl) return 0;
  const lift = video.getBoundingClientRect().bottom - firstControl.getBoundingClientRect().top;
  return lift > 0 ? lift + CAPTIONS_GAP_PX : 0;
}

function formatTime(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '0:00';
  const whole = Math.floor(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/**
 * The one video player of the app: a <video> with our own controls, its states (loading, error with
 * Retry, loaded, playing, ended with replay), mute, fullscreen, keyboard control (space/k, m, f,
 * arrows) and controls that hide after PLAYER_CONTROLS_HIDE_MS without pointer movement while playing.
 * Loaded is also assumed when the element reports enough data after PLAYER_LOADED_FALLBACK_MS, for
 * browsers that skip the events. With `captions`, an English captions track and its toggle (c), off
 * until the user turns it on, then on for every video after; shown, they sit above the controls.
 */
export function VideoPlayer({
  src,
  title,
  autoPlay = false,
  poster,
  className = '',
  captions = null,
}: VideoPlayerProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const controlsRef = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<PlayerState>('loading');
  const [error, setError] = useState<string | null>(null);
  const [muted, setMuted] = useState(false);
  const [fullscreen, setFullscreen] = useState(false);
  const [currentTime, setCurrentTime] = useState(0);
  const [duration, setDuration] = useState(0);
  const [attempt, setAttempt] = useState(0);
  // Off unless the user turned captions on before (on any video).
  const [captionsOn, setCaptionsOn] = useState(readCaptionsOn);

  // A new source (or a retry) starts over, adjusted while rendering rather than in an effect.
  const loadKey = `${attempt}:${src}`;
  const [loadedKey, setLoadedKey] = useState(loadKey);
  if (loadedKey !== loadKey) {
    setLoadedKey(loadKey);
    setState('loading');
    setError(null);
    setCurrentTime(0);
  }
  useEffect(() => {
    const timer = setTimeout(() => {
      const video = videoRef.current;
      if (video && video.readyState >= PLAYER_LOADED_MIN_READY_STATE) {
        setState((current) => (current === 'loading' ? 'loaded' : current));
      }
    }, PLAYER_LOADED_FALLBACK_MS);
    return () => clearTimeout(timer);
  }, [src, attempt]);

  const play = useCallback(async () => {
    const video = videoRef.current;
    if (!video) return;
    if (video.ended) video.currentTime = 0;
    try {
      await video.play();
    } catch (reason) {
      if (reason instanceof DOMException && reason.name === 'AbortError') return;
      // A browser that refuses sound without a gesture may still play muted.
      if (reason instanceof DOMException && reason.name === 'NotAllowedError' && !video.muted) {
        video.muted = true;
        try {
          await video.play();
          return;
        } catch {
          // fall through to the message
        }
      }
      setError(playerMessages.playFailed(reason instanceof Error ? reason.message : String(reason)));
    }
  }, []);

  const togglePlay = useCallback(() => {
    const video = videoRef.current;
    if (!video) return;
    if (video.paused || video.ended) void play();
    else video.pause();
  }, [play]);

  const toggleMute = useCallback(() => {
    const video = videoRef.current;
    if (video) video.muted = !video.muted;
  }, []);

  const toggleFullscreen = useCallback(() => {
    const container = containerRef.current;
    if (!container) return;
    if (document.fullscreenElement) void document.exitFullscreen?.();
    else void container.requestFullscreen?.().catch(() => undefined);
  }, []);

  const seekBy = useCallback((delta: number) => {
    const video = videoRef.current;
    if (!video) return;
    const end = Number.isFinite(video.duration) ? video.duration : Infinity;
    video.currentTime = Math.min(Math.max(0, video.currentTime + delta), end);
  }, []);

  // The track's mode follows the toggle; a new track (new captions, a retry) starts in the same mode.
  useEffect(() => {
    if (captions) showCaptions(videoRef.current, captionsOn);
  }, [captions, captionsOn, attempt]);

  const toggleCaptions = useCallback(() => {
    setCaptionsOn((on) => {
      rememberCaptionsOn(!on);
      return !on;
    });
  }, []);

  const retry = useCallback(() => {
    videoRef.current?.load();
    setAttempt((value) => value + 1);
  }, []);

  // Autoplay the browser did not start by itself (sound without a gesture): try, muted if need be.
  const autoPlayTried = useRef(false);
  useEffect(() => {
    if (!autoPlay || state !== 'loaded' || autoPlayTried.current) return;
    autoPlayTried.current = true;
    if (videoRef.current?.paused) void play();
  }, [autoPlay, state, play]);

  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement === containerRef.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  // Controls show on pointer movement (or a key) and hide after a quiet spell, but only while playing.
  const [controlsHidden, setControlsHidden] = useState(false);
  const [activity, setActivity] = useState(0);
  const revealControls = useCallback(() => {
    setControlsHidden(false);
    setActivity((value) => value + 1);
  }, []);
  useEffect(() => {
    if (state !== 'playing') return;
    const timer = setTimeout(() => setControlsHidden(true), PLAYER_CONTROLS_HIDE_MS);
    return () => clearTimeout(timer);
  }, [state, activity]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // Keys typed into a control (the seek slider handles its own arrows) stay with that control.
    const target = event.target as HTMLElement;
    if (target.tagName === 'INPUT') return;
    const key = event.key.toLowerCase();
    let handled = true;
    if (key === ' ' || key === 'k') {
      if (target.tagName === 'BUTTON' && key === ' ') return;
      togglePlay();
    } else if (key === 'm') toggleMute();
    else if (key === 'f') toggleFullscreen();
    else if (key === 'c' && captions) toggleCaptions();
    else if (key === 'arrowleft') seekBy(-SEEK_STEP_S);
    else if (key === 'arrowright') seekBy(SEEK_STEP_S);
    else handled = false;
    if (handled) {
      event.preventDefault();
      if (state === 'playing') revealControls();
    }
  };

  const showControls = !controlsHidden || state !== 'playing';
  const busy = state === 'loading';

  // Shown captions stay clear of the controls: lifted while they show, down again when they hide. The
  // track's cues load after the element, and the player changes size (a phone turned, full screen).
  useEffect(() => {
    const video = videoRef.current;
    const track = video?.textTracks?.[0];
    if (!video || !track || !captions || !captionsOn) return;
    const place = () => placeCaptions(video, showControls ? controlsLift(video, controlsRef.current) : 0);
    place();
    const trackElement = video.querySelector('track');
    track.addEventListener('cuechange', place);
    trackElement?.addEventListener('load', place);
    const resizes = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(place);
    resizes?.observe(video);
    return () => {
      track.removeEventListener('cuechange', place);
      trackElement?.removeEventListener('load', place);
      resizes?.disconnect();
    };
  }, [captions, captionsOn, showControls, attempt]);

  return (
    <div
      ref={containerRef}
      role="region"
      aria-label={`Video player: ${title}`}
      aria-busy={busy}
      data-state={state}
      tabIndex={0}
      onKeyDown={onKeyDown}
      onPointerMove={() => {
        if (state === 'playing') revealControls();
      }}
      className={`group/player relative overflow-hidden bg-black text-white focus-visible:outline-2 focus-visible:outline-violet-500 ${showControls ? '' : 'cursor-none'} ${className}`}
    >
      <video
        key={attempt}
        ref={videoRef}
        src={src}
        poster={poster ?? undefined}
        autoPlay={autoPlay}
        playsInline
        preload="metadata"
        className="size-full object-contain"
        onClick={togglePlay}
        onLoadStart={() => setState((current) => (current === 'error' ? current : 'loading'))}
        onLoadedData={() => setState((current) => (current === 'loading' ? 'loaded' : current))}
        onCanPlay={() => setState((current) => (current === 'loading' ? 'loaded' : current))}
        onPlaying={() => {
          setError(null);
          setControlsHidden(false);
          setState('playing');
        }}
        onPause={(event) => {
          if (!event.currentTarget.ended) setState((current) => (current === 'error' ? current : 'loaded'));
        }}
        onEnded={() => setState('ended')}
        onError={(event) => {
          setError(mediaErrorMessage(event.currentTarget.error?.code));
          setState('error');
        }}
        onVolumeChange={(event) => setMuted(event.currentTarget.muted)}
        onTimeUpdate={(event) => setCurrentTime(event.currentTarget.currentTime)}
        onDurationChange={(event) => setDuration(event.currentTarget.duration)}
        onLoadedMetadata={(event) => {
          setDuration(event.currentTarget.duration);
          // Some browsers reset a track's mode once the media loads: apply the choice again.
          if (captions) showCaptions(event.currentTarget, captionsOn);
        }}
      >
        {captions ? <track kind="captions" src={captions} srcLang="en" label="English" /> : null}
      </video>

      {state === 'loading' && (
        <div role="status" className="absolute inset-0 flex items-center justify-center bg-black/40">
          <Spinner className="size-8" />
          <span className="sr-only">Loading video…</span>
        </div>
      )}

      {state === 'error' && (
        <div
          role="alert"
          className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-black/80 p-6 text-center"
        >
          <CircleAlertIcon className="size-8 text-red-400" />
          <p className="text-sm font-medium">{error ?? playerMessages.loadFailed}</p>
          <p className="text-xs text-white/70">{playerMessages.loadFailedTryDownload}</p>
          <button type="button" onClick={retry} className={buttonClasses({ variant: 'inverse', size: 'sm' })}>
            <RefreshCwIcon className="size-4" />
            Retry
          </button>
        </div>
      )}

      {state === 'ended' && (
        <div className="absolute inset-0 flex items-center justify-center bg-black/50">
          <button
            type="button"
            onClick={() => void play()}
            className={buttonClasses({ variant: 'inverse', size: 'md' })}
          >
            <RotateCcwIcon className="size-4" />
            Replay
          </button>
        </div>
      )}

      {state === 'loaded' && currentTime === 0 && !autoPlay && (
        <button
          type="button"
          onClick={() => void play()}
          aria-label="Play video"
          className="absolute inset-0 m-auto flex size-16 items-center justify-center rounded-full bg-white/90 text-zinc-900 shadow-lg hover:bg-white"
        >
          <PlayIcon className="ml-1 size-7 fill-current" />
        </button>
      )}

      {error && state !== 'error' && (
        <p role="alert" className="absolute inset-x-3 top-3 rounded-lg bg-red-600/90 px-3 py-2 text-xs">
          {error}
        </p>
      )}

      <div
        ref={controlsRef}
        data-testid="player-controls"
        data-visible={showControls}
        className={`absolute inset-x-0 bottom-0 flex items-center gap-2 bg-gradient-to-t from-black/80 to-transparent px-3 pt-8 pb-2 transition-opacity duration-200 ${showControls ? 'opacity-100' : 'pointer-events-none opacity-0'}`}
      >
        <button
          type="button"
          onClick={togglePlay}
          disabled={state === 'error'}
          aria-label={state === 'playing' ? 'Pause' : 'Play'}
          className="inline-flex size-9 items-center justify-center rounded-full hover:bg-white/15 disabled:opacity-40"
        >
          {state === 'playing' ? (
            <PauseIcon className="size-4.5" />
          ) : (
            <PlayIcon className="ml-0.5 size-4.5 fill-current" />
          )}
        </button>
        <button
          type="button"
          onClick={toggleMute}
          aria-label={muted ? 'Unmute' : 'Mute'}
          aria-pressed={muted}
          className="inline-flex size-9 items-center justify-center rounded-full hover:bg-white/15"
        >
          {muted ? <VolumeXIcon className="size-4.5" /> : <Volume2Icon className="size-4.5" />}
        </button>
        <span className="text-xs text-white/85 tabular-nums">
          {formatTime(currentTime)} / {formatTime(duration)}
        </span>
        <input
          type="range"
          aria-label="Seek"
          min={0}
          max={Number.isFinite(duration) && duration > 0 ? duration : 0}
          step={0.1}
          value={Math.min(currentTime, Number.isFinite(duration) ? duration : currentTime)}
          onChange={(event) => {
            const video = videoRef.current;
            if (video) video.currentTime = Number(event.target.value);
          }}
          className="h-1 min-w-0 flex-1 cursor-pointer accent-violet-400"
        />
        {captions ? (
          <button
            type="button"
            onClick={toggleCaptions}
            aria-label="Captions"
            aria-pressed={captionsOn}
            title={captionsOn ? 'Hide captions (c)' : 'Show captions (c)'}
            className="inline-flex size-9 items-center justify-center rounded-full hover:bg-white/15"
          >
            {captionsOn ? (
              <CaptionsIcon aria-hidden="true" className="size-4.5" />
            ) : (
              <CaptionsOffIcon aria-hidden="true" className="size-4.5" />
            )}
          </button>
        ) : null}
        <button
          type="button"
          onClick={toggleFullscreen}
          aria-label={fullscreen ? 'Exit full screen' : 'Full screen'}
          className="inline-flex size-9 items-center justify-center rounded-full hover:bg-white/15"
        >
          {fullscreen ? <MinimizeIcon className="size-4.5" /> : <MaximizeIcon className="size-4.5" />}
        </button>
      </div>
    </div>
  );
}
