import { STORAGE_KEYS } from '@reelcraft/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { videoCountQueryKey } from '../../lib/video-count';

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
