import { vi } from 'vitest';

/**
 * Stands in for the browser's media engine in jsdom (which has none): play/pause/load and the
 * readyState, paused, ended, muted and currentTime fields, firing the events a browser would.
 */
export function fakeMediaElement() {
  const state = new WeakMap<
    HTMLMediaElement,
    { paused: boolean; ended: boolean; readyState: number; muted: boolean; time: number; duration: number }
  >();
  const of = (element: HTMLMediaElement) => {
    let value = state.get(element);
    if (!value) {
      value = { paused: true, ended: false, readyState: 0, muted: false, time: 0, duration: 3 };
      state.set(element, value);
    }
    return value;
  };
  const proto = HTMLMediaElement.prototype;
  const play = vi.fn(function play(this: HTMLMediaElement) {
    const media = of(this);
    media.paused = false;
    media.ended = false;
    this.dispatchEvent(new Event('play'));
    this.dispatchEvent(new Event('playing'));
    return Promise.resolve();
  });
  vi.spyOn(proto, 'play').mockImplementation(play);
  vi.spyOn(proto, 'pause').mockImplementation(function pause(this: HTMLMediaElement) {
    of(this).paused = true;
    this.dispatchEvent(new Event('pause'));
  });
  vi.spyOn(proto, 'load').mockImplementation(function load(this: HTMLMediaElement) {
    this.dispatchEvent(new Event('loadstart'));
  });
  const accessors: Record<string, PropertyDescriptor> = {
    paused: {
      configurable: true,
      get(this: HTMLMediaElement) {
        return of(this).paused;
      },
    },
    ended: {
      configurable: true,
      get(this: HTMLMediaElement) {
        return of(this).ended;
      },
    },
    readyState: {
      configurable: true,
      get(this: HTMLMediaElement) {
        return of(this).readyState;
      },
    },
    duration: {
      configurable: true,
      get(this: HTMLMediaElement) {
        return of(this).duration;
      },
    },
    muted: {
      configurable: true,
      get(this: HTMLMediaElement) {
        return of(this).muted;
      },
      set(this: HTMLMediaElement, value: boolean) {
        of(this).muted = value;
        this.dispatchEvent(new Event('volumechange'));
      },
    },
    currentTime: {
      configurable: true,
      get(this: HTMLMediaElement) {
        return of(this).time;
      },
      set(this: HTMLMediaElement, value: number) {
        of(this).time = value;
        this.dispatchEvent(new Event('timeupdate'));
      },
    },
  };
  const originals = Object.fromEntries(
    Object.keys(accessors).map((name) => [name, Object.getOwnPropertyDescriptor(proto, name)]),
  );
  Object.defineProperties(proto, accessors);
  return {
    play,
    /** Sets what the element reports without firing anything (the 5 s fallback reads it). */
    setReadyState(element: HTMLMediaElement, readyState: number) {
      of(element).readyState = readyState;
    },
    finish(element: HTMLMediaElement) {
      const media = of(element);
      media.paused = true;
      media.ended = true;
      element.dispatchEvent(new Event('pause'));
      element.dispatchEvent(new Event('ended'));
    },
    fail(element: HTMLMediaElement, code: number) {
      Object.defineProperty(element, 'error', { configurable: true, value: { code } });
      element.dispatchEvent(new Event('error'));
    },
    restore() {
      for (const [name, descriptor] of Object.entries(originals)) {
        if (descriptor) Object.defineProperty(proto, name, descriptor);
      }
      vi.restoreAllMocks();
    },
  };
}
