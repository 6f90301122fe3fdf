import { createRequire } from 'node:module';
import type { Sharp, SharpInput, SharpOptions } from 'sharp';

/** sharp's call (its static members are not used: the position 'attention' is passed by name). */
interface SharpCall {
  (options?: SharpOptions): Sharp;
  (input?: SharpInput | SharpInput[], options?: SharpOptions): Sharp;
}

const requireFromHere = createRequire(import.meta.url);
let loaded: SharpCall | undefined;

/**
 * sharp, loaded on the first image instead of at start: libvips and its bindings are about 20 MB
 * resident that a server doing no image work does not need (issue 20, decision 030).
 */
export const sharp: SharpCall = (...args: unknown[]) =>
  (loaded ??= requireFromHere('sharp') as SharpCall)(
    ...(args as [SharpInput | undefined, SharpOptions | undefined]),
  );
