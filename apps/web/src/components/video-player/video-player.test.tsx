import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PLAYER_CONTROLS_HIDE_MS, PLAYER_LOADED_FALLBACK_MS, playerMessages } from '@reelcraft/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeMediaElement } from './fake-media';
import { videoFileName } from './download-video';
import { CAPTIONS_ON_STORAGE_KEY, VideoPlayer } from './video-player';

let media: ReturnType<typeof fakeMediaElement>;
beforeEach(() => {
  media = fakeMediaElement();
});
afterEach(() => media.restore());

function renderPlayer(props: Partial<Parameters<typeof VideoPlayer>[0]> = {}) {
  const view = render(<VideoPlayer src="/media/clip.mp4" title="Sunrise" {...props} />);
  const player = screen.getByRole('region', { name: 'Video player: Sunrise' });
  const video = view.container.querySelector('video') as HTMLVideoElement;
  return { ...view, player, video };
}

describe('VideoPlayer', () => {
  it('goes loading -> loaded -> playing -> ended, and Replay starts again from the beginning', async () => {
    const user = userEvent.setup();
    const { player, video } = renderPlayer();
    expect(player).toHaveAttribute('data-state', 'loading');
    expect(screen.getByText('Loading video…')).toBeInTheDocument();

    fireEvent.loadedData(video);
    expect(player).toHaveAttribute('data-state', 'loaded');

    await user.click(screen.getByRole('button', { name: 'Play video' }));
    expect(player).toHaveAttribute('data-state', 'playing');
    expect(screen.getByRole('button', { name: 'Pause' })).toBeInTheDocument();

    act(() => media.finish(video));
    expect(player).toHaveAttribute('data-state', 'ended');
    video.currentTime = 3;
    await user.click(screen.getByRole('button', { name: 'Replay' }));
    expect(video.currentTime).toBe(0);
    expect(player).toHaveAttribute('data-state', 'playing');
  });

  it('assumes loaded when readyState reaches 2 without events, after the 5 s fallback', () => {
    vi.useFakeTimers();
    const { player, video } = renderPlayer();
    media.setReadyState(video, 2);
    act(() => {
      vi.advanceTimersByTime(PLAYER_LOADED_FALLBACK_MS - 1);
    });
    expect(player).toHaveAttribute('data-state', 'loading');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(player).toHaveAttribute('data-state', 'loaded');
  });

  it.each([
    [1, playerMessages.mediaErrorAborted],
    [2, playerMessages.mediaErrorNetwork],
    [3, playerMessages.mediaErrorDecode],
    [4, playerMessages.mediaErrorFormat],
    [9, playerMessages.loadFailed],
  ])('shows media error %i as its text with Retry, which reloads the source', async (code, text) => {
    const user = userEvent.setup();
    const { player, container } = renderPlayer();
    act(() => media.fail(container.querySelector('video') as HTMLVideoElement, code));
    expect(player).toHaveAttribute('data-state', 'error');
    expect(screen.getByRole('alert')).toHaveTextContent(text);

    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(player).toHaveAttribute('data-state', 'loading');
    const fresh = container.querySelector('video') as HTMLVideoElement;
    fireEvent.canPlay(fresh);
    expect(player).toHaveAttribute('data-state', 'loaded');
  });

  it('is driven from the keyboard: space/k play-pause, m mute, arrows seek, f fullscreen', () => {
    const { player, video } = renderPlayer();
    fireEvent.loadedData(video);
    const requestFullscreen = vi.fn(() => Promise.resolve());
    player.requestFullscreen = requestFullscreen;

    fireEvent.keyDown(player, { key: ' ' });
    expect(player).toHaveAttribute('data-state', 'playing');
    fireEvent.keyDown(player, { key: 'k' });
    expect(player).toHaveAttribute('data-state', 'loaded');

    fireEvent.keyDown(player, { key: 'm' });
    expect(video.muted).toBe(true);
    expect(screen.getByRole('button', { name: 'Unmute' })).toHaveAttribute('aria-pressed', 'true');

    fireEvent.keyDown(player, { key: 'ArrowRight' });
    expect(video.currentTime).toBe(3); // clamped at the duration
    fireEvent.keyDown(player, { key: 'ArrowLeft' });
    expect(video.currentTime).toBe(0);

    fireEvent.keyDown(player, { key: 'f' });
    expect(requestFullscreen).toHaveBeenCalled();
  });

  it('hides the controls after 3 s without pointer movement while playing, and shows them on movement', async () => {
    vi.useFakeTimers();
    const { player, video } = renderPlayer();
    fireEvent.loadedData(video);
    await act(async () => {
      await video.play();
    });
    const controls = screen.getByTestId('player-controls');
    expect(controls).toHaveAttribute('data-visible', 'true');
    act(() => {
      vi.advanceTimersByTime(PLAYER_CONTROLS_HIDE_MS);
    });
    expect(controls).toHaveAttribute('data-visible', 'false');
    fireEvent.pointerMove(player);
    expect(controls).toHaveAttribute('data-visible', 'true');
    // Paused, they stay.
    act(() => video.pause());
    act(() => {
      vi.advanceTimersByTime(PLAYER_CONTROLS_HIDE_MS * 2);
    });
    expect(controls).toHaveAttribute('data-visible', 'true');
  });

  it('has no captions toggle without captions', () => {
    renderPlayer();
    expect(screen.queryByRole('button', { name: 'Captions' })).not.toBeInTheDocument();
    expect(document.querySelector('track')).toBeNull();
  });

  it('adds the English captions track, hidden until the toggle (or c) shows it, and remembers the choice', async () => {
    const user = userEvent.setup();
    // A TextTrack, before its cues load.
    const track = { mode: 'disabled', cues: null, addEventListener: vi.fn(), removeEventListener: vi.fn() };
    const original = Object.getOwnPropertyDescriptor(HTMLMediaElement.prototype, 'textTracks');
    Object.defineProperty(HTMLMediaElement.prototype, 'textTracks', {
      configurable: true,
      get: () => [track],
    });
    try {
      const { player, unmount } = renderPlayer({ captions: 'blob:captions' });
      expect(document.querySelector('track')).toMatchObject({
        kind: 'captions',
        srclang: 'en',
        label: 'English',
      });
      expect(document.querySelector('track')).toHaveAttribute('src', 'blob:captions');
      const toggle = screen.getByRole('button', { name: 'Captions' });
      expect(toggle).toHaveAttribute('aria-pressed', 'false');
      expect(track.mode).toBe('hidden');

      await user.click(toggle);
      expect(toggle).toHaveAttribute('aria-pressed', 'true');
      expect(track.mode).toBe('showing');
      expect(window.localStorage.getItem(CAPTIONS_ON_STORAGE_KEY)).toBe('true');

      player.focus();
      await user.keyboard('c');
      expect(toggle).toHaveAttribute('aria-pressed', 'false');
      expect(track.mode).toBe('hidden');
      await user.keyboard('c');
      unmount();

      // The next video starts with captions on.
      renderPlayer({ captions: 'blob:other' });
      expect(screen.getByRole('button', { name: 'Captions' })).toHaveAttribute('aria-pressed', 'true');
      expect(track.mode).toBe('showing');
    } finally {
      if (original) Object.defineProperty(HTMLMediaElement.prototype, 'textTracks', original);
      else delete (HTMLMediaElement.prototype as { textTracks?: unknown }).textTracks;
    }
  });

  it('lifts the captions above the controls while they show, and lets them down when they hide', async () => {
    vi.useFakeTimers();
    window.localStorage.setItem(CAPTIONS_ON_STORAGE_KEY, 'true');
    // A phone-sized player, 180 px high, whose controls' buttons start 44 px above its bottom.
    const cue = { line: 'auto' as number | 'auto', snapToLines: true, lineAlign: 'start' };
    const track = { mode: 'disabled', cues: [cue], addEventListener: vi.fn(), removeEventListener: vi.fn() };
    const tracks = Object.getOwnPropertyDescriptor(HTMLMediaElement.prototype, 'textTracks');
    Object.defineProperty(HTMLMediaElement.prototype, 'textTracks', {
      configurable: true,
      get: () => [track],
    });
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function rect(
      this: HTMLElement,
    ) {
      const top = this.tagName === 'VIDEO' ? 0 : this.tagName === 'BUTTON' ? 136 : 0;
      return DOMRect.fromRect({ x: 0, y: top, width: 320, height: 180 - top });
    });
    try {
      const { player, video } = renderPlayer({ captions: 'blob:captions' });
      fireEvent.loadedData(video);
      expect(track.mode).toBe('showing');
      // Paused, the controls show: the cues' bottom edge sits above the buttons, 4 px clear.
      expect(cue).toMatchObject({ snapToLines: false, lineAlign: 'end' });
      expect(cue.line).toBeCloseTo(((136 - 4) / 180) * 100, 5);

      await act(async () => {
        await video.play();
      });
      act(() => {
        vi.advanceTimersByTime(PLAYER_CONTROLS_HIDE_MS);
      });
      expect(screen.getByTestId('player-controls')).toHaveAttribute('data-visible', 'false');
      expect(cue).toMatchObject({ line: 'auto', snapToLines: true });

      fireEvent.pointerMove(player);
      expect(cue.line).toBeCloseTo(((136 - 4) / 180) * 100, 5);
    } finally {
      if (tracks) Object.defineProperty(HTMLMediaElement.prototype, 'textTracks', tracks);
      else delete (HTMLMediaElement.prototype as { textTracks?: unknown }).textTracks;
    }
  });

  it('autoplays when asked', () => {
    renderPlayer({ autoPlay: true });
    const video = document.querySelector('video') as HTMLVideoElement;
    expect(video.autoplay).toBe(true);
  });
});

describe('videoFileName', () => {
  it('turns every non-alphanumeric into an underscore and adds .mp4', () => {
    expect(videoFileName('My trip: day 1 (final)!')).toBe('My_trip__day_1__final__.mp4');
    expect(videoFileName('Sunrise')).toBe('Sunrise.mp4');
    expect(videoFileName('')).toBe('video.mp4');
  });
});
