import type { Random } from '../../media/seeded-random';
import { darken, lighten, mixColors, type Palette } from './palette';

/** Elements a background can be made of; the planner picks them from the category and the words. */
export const MOTIFS = [
  'mountains',
  'waves',
  'sun',
  'trees',
  'stars',
  'clouds',
  'dunes',
  'flowers',
  'podium',
  'rings',
  'speed-lines',
  'burst',
  'blobs',
  'geometric',
  'bokeh',
  'light-rays',
  'skyline',
  'grid',
  'circuit',
  'network',
] as const;
export type Motif = (typeof MOTIFS)[number];

/** The particles drifting over a shot. */
export const SPRITE_KINDS = ['glow', 'glint', 'streak', 'bubble', 'pixel'] as const;
export type SpriteKind = (typeof SPRITE_KINDS)[number];

interface Canvas {
  width: number;
  height: number;
  palette: Palette;
  random: Random;
  defs: string[];
}

const n = (value: number) => Number(value.toFixed(1));
let idCounter = 0;
const freshId = (prefix: string) => `${prefix}${(idCounter = (idCounter + 1) % 1_000_000)}`;

/** A ridge line from left to right by midpoint displacement, as SVG path points. */
function ridge(canvas: Canvas, baseY: number, roughness: number, detail = 7): string {
  const { width, random } = canvas;
  let points: [number, number][] = [
    [0, baseY + random.range(-1, 1) * roughness],
    [width, baseY + random.range(-1, 1) * roughness],
  ];
  let spread = roughness;
  for (let level = 0; level < detail; level += 1) {
    const next: [number, number][] = [];
    for (let i = 0; i < points.length - 1; i += 1) {
      const [x1, y1] = points[i] as [number, number];
      const [x2, y2] = points[i + 1] as [number, number];
      next.push([x1, y1], [(x1 + x2) / 2, (y1 + y2) / 2 + random.range(-1, 1) * spread]);
    }
    next.push(points[points.length - 1] as [number, number]);
    points = next;
    spread *= 0.55;
  }
  return points.map(([x, y]) => `${n(x)},${n(y)}`).join(' ');
}

function linear(canvas: Canvas, stops: [number, string, number?][], x2 = 0, y2 = 1): string {
  const id = freshId('g');
  canvas.defs.push(
    `<linearGradient id="${id}" x1="0" y1="0" x2="${x2}" y2="${y2}">${stops
      .map(
        ([offset, color, opacity]) =>
          `<stop offset="${offset}" stop-color="${color}" stop-opacity="${opacity ?? 1}"/>`,
      )
      .join('')}</linearGradient>`,
  );
  return `url(#${id})`;
}

function radial(canvas: Canvas, color: string, opacity: number, fade = 1): string {
  const id = freshId('r');
  canvas.defs.push(
    `<radialGradient id="${id}"><stop offset="0" stop-color="${color}" stop-opacity="${opacity}"/><stop offset="${fade}" stop-color="${color}" stop-opacity="0"/></radialGradient>`,
  );
  return `url(#${id})`;
}

function blur(canvas: Canvas, deviation: number): string {
  const id = freshId('b');
  canvas.defs.push(
    `<filter id="${id}" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${n(deviation)}"/></filter>`,
  );
  return `url(#${id})`;
}

