import { expr, formatNumber } from './filter-graph';
import type { Motion } from './render-plan';

export interface ZoompanExpressions {
  z: string;
  x: string;
  y: string;
}

/**
 * zoompan's zoom and top-left corner for a camera move over `frames` frames, for the piece starting at
 * `offsetFrames`. `on` is zoompan's output frame number, `iw/ih` the still's size and `zoom` the value
 * just computed. Pure.
 */
export function zoompanExpressions(motion: Motion, frames: number, offsetFrames = 0): ZoompanExpressions {
  const last = Math.max(1, frames - 1);
  // A shot is drawn in pieces (see render-graph); each piece's zoompan counts `on` from 0.
  const frame = offsetFrames > 0 ? `(on+${offsetFrames})` : 'on';
  const p = `clip(${frame}/${last},0,1)`;
  const smooth = expr.smooth(p);
  const s = Math.min(Math.max(motion.strength, 0), 1);
  const f = (value: number) => formatNumber(Math.min(Math.max(value, 0), 1));
  // With zoom z the view is iw/z wide; its left edge can move over iw-iw/z.
  const centredX = `(iw-iw/zoom)*${f(motion.focusX)}`;
  const centredY = `(ih-ih/zoom)*${f(motion.focusY)}`;
  // A pan needs room to travel: zoom in just enough, then slide the view across.
  const panZoom = formatNumber(1 + Math.max(0.06, s));
  switch (motion.kind) {
    case 'zoom-in':
      return { z: `1+${formatNumber(s)}*${smooth}`, x: centredX, y: centredY };
    case 'zoom-out':
      return { z: `1+${formatNumber(s)}*(1-${smooth})`, x: centredX, y: centredY };
    case 'pan-left':
      return { z: panZoom, x: `(iw-iw/zoom)*(1-${smooth})`, y: centredY };
    case 'pan-right':
      return { z: panZoom, x: `(iw-iw/zoom)*${smooth}`, y: centredY };
    case 'pan-up':
      return { z: panZoom, x: centredX, y: `(ih-ih/zoom)*(1-${smooth})` };
    case 'pan-down':
      return { z: panZoom, x: centredX, y: `(ih-ih/zoom)*${smooth}` };
    case 'punch-in': {
      // A quick push in over the first fifth, then a slow creep: the energetic "zoom punch".
      const punch = expr.easeOut(`clip(${frame}/${formatNumber(Math.max(1, last * 0.2))},0,1)`);
      return {
        z: `1+${formatNumber(s * 0.35)}*${punch}+${formatNumber(s * 0.15)}*${p}`,
        x: centredX,
        y: centredY,
      };
    }
    case 'drift': {
      // A slow figure-of-eight around the focus point at a light zoom.
      const zoom = formatNumber(1 + Math.max(0.05, s * 0.6));
      return {
        z: zoom,
        x: `(iw-iw/zoom)*clip(${f(motion.focusX)}+0.35*sin(2*PI*${p}),0,1)`,
        y: `(ih-ih/zoom)*clip(${f(motion.focusY)}+0.25*sin(4*PI*${p}),0,1)`,
      };
    }
  }
}
