import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { takeInvalidAnswers } from './fake-api';

// findBy and waitFor wait up to this for a screen to settle (the library's 1 s fails on a busy machine).
configure({ asyncUtilTimeout: 15_000 });

// jsdom has <dialog> but not its modal methods; this stands in for what the browser does.
if (typeof HTMLDialogElement !== 'undefined' && !HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  document.documentElement.className = '';
  document.documentElement.removeAttribute('style');
  const invalid = takeInvalidAnswers();
  if (invalid.length > 0) {
    throw new Error(`The fake API served answers the server would never send:\n${invalid.join('\n')}`);
  }
});