const MOTIF_DRAWERS: Record<Motif, (canvas: Canvas) => string> = {
  mountains(canvas) {
    const { width, height, palette } = canvas;
    const layers = [0.5, 0.62, 0.76];
    return (
      layers
        .map((level, index) => {
          const color = mixColors(
            mixColors(palette.skyBottom, palette.ink, 0.35 + index * 0.25),
            palette.accent2,
            0.12,
          );
          const points = ridge(canvas, height * level, height * (0.16 - index * 0.035));
          return `<polygon points="0,${height} ${points} ${width},${height}" fill="${color}"/>`;
        })
        .join('') +
      `<rect width="${width}" height="${height}" fill="${linear(canvas, [
        [0.45, palette.glow, 0],
        [0.75, palette.glow, 0.18],
        [1, palette.glow, 0],
      ])}"/>`
    );
  },
  waves(canvas) {
    const { width, height, palette, random } = canvas;
    let svg = '';
    for (let band = 0; band < 4; band += 1) {
      const top = height * (0.62 + band * 0.09);
      const amplitude = height * (0.012 + band * 0.006);
      const wavelength = width / random.range(2.5, 4.5);
      const phase = random.range(0, Math.PI * 2);
      const points: string[] = [];
      for (let x = 0; x <= width; x += width / 48) {
        points.push(`${n(x)},${n(top + Math.sin((x / wavelength) * Math.PI * 2 + phase) * amplitude)}`);
      }
      const color = mixColors(palette.accent2, palette.ink, 0.2 + band * 0.2);
      svg += `<polygon points="0,${height} ${points.join(' ')} ${width},${height}" fill="${color}" fill-opacity="${0.85 - band * 0.05}"/>`;
    }
    // The glow's reflection on the water.
    svg += `<ellipse cx="${n(width * 0.5)}" cy="${n(height * 0.72)}" rx="${n(width * 0.08)}" ry="${n(height * 0.18)}" fill="${radial(canvas, palette.glow, 0.35)}"/>`;
    return svg;
  },
  sun(canvas) {
    const { width, height, palette, random } = canvas;
    const cx = width * random.range(0.3, 0.7);
    const cy = height * random.range(0.35, 0.5);
    const r = Math.min(width, height) * 0.11;
    return `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 4)}" fill="${radial(canvas, palette.glow, 0.55)}"/><circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${lighten(palette.glow, 0.45)}"/>`;
  },
  trees(canvas) {
    const { width, height, palette, random } = canvas;
    let svg = '';
    for (const [layer, base, scale] of [
      [0, 0.8, 0.2],
      [1, 0.93, 0.28],
    ] as const) {
      const color = mixColors(palette.ink, palette.accent2, layer === 0 ? 0.25 : 0.05);
      for (let x = -20; x < width + 40; x += width / random.range(14, 20)) {
        const h = height * scale * random.range(0.7, 1.2);
        const w = h * 0.42;
        const bx = x + random.range(-10, 10);
        const by = height * base;
        svg += `<polygon points="${n(bx)},${n(by - h)} ${n(bx - w / 2)},${n(by)} ${n(bx + w / 2)},${n(by)}" fill="${color}"/>`;
      }
      svg += `<rect x="0" y="${n(height * base - 1)}" width="${width}" height="${n(height * (1 - base) + 2)}" fill="${color}"/>`;
    }
    return svg;
  },
  stars(canvas) {
    const { width, height, random, palette } = canvas;
    let svg = '';
    for (let i = 0; i < 110; i += 1) {
      const r = random.range(0.6, 2.2) * (height / 720);
      svg += `<circle cx="${n(random.range(0, width))}" cy="${n(random.range(0, height * 0.7))}" r="${n(r)}" fill="#ffffff" fill-opacity="${n(random.range(0.3, 0.95) * 10) / 10}"/>`;
    }
    const mx = width * random.range(0.6, 0.85);
    const my = height * random.range(0.15, 0.3);
    const mr = Math.min(width, height) * 0.06;
    return `${svg}<circle cx="${n(mx)}" cy="${n(my)}" r="${n(mr * 3)}" fill="${radial(canvas, lighten(palette.glow, 0.5), 0.35)}"/><circle cx="${n(mx)}" cy="${n(my)}" r="${n(mr)}" fill="#f4f1e8"/>`;
  },
  clouds(canvas) {
    const { width, height, random } = canvas;
    const soft = blur(canvas, Math.min(width, height) * 0.025);
    let svg = `<g filter="${soft}">`;
    for (let i = 0; i < 7; i += 1) {
      const cx = random.range(0, width);
      const cy = random.range(height * 0.1, height * 0.45);
      for (let k = 0; k < 4; k += 1) {
        svg += `<ellipse cx="${n(cx + k * width * 0.04)}" cy="${n(cy + random.range(-1, 1) * height * 0.02)}" rx="${n(width * random.range(0.05, 0.09))}" ry="${n(height * random.range(0.04, 0.07))}" fill="#ffffff" fill-opacity="0.35"/>`;
      }
    }
    return `${svg}</g>`;
  },
  dunes(canvas) {
    const { width, height, palette } = canvas;
    return [0.62, 0.72, 0.84]
      .map((level, index) => {
        const color = mixColors(palette.accent, palette.ink, 0.1 + index * 0.22);
        return `<polygon points="0,${height} ${ridge(canvas, height * level, height * 0.08, 4)} ${width},${height}" fill="${color}"/>`;
      })
      .join('');
  },
  flowers(canvas) {
    const { width, height, palette, random } = canvas;
    let svg = `<rect y="${n(height * 0.78)}" width="${width}" height="${n(height * 0.22)}" fill="${darken(palette.accent2, 0.45)}"/>`;
    for (let i = 0; i < 70; i += 1) {
      const x = random.range(0, width);
      const y = random.range(height * 0.78, height);
      const r = random.range(3, 9) * (height / 720);
      const color = random.pick([palette.accent, palette.glow, lighten(palette.accent, 0.4)]);
      svg += `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="${color}" fill-opacity="0.9"/>`;
    }
    return svg;
  },
  podium(canvas) {
    const { width, height, palette } = canvas;
    const cx = width / 2;
    const top = height * 0.66;
    const rx = Math.min(width, height) * 0.32;
    const ry = rx * 0.18;
    const body = linear(
      canvas,
      [
        [0, lighten(palette.accent, 0.2)],
        [1, darken(palette.accent, 0.45)],
      ],
      1,
      0,
    );
    return (
      `<polygon points="${n(cx - rx * 0.6)},0 ${n(cx + rx * 0.6)},0 ${n(cx + rx * 1.3)},${n(top)} ${n(cx - rx * 1.3)},${n(top)}" fill="${linear(
        canvas,
        [
          [0, palette.glow, 0.28],
          [1, palette.glow, 0],
        ],
      )}"/>` +
      `<ellipse cx="${n(cx)}" cy="${n(top + height * 0.2)}" rx="${n(rx * 1.6)}" ry="${n(ry * 2.2)}" fill="${radial(canvas, '#000000', 0.45)}"/>` +
      `<rect x="${n(cx - rx)}" y="${n(top)}" width="${n(rx * 2)}" height="${n(height * 0.18)}" fill="${body}"/>` +
      `<ellipse cx="${n(cx)}" cy="${n(top + height * 0.18)}" rx="${n(rx)}" ry="${n(ry)}" fill="${darken(palette.accent, 0.5)}"/>` +
      `<ellipse cx="${n(cx)}" cy="${n(top)}" rx="${n(rx)}" ry="${n(ry)}" fill="${lighten(palette.accent, 0.35)}"/>`
    );
  },
  rings(canvas) {
    const { width, height, palette, random } = canvas;
    const cx = width * random.range(0.35, 0.65);
    const cy = height * random.range(0.35, 0.55);
    let svg = '';
    for (let i = 1; i <= 6; i += 1) {
      const r = Math.min(width, height) * 0.07 * i;
      svg += `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="none" stroke="${i % 2 ? palette.accent : palette.glow}" stroke-opacity="${n(0.55 - i * 0.06)}" stroke-width="${n((height / 720) * (i % 3 === 0 ? 5 : 2))}" stroke-dasharray="${n(r * random.range(0.6, 2))} ${n(r * random.range(0.2, 0.8))}"/>`;
    }
    return svg;
  },
  'speed-lines'(canvas) {
    const { width, height, palette, random } = canvas;
    const fill = linear(
      canvas,
      [
        [0, palette.glow, 0],
        [0.7, palette.glow, 0.8],
        [1, '#ffffff', 0.95],
      ],
      1,
      0,
    );
    let svg = `<g transform="rotate(-18 ${n(width / 2)} ${n(height / 2)})">`;
    for (let i = 0; i < 38; i += 1) {
      const y = random.range(-height * 0.3, height * 1.3);
      const length = width * random.range(0.15, 0.6);
      const x = random.range(-width * 0.2, width);
      svg += `<rect x="${n(x)}" y="${n(y)}" width="${n(length)}" height="${n(random.range(1.5, 6) * (height / 720))}" fill="${fill}" fill-opacity="${n(random.range(0.3, 0.9))}"/>`;
    }
    return `${svg}</g>`;
  },
  burst(canvas) {
    const { width, height, palette, random } = canvas;
    const cx = width * random.range(0.4, 0.6);
    const cy = height * random.range(0.4, 0.6);
    const reach = Math.hypot(width, height);
    let svg = '';
    const rays = 18;
    for (let i = 0; i < rays; i += 1) {
      const a1 = (i / rays) * Math.PI * 2;
      const a2 = a1 + (Math.PI / rays) * 0.9;
      svg += `<polygon points="${n(cx)},${n(cy)} ${n(cx + Math.cos(a1) * reach)},${n(cy + Math.sin(a1) * reach)} ${n(cx + Math.cos(a2) * reach)},${n(cy + Math.sin(a2) * reach)}" fill="${i % 2 ? palette.accent : palette.glow}" fill-opacity="0.16"/>`;
    }
    return `${svg}<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(Math.min(width, height) * 0.4)}" fill="${radial(canvas, palette.glow, 0.6)}"/>`;
  },
  blobs(canvas) {
    const { width, height, palette, random } = canvas;
    const soft = blur(canvas, Math.min(width, height) * 0.06);
    let svg = `<g filter="${soft}">`;
    for (let i = 0; i < 6; i += 1) {
      const color = random.pick([palette.accent, palette.accent2, palette.glow]);
      svg += `<circle cx="${n(random.range(0, width))}" cy="${n(random.range(0, height))}" r="${n(Math.min(width, height) * random.range(0.15, 0.35))}" fill="${color}" fill-opacity="${n(random.range(0.45, 0.8))}"/>`;
    }
    return `${svg}</g>`;
  },
  geometric(canvas) {
    const { width, height, palette, random } = canvas;
    let svg = '';
    for (let i = 0; i < 14; i += 1) {
      const cx = random.range(0, width);
      const cy = random.range(0, height);
      const r = Math.min(width, height) * random.range(0.05, 0.2);
      const sides = random.pick([3, 4, 6]);
      const turn = random.range(0, Math.PI);
      const points = Array.from({ length: sides }, (_, k) => {
        const angle = turn + (k / sides) * Math.PI * 2;
        return `${n(cx + Math.cos(angle) * r)},${n(cy + Math.sin(angle) * r)}`;
      }).join(' ');
      const filled = random.chance(0.5);
      const color = random.pick([palette.accent, palette.accent2, palette.glow]);
      svg += filled
        ? `<polygon points="${points}" fill="${color}" fill-opacity="${n(random.range(0.15, 0.4))}"/>`
        : `<polygon points="${points}" fill="none" stroke="${color}" stroke-opacity="0.6" stroke-width="${n(3 * (height / 720))}"/>`;
    }
    return svg;
  },
  bokeh(canvas) {
    const { width, height, palette, random } = canvas;
    const soft = blur(canvas, Math.min(width, height) * 0.008);
    let svg = `<g filter="${soft}">`;
    for (let i = 0; i < 26; i += 1) {
      const r = Math.min(width, height) * random.range(0.02, 0.08);
      const color = random.pick([palette.glow, lighten(palette.accent, 0.3), '#ffffff']);
      svg += `<circle cx="${n(random.range(0, width))}" cy="${n(random.range(0, height))}" r="${n(r)}" fill="${color}" fill-opacity="${n(random.range(0.12, 0.38))}"/>`;
    }
    return `${svg}</g>`;
  },
  'light-rays'(canvas) {
    const { width, height, palette, random } = canvas;
    let svg = '';
    for (let i = 0; i < 5; i += 1) {
      const x = width * random.range(0.05, 0.75);
      const w = width * random.range(0.05, 0.14);
      svg += `<polygon points="${n(x)},0 ${n(x + w)},0 ${n(x + w + width * 0.3)},${height} ${n(x + width * 0.3)},${height}" fill="${linear(
        canvas,
        [
          [0, palette.glow, 0.35],
          [1, palette.glow, 0],
        ],
      )}"/>`;
    }
    return svg;
  },
  skyline(canvas) {
    const { width, height, palette, random } = canvas;
    let svg = '';
    const windowColor = lighten(palette.glow, 0.3);
    for (const [base, shade] of [
      [0.72, 0.45],
      [0.86, 0.75],
    ] as const) {
      let x = -10;
      while (x < width) {
        const w = width * random.range(0.035, 0.08);
        const h = height * random.range(0.15, 0.42) * (shade > 0.5 ? 0.8 : 1);
        const top = height * base - h;
        svg += `<rect x="${n(x)}" y="${n(top)}" width="${n(w)}" height="${n(h + height)}" fill="${mixColors(palette.skyBottom, palette.ink, shade)}"/>`;
        if (shade > 0.5) {
          for (let wy = top + 8; wy < height * base - 6; wy += h / 9) {
            for (let wx = x + 5; wx < x + w - 6; wx += w / 4) {
              if (random.chance(0.35))
                svg += `<rect x="${n(wx)}" y="${n(wy)}" width="${n(w / 9)}" height="${n(h / 22)}" fill="${windowColor}" fill-opacity="0.8"/>`;
            }
          }
        }
        x += w + random.range(0, 6);
      }
    }
    return `${svg}<rect y="${n(height * 0.86)}" width="${width}" height="${n(height * 0.14)}" fill="${palette.ink}"/>`;
  },
  grid(canvas) {
    const { width, height, palette } = canvas;
    const horizon = height * 0.58;
    const stroke = (opacity: number) =>
      `stroke="${palette.accent}" stroke-opacity="${opacity}" stroke-width="${n(1.6 * (height / 720))}"`;
    let svg = `<rect y="${n(horizon)}" width="${width}" height="${n(height - horizon)}" fill="${linear(
      canvas,
      [
        [0, palette.ink, 0.2],
        [1, palette.ink, 0.9],
      ],
    )}"/>`;
    for (let i = -12; i <= 12; i += 1) {
      svg += `<line x1="${n(width / 2 + i * width * 0.012)}" y1="${n(horizon)}" x2="${n(width / 2 + i * width * 0.16)}" y2="${height}" ${stroke(0.55)}/>`;
    }
    for (let k = 1; k < 12; k += 1) {
      const y = horizon + (height - horizon) * (k / 12) ** 2;
      svg += `<line x1="0" y1="${n(y)}" x2="${width}" y2="${n(y)}" ${stroke(0.25 + k * 0.04)}/>`;
    }
    return `${svg}<rect y="${n(horizon - height * 0.06)}" width="${width}" height="${n(height * 0.12)}" fill="${linear(
      canvas,
      [
        [0, palette.glow, 0],
        [0.5, palette.glow, 0.45],
        [1, palette.glow, 0],
      ],
    )}"/>`;
  },
  circuit(canvas) {
    const { width, height, palette, random } = canvas;
    const unit = Math.min(width, height) / 18;
    let svg = '';
    for (let i = 0; i < 26; i += 1) {
      let x = Math.round(random.range(0, width) / unit) * unit;
      let y = Math.round(random.range(0, height) / unit) * unit;
      const points = [`${n(x)},${n(y)}`];
      for (let step = 0; step < random.int(2, 5); step += 1) {
        if (random.chance(0.5)) x += unit * random.int(-3, 3);
        else y += unit * random.int(-3, 3);
        points.push(`${n(x)},${n(y)}`);
      }
      const color = random.chance(0.3) ? palette.glow : palette.accent;
      svg += `<polyline points="${points.join(' ')}" fill="none" stroke="${color}" stroke-opacity="0.55" stroke-width="${n(unit * 0.08)}"/><circle cx="${n(x)}" cy="${n(y)}" r="${n(unit * 0.18)}" fill="${color}" fill-opacity="0.9"/>`;
    }
    return svg;
  },
  network(canvas) {
    const { width, height, palette, random } = canvas;
    const nodes = Array.from(
      { length: 22 },
      () => [random.range(0, width), random.range(0, height)] as const,
    );
    let svg = '';
    nodes.forEach(([x1, y1], i) => {
      nodes.slice(i + 1).forEach(([x2, y2]) => {
        if (Math.hypot(x2 - x1, y2 - y1) < Math.min(width, height) * 0.35) {
          svg += `<line x1="${n(x1)}" y1="${n(y1)}" x2="${n(x2)}" y2="${n(y2)}" stroke="${palette.accent}" stroke-opacity="0.35" stroke-width="${n(1.5 * (height / 720))}"/>`;
        }
      });
    });
    for (const [x, y] of nodes) {
      const r = Math.min(width, height) * random.range(0.006, 0.014);
      svg += `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r * 3)}" fill="${radial(canvas, palette.glow, 0.5)}"/><circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="${lighten(palette.glow, 0.4)}"/>`;
    }
    return svg;
  },
};

