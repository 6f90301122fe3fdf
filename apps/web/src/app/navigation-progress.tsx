import { useNavigation } from 'react-router';

/**
 * A slim bar across the top of the window while the router loads the next screen (its code is split
 * per route, so a first visit to a screen waits for it). It fades in after a moment, so a quick load
 * does not flicker; the old screen stays until the new one is ready.
 */
export function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state !== 'loading') return null;
  return (
    <div
      role="progressbar"
      aria-label="Loading page"
      className="pointer-events-none fixed inset-x-0 top-0 z-[80] h-0.5 opacity-100 transition-opacity delay-150 duration-300 starting:opacity-0"
    >
      <div className="h-full w-full animate-pulse bg-gradient-to-r from-violet-500 via-fuchsia-500 to-violet-500 motion-reduce:animate-none" />
    </div>
  );
}
