/** Sends the browser to a page outside the SPA (the provider's or the test-mode approval page). */
export function leaveApp(url: string): void {
  window.location.assign(url);
}
