import {
  API_BASE_PATH,
  PROMPT_STRENGTH_MIN_WORDS,
  PROMPT_WORD_COUNTER_MAX_WORDS,
  STORAGE_KEYS,
} from '@reelcraft/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { readAuthToken } from '../../lib/auth-storage';
import { paths } from '../../lib/paths';
import { videoCountQueryKey } from '../../lib/video-count';
import { useSendGenerationToBackground } from './api/send-generation-to-background';

// Pieces both creation screens (text-to-video, image-to-video) share: the prompt counter and strength,
// the progress ring, the completion side effects, background mode and the proxied download.

export type PromptStrength = 'Weak' | 'Good' | 'Strong' | 'Excellent' | 'Too long';

export function countWords(text: string): number {
  const trimmed = text.trim();
  return trimmed === '' ? 0 : trimmed.split(/\s+/).length;
}

/**
 * Weak under 10 words, Good under 30, Strong under 50, else Excellent (spec 001 section 5), up to the
 * counter's cap: past it the prompt is Too long, never Excellent (issue 17: "260/200 words — Excellent").
 */
export function promptStrength(words: number): PromptStrength {
  if (words > PROMPT_WORD_COUNTER_MAX_WORDS) return 'Too long';
  if (words < PROMPT_STRENGTH_MIN_WORDS.good) return 'Weak';
  if (words < PROMPT_STRENGTH_MIN_WORDS.strong) return 'Good';
  if (words < PROMPT_STRENGTH_MIN_WORDS.excellent) return 'Strong';
  return 'Excellent';
}

const strengthColours: Record<PromptStrength, string> = {
  Weak: 'text-red-600 dark:text-red-400',
  Good: 'text-amber-600 dark:text-amber-400',
  Strong: 'text-emerald-600 dark:text-emerald-400',
  Excellent: 'text-violet-600 dark:text-violet-400',
  'Too long': 'text-amber-700 dark:text-amber-400',
};

/**
 * "12/200 words" and the strength label under a prompt field, and past the cap a warning with what to
 * do. The cap is not enforced (spec 001): a long prompt is still sent as it is. Give the field
 * `aria-describedby={id}` so the count and the warning are read with it.
 */
export function PromptMeter({ text, id }: { text: string; id?: string }) {
  const words = countWords(text);
  const strength = promptStrength(words);
  const overCap = words > PROMPT_WORD_COUNTER_MAX_WORDS;
  return (
    <div id={id} className="flex flex-col gap-1 text-xs">
      <div className="flex items-center justify-between gap-3 text-zinc-500 dark:text-zinc-400">
        <span
          data-testid="word-counter"
          className={overCap ? 'font-medium text-amber-700 tabular-nums dark:text-amber-400' : 'tabular-nums'}
        >
          {words}/{PROMPT_WORD_COUNTER_MAX_WORDS} words
        </span>
        <span className={`font-medium ${strengthColours[strength]}`} data-testid="prompt-strength">
          {strength}
        </span>
      </div>
      {overCap ? (
        <p role="status" className="text-amber-700 dark:text-amber-400">
          Over {PROMPT_WORD_COUNTER_MAX_WORDS} words. Descriptions of 10-50 words work best: shorten it to the
          subject, the setting, the lighting and the camera movement.
        </p>
      ) : null}
    </div>
  );
}

/** A ring with the percent in its middle. */
export function ProgressRing({ percent, label }: { percent: number; label: string }) {
  const radius = 52;
  const circumference = 2 * Math.PI * radius;
  const value = Math.max(0, Math.min(100, Math.round(percent)));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      className="relative size-32"
    >
      <svg viewBox="0 0 120 120" className="size-32 -rotate-90" aria-hidden="true">
        <circle
          cx="60"
          cy="60"
          r={radius}
          fill="none"
          strokeWidth="8"
          className="stroke-zinc-200 dark:stroke-white/10"
        />
        <circle
          cx="60"
          cy="60"
          r={radius}
          fill="none"
          strokeWidth="8"
          strokeLinecap="round"
          strokeDasharray={circumference}
          strokeDashoffset={circumference * (1 - value / 100)}
          className="stroke-violet-500 transition-[stroke-dashoffset] duration-500"
        />
      </svg>
      <span className="absolute inset-0 flex items-center justify-center text-2xl font-semibold">
        {value}%
      </span>
    </div>
  );
}