export interface SceneArtRequest {
  width: number;
  height: number;
  palette: Palette;
  motifs: readonly Motif[];
  random: Random;
}

/**
 * One background as SVG: a sky gradient with a glow, the motifs in order, and a vignette that keeps
 * the captions readable. Pure (the randomness comes from the request).
 */
export function sceneSvg(request: SceneArtRequest): string {
  const { width, height, palette, random } = request;
  const canvas: Canvas = { width, height, palette, random, defs: [] };
  const sky = linear(canvas, [
    [0, palette.skyTop],
    [1, palette.skyBottom],
  ]);
  const glowX = random.range(0.25, 0.75);
  const glowY = random.range(0.25, 0.55);
  const body = request.motifs.map((motif) => MOTIF_DRAWERS[motif](canvas)).join('');
  const vignetteId = freshId('v');
  canvas.defs.push(
    `<radialGradient id="${vignetteId}" cx="0.5" cy="0.45" r="0.75"><stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.55"/></radialGradient>`,
  );
  const shade = linear(canvas, [
    [0.55, '#000000', 0],
    [1, '#000000', 0.45],
  ]);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<rect width="${width}" height="${height}" fill="${sky}"/>` +
    `<ellipse cx="${n(width * glowX)}" cy="${n(height * glowY)}" rx="${n(width * 0.6)}" ry="${n(height * 0.6)}" fill="${radial(canvas, palette.glow, 0.45)}"/>` +
    body +
    `<rect width="${width}" height="${height}" fill="${shade}"/>` +
    `<rect width="${width}" height="${height}" fill="url(#${vignetteId})"/>` +
    `<defs>${canvas.defs.join('')}</defs></svg>`
  );
}

/** A small particle with transparency, `size` pixels square. Pure. */
export function spriteSvg(kind: SpriteKind, size: number, color: string): string {
  const s = Math.max(8, Math.round(size));
  const c = s / 2;
  const open = `<svg xmlns="http://www.w3.org/2000/svg" width="${s}" height="${s}">`;
  const glow = `<defs><radialGradient id="g"><stop offset="0" stop-color="${color}" stop-opacity="0.95"/><stop offset="0.35" stop-color="${color}" stop-opacity="0.45"/><stop offset="1" stop-color="${color}" stop-opacity="0"/></radialGradient></defs>`;
  switch (kind) {
    case 'glow':
      return `${open}${glow}<circle cx="${c}" cy="${c}" r="${c}" fill="url(#g)"/></svg>`;
    case 'glint':
      return `${open}${glow}<circle cx="${c}" cy="${c}" r="${n(c * 0.6)}" fill="url(#g)"/><polygon points="${c},0 ${n(c * 1.08)},${n(c * 0.92)} ${s},${c} ${n(c * 1.08)},${n(c * 1.08)} ${c},${s} ${n(c * 0.92)},${n(c * 1.08)} 0,${c} ${n(c * 0.92)},${n(c * 0.92)}" fill="#ffffff" fill-opacity="0.9"/></svg>`;
    case 'streak':
      return `${open}<defs><linearGradient id="l" x1="0" y1="1" x2="1" y2="0"><stop offset="0" stop-color="${color}" stop-opacity="0"/><stop offset="1" stop-color="#ffffff" stop-opacity="0.95"/></linearGradient></defs><line x1="${n(s * 0.05)}" y1="${n(s * 0.95)}" x2="${n(s * 0.95)}" y2="${n(s * 0.05)}" stroke="url(#l)" stroke-width="${n(Math.max(2, s * 0.06))}" stroke-linecap="round"/></svg>`;
    case 'bubble':
      return `${open}<circle cx="${c}" cy="${c}" r="${n(c * 0.85)}" fill="${color}" fill-opacity="0.12" stroke="${color}" stroke-opacity="0.7" stroke-width="${n(Math.max(1.5, s * 0.05))}"/><circle cx="${n(c * 0.7)}" cy="${n(c * 0.65)}" r="${n(c * 0.15)}" fill="#ffffff" fill-opacity="0.7"/></svg>`;
    case 'pixel':
      return `${open}${glow}<circle cx="${c}" cy="${c}" r="${c}" fill="url(#g)"/><rect x="${n(c * 0.7)}" y="${n(c * 0.7)}" width="${n(c * 0.6)}" height="${n(c * 0.6)}" fill="#ffffff" fill-opacity="0.9"/></svg>`;
  }
}