/** A short beep through Web Audio (no sound file); silent where the browser has no AudioContext. */
export function playCompletionSound(): void {
  const AudioContextClass =
    typeof window === 'undefined'
      ? undefined
      : (window.AudioContext ??
        (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext);
  if (!AudioContextClass) return;
  try {
    const context = new AudioContextClass();
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = 'sine';
    oscillator.frequency.value = 880;
    gain.gain.setValueAtTime(0.15, context.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, context.currentTime + 0.4);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start();
    oscillator.stop(context.currentTime + 0.4);
    oscillator.onended = () => void context.close();
  } catch {
    // A blocked audio context is no reason to spoil the result.
  }
}

const CONFETTI_COLOURS = ['#8b5cf6', '#ec4899', '#f59e0b', '#10b981', '#3b82f6'];
const CONFETTI_PIECES = 40;
const CONFETTI_MS = 3_000;

/** A short burst of falling pieces (Web Animations API; nothing where it is missing). */
export function Confetti({ burst }: { burst: number }) {
  const [finishedBurst, setFinishedBurst] = useState(0);
  const visible = burst > 0 && burst !== finishedBurst;
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (burst === 0) return;
    const timer = setTimeout(() => setFinishedBurst(burst), CONFETTI_MS);
    return () => clearTimeout(timer);
  }, [burst]);
  useEffect(() => {
    if (!visible || !container.current) return;
    for (const piece of Array.from(container.current.children)) {
      if (typeof (piece as HTMLElement).animate !== 'function') continue;
      const drift = (Math.random() - 0.5) * 200;
      (piece as HTMLElement).animate(
        [
          { transform: 'translate(0, -20px) rotate(0deg)', opacity: 1 },
          { transform: `translate(${drift}px, 100vh) rotate(${Math.random() * 720}deg)`, opacity: 0.6 },
        ],
        { duration: 1_500 + Math.random() * 1_400, easing: 'ease-in', fill: 'forwards' },
      );
    }
  }, [visible]);
  if (!visible) return null;
  return (
    <div
      ref={container}
      data-testid="confetti"
      aria-hidden="true"
      className="pointer-events-none fixed inset-0 z-50 overflow-hidden"
    >
      {Array.from({ length: CONFETTI_PIECES }, (_, index) => (
        <span
          key={index}
          className="absolute top-0 block h-3 w-2 rounded-sm"
          style={{
            left: `${(index * 97) % 100}%`,
            backgroundColor: CONFETTI_COLOURS[index % CONFETTI_COLOURS.length],
          }}
        />
      ))}
    </div>
  );
}

/**
 * The completion side effects of spec 001 section 4: lastVideoUrl stored, a sound, confetti, the
 * video count refreshed and a `video-generated` window event. Returns the confetti burst counter.
 */
export function useCompletionEffects(): { celebrate: (videoUrl: string) => void; burst: number } {
  const queryClient = useQueryClient();
  const [burst, setBurst] = useState(0);
  const celebrate = useCallback(
    (videoUrl: string) => {
      window.localStorage.setItem(STORAGE_KEYS.lastVideoUrl, videoUrl);
      playCompletionSound();
      setBurst((value) => value + 1);
      void queryClient.invalidateQueries({ queryKey: videoCountQueryKey });
      window.dispatchEvent(new Event('video-generated'));
    },
    [queryClient],
  );
  return { celebrate, burst };
}

/**
 * "Send to background and notify me": the server records that the user wants to hear how the job
 * ends (it turns into the outcome notification), then the user goes to the dashboard.
 */
export function useSendToBackground() {
  const navigate = useNavigate();
  const { mutate, isPending } = useSendGenerationToBackground();
  const send = useCallback(
    (sessionId: string) =>
      mutate(sessionId, {
        // The job goes on either way; the projects list shows it when it is done.
        onSettled: () => void navigate(paths.dashboard),
      }),
    [mutate, navigate],
  );
  return { send, sending: isPending };
}

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
