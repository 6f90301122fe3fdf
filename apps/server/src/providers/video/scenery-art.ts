import type { Random } from '../../media/seeded-random';
import type { Material, Setting, TimeOfDay, Weather } from '../prompt-reading';
import { illustrationSvg, type IllustrationTint } from './illustrations';
import { darken, lighten, mixColors } from './palette';

/** Where a scene takes place: the backdrop, its light and weather, and the surface in front. */
export interface Scenery {
  setting: Setting;
  time: TimeOfDay | null;
  weather: Weather;
  surface: { material: Material; color: string | null } | null;
}

/** An illustration drawn into the still (it moves with the camera, not on its own). */
export interface StillFigure {
  icon: string;
  tint: IllustrationTint | null;
  /** Centre, as fractions of the frame. */
  x: number;
  y: number;
  /** Size as a fraction of the frame's short side. */
  size: number;
  flip?: boolean;
  /** A soft shadow on the ground under it. */
  shadow: boolean;
}

const n = (value: number) => Number(value.toFixed(1));

interface Sky {
  top: string;
  bottom: string;
  glow: string;
}

const SKIES: Record<TimeOfDay, Sky> = {
  dawn: { top: '#2b3a67', bottom: '#f6b38e', glow: '#ffd9a0' },
  day: { top: '#3f8fd8', bottom: '#cfe8fb', glow: '#fff7d6' },
  sunset: { top: '#3b2454', bottom: '#f28a4b', glow: '#ffc36b' },
  night: { top: '#070b1f', bottom: '#1c2a55', glow: '#9fb6ff' },
};
const INDOOR: ReadonlySet<Setting> = new Set(['office', 'kitchen', 'studio', 'cafe', 'home']);
/** The line where the ground meets the backdrop, as a fraction of the height. */
export const HORIZON: Record<Setting, number> = {
  forest: 0.66,
  snowfield: 0.62,
  city: 0.7,
  beach: 0.6,
  desert: 0.64,
  mountains: 0.7,
  space: 1,
  underwater: 0.82,
  office: 0.66,
  kitchen: 0.64,
  studio: 0.64,
  cafe: 0.68,
  field: 0.66,
  lake: 0.64,
  sky: 1,
  home: 0.68,
  abstract: 0.72,
};
const SURFACE_COLORS: Record<Material, [string, string]> = {
  marble: ['#eceae6', '#b9b6b0'],
  wood: ['#a06a3f', '#6e4426'],
  concrete: ['#9b9b98', '#6f6f6c'],
  glass: ['#cfe3ea', '#8fb1bf'],
  velvet: ['#7a2e4a', '#4b1a2d'],
  stone: ['#8c8378', '#5d564e'],
  metal: ['#b8c0c8', '#7d868f'],
  sand: ['#e8cf9a', '#c9a86a'],
};

function skyFor(scenery: Scenery): Sky {
  if (scenery.setting === 'space') return { top: '#02030c', bottom: '#131a3a', glow: '#6f7bff' };
  if (scenery.setting === 'underwater') return { top: '#04304f', bottom: '#0e7fa6', glow: '#7fe3ff' };
  const base = SKIES[scenery.time ?? 'day'];
  if (scenery.weather === 'storm' || scenery.weather === 'rain')
    return {
      top: darken(mixColors(base.top, '#4a5563', 0.6), 0.2),
      bottom: mixColors(base.bottom, '#8b96a3', 0.6),
      glow: base.glow,
    };
  if (scenery.weather === 'snow' || scenery.weather === 'cloudy' || scenery.weather === 'fog')
    return {
      top: mixColors(base.top, '#9aa7b6', 0.4),
      bottom: mixColors(base.bottom, '#eef2f6', 0.45),
      glow: base.glow,
    };
  return base;
}

/** An illustration placed in an SVG: nested so the icon's own view box scales it. */
function figure(
  icon: string,
  cx: number,
  cy: number,
  size: number,
  tint: IllustrationTint | null,
  flip = false,
) {
  const svg = illustrationSvg(icon, size, { ...(tint ? { tint } : {}), flip });
  return svg.replace('<svg ', `<svg x="${n(cx - size / 2)}" y="${n(cy - size / 2)}" `);
}

function ridge(random: Random, width: number, baseY: number, roughness: number, detail = 6): string {
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
    next.push(points.at(-1) as [number, number]);
    points = next;
    spread *= 0.55;
  }
  return points.map(([x, y]) => `${n(x)},${n(y)}`).join(' ');
}

/** Backdrop shapes and props of a setting, drawn between the sky and the ground. */
function settingLayers(scenery: Scenery, width: number, height: number, random: Random, sky: Sky): string {
  const short = Math.min(width, height);
  const horizon = height * HORIZON[scenery.setting];
  const snowy = scenery.weather === 'snow' || scenery.setting === 'snowfield';
  const far = mixColors(sky.bottom, '#1d2b3a', 0.35);
  const ground = (color: string) =>
    `<rect x="0" y="${n(horizon)}" width="${width}" height="${n(height - horizon)}" fill="${color}"/>`;
  const props = (
    icon: string,
    count: number,
    row: number,
    size: number,
    tint: IllustrationTint | null = null,
  ) => {
    let svg = '';
    for (let i = 0; i < count; i += 1) {
      const x = ((i + random.range(0.15, 0.85)) / count) * width;
      svg += figure(icon, x, row - size * 0.42, size * random.range(0.85, 1.15), tint);
    }
    return svg;
  };
  switch (scenery.setting) {
    case 'forest': {
      return (
        `<polygon points="0,${n(horizon)} ${ridge(random, width, horizon - height * 0.08, height * 0.05)} ${width},${n(horizon)}" fill="${far}"/>` +
        props(
          'evergreen-tree',
          9,
          horizon + height * 0.02,
          short * 0.22,
          snowy ? { color: '#b9c9d2', neutral: true } : null,
        ) +
        ground(snowy ? '#eef3f7' : '#3d6b3f') +
        props('evergreen-tree', 5, horizon + height * 0.16, short * 0.34)
      );
    }
    case 'snowfield':
      return (
        `<polygon points="0,${n(horizon)} ${ridge(random, width, horizon - height * 0.12, height * 0.08)} ${width},${n(horizon)}" fill="${mixColors(far, '#ffffff', 0.5)}"/>` +
        ground('#f1f5f9') +
        `<polygon points="0,${height} ${ridge(random, width, horizon + height * 0.12, height * 0.03)} ${width},${height}" fill="#dfe8ef"/>`
      );
    case 'mountains': {
      const layers = [0.45, 0.57, 0.68].map((level, index) => {
        const color = mixColors(far, '#10161d', 0.15 + index * 0.22);
        const cap =
          snowy && index === 0
            ? `<polygon points="0,${height} ${ridge(random, width, height * level, height * 0.14)} ${width},${height}" fill="${color}"/>`
            : '';
        return (
          cap ||
          `<polygon points="0,${height} ${ridge(random, width, height * level, height * (0.14 - index * 0.03))} ${width},${height}" fill="${color}"/>`
        );
      });
      return layers.join('') + (snowy ? ground('#edf2f6') : ground(mixColors('#4f6b45', far, 0.3)));
    }
    case 'city': {
      let svg = '';
      const lit = scenery.time === 'night' || scenery.time === 'sunset';
      for (const [base, shade] of [
        [0.7, 0.35],
        [0.78, 0.65],
      ] as const) {
        let x = -10;
        while (x < width) {
          const w = width * random.range(0.05, 0.1);
          const h = height * random.range(0.18, 0.45);
          const top = height * base - h;
          svg += `<rect x="${n(x)}" y="${n(top)}" width="${n(w)}" height="${n(h + height)}" fill="${mixColors(sky.bottom, '#141a26', shade)}"/>`;
          if (lit && shade > 0.5)
            for (let wy = top + 10; wy < height * base - 8; wy += h / 8)
              for (let wx = x + 6; wx < x + w - 8; wx += w / 4)
                if (random.chance(0.4))
                  svg += `<rect x="${n(wx)}" y="${n(wy)}" width="${n(w / 8)}" height="${n(h / 20)}" fill="#ffd98a" fill-opacity="0.85"/>`;
          x += w + random.range(0, 8);
        }
      }
      return (
        svg +
        ground(lit ? '#1d2230' : '#5a5f68') +
        `<rect x="0" y="${n(horizon + height * 0.08)}" width="${width}" height="${n(height * 0.012)}" fill="#f2f2f2" fill-opacity="0.5"/>`
      );
    }
    case 'beach':
      return (
        `<rect x="0" y="${n(horizon - height * 0.1)}" width="${width}" height="${n(height * 0.1)}" fill="${mixColors(sky.bottom, '#1b6f99', 0.6)}"/>` +
        `<path d="M0 ${n(horizon - height * 0.02)} Q ${n(width * 0.25)} ${n(horizon - height * 0.05)} ${n(width * 0.5)} ${n(horizon - height * 0.02)} T ${width} ${n(horizon - height * 0.02)} V ${n(horizon + 2)} H 0 Z" fill="#ffffff" fill-opacity="0.55"/>` +
        ground('#ecd3a0') +
        figure('palm-tree', width * random.range(0.06, 0.16), horizon - short * 0.08, short * 0.42, null) +
        figure(
          'palm-tree',
          width * random.range(0.84, 0.95),
          horizon - short * 0.04,
          short * 0.34,
          null,
          true,
        )
      );
    case 'desert':
      return (
        [0.58, 0.66]
          .map(
            (level, index) =>
              `<polygon points="0,${height} ${ridge(random, width, height * level, height * 0.06, 4)} ${width},${height}" fill="${mixColors('#e0a96d', '#8a5a2b', index * 0.35)}"/>`,
          )
          .join('') +
        ground('#d9a35f') +
        props('cactus', 3, horizon + height * 0.05, short * 0.2)
      );
    case 'space': {
      let svg = '';
      for (let i = 0; i < 140; i += 1)
        svg += `<circle cx="${n(random.range(0, width))}" cy="${n(random.range(0, height))}" r="${n(random.range(0.5, 2) * (short / 720))}" fill="#ffffff" fill-opacity="${n(random.range(0.3, 1))}"/>`;
      return (
        svg + figure('ringed-planet', width * random.range(0.75, 0.88), height * 0.22, short * 0.26, null)
      );
    }
    case 'underwater': {
      let svg = '';
      for (let i = 0; i < 5; i += 1) {
        const x = width * random.range(0, 0.9);
        svg += `<polygon points="${n(x)},0 ${n(x + width * 0.06)},0 ${n(x + width * 0.2)},${height} ${n(x + width * 0.1)},${height}" fill="#bff4ff" fill-opacity="0.08"/>`;
      }
      return (
        svg +
        ground('#c9b27a') +
        props('coral', 4, horizon + height * 0.06, short * 0.2) +
        props('bubbles', 3, height * 0.3, short * 0.08)
      );
    }
    case 'office':
    case 'kitchen':
    case 'home':
    case 'cafe': {
      const wall = { office: '#c9d3dc', kitchen: '#e9e2d4', home: '#d9c7b0', cafe: '#b98a5e' }[
        scenery.setting
      ];
      const floor = { office: '#8d8f94', kitchen: '#cfc6b5', home: '#8a6446', cafe: '#6f4a2f' }[
        scenery.setting
      ];
      const window = `<rect x="${n(width * 0.62)}" y="${n(height * 0.14)}" width="${n(width * 0.26)}" height="${n(height * 0.34)}" rx="6" fill="${lighten(sky.bottom, 0.2)}" stroke="#ffffff" stroke-width="${n(short * 0.012)}"/>`;
      const prop = {
        office: figure('desktop-computer', width * 0.18, horizon - short * 0.09, short * 0.2, null),
        kitchen: figure('cooking', width * 0.16, horizon - short * 0.06, short * 0.14, null),
        home: figure('couch-and-lamp', width * 0.17, horizon - short * 0.12, short * 0.3, null),
        cafe: figure('potted-plant', width * 0.12, horizon - short * 0.1, short * 0.22, null),
      }[scenery.setting];
      return (
        `<rect x="0" y="0" width="${width}" height="${n(horizon)}" fill="${wall}"/>` +
        window +
        `<rect x="0" y="${n(horizon)}" width="${width}" height="${n(height - horizon)}" fill="${floor}"/>` +
        `<rect x="0" y="${n(horizon - short * 0.01)}" width="${width}" height="${n(short * 0.012)}" fill="${darken(wall, 0.25)}"/>` +
        prop
      );
    }
    case 'studio': {
      const [light, dark] = scenery.surface
        ? SURFACE_COLORS[scenery.surface.material].map((color) =>
            scenery.surface?.color ? mixColors(color, scenery.surface.color, 0.75) : color,
          )
        : ['#d9d4cf', '#a8a29c'];
      let veins = '';
      if (scenery.surface?.material === 'marble')
        for (let i = 0; i < 7; i += 1) {
          const y = horizon + random.range(0.05, 0.95) * (height - horizon);
          veins += `<path d="M0 ${n(y)} C ${n(width * 0.3)} ${n(y + random.range(-30, 30))} ${n(width * 0.6)} ${n(y + random.range(-40, 40))} ${width} ${n(y + random.range(-20, 20))}" stroke="${mixColors(light ?? '#ffffff', '#ffffff', 0.5)}" stroke-opacity="0.55" stroke-width="${n(random.range(1, 3) * (short / 720))}" fill="none"/>`;
        }
      if (scenery.surface?.material === 'wood')
        for (let i = 0; i < 14; i += 1) {
          const y = horizon + (i / 14) * (height - horizon);
          veins += `<rect x="0" y="${n(y)}" width="${width}" height="${n(short * 0.003)}" fill="${dark}" fill-opacity="0.5"/>`;
        }
      return (
        `<rect x="0" y="0" width="${width}" height="${n(horizon)}" fill="url(#studioWall)"/>` +
        `<rect x="0" y="${n(horizon)}" width="${width}" height="${n(height - horizon)}" fill="url(#studioFloor)"/>` +
        veins +
        `<defs><radialGradient id="studioWall" cx="0.5" cy="0.7" r="0.8"><stop offset="0" stop-color="${lighten(sky.glow, 0.1)}"/><stop offset="1" stop-color="${darken(dark ?? '#777777', 0.55)}"/></radialGradient>` +
        `<linearGradient id="studioFloor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${dark}"/></linearGradient></defs>`
      );
    }
    case 'field':
      return (
        `<polygon points="0,${height} ${ridge(random, width, horizon - height * 0.04, height * 0.04, 4)} ${width},${height}" fill="${snowy ? '#e8eef2' : '#6fa84f'}"/>` +
        `<polygon points="0,${height} ${ridge(random, width, horizon + height * 0.08, height * 0.03, 4)} ${width},${height}" fill="${snowy ? '#f4f7fa' : '#4f8f3a'}"/>` +
        (snowy
          ? ''
          : props('tulip', 6, horizon + height * 0.26, short * 0.09) +
            props('herb', 5, horizon + height * 0.33, short * 0.08))
      );
    case 'lake':
      return (
        `<polygon points="0,${n(horizon)} ${ridge(random, width, horizon - height * 0.1, height * 0.06)} ${width},${n(horizon)}" fill="${far}"/>` +
        props('deciduous-tree', 5, horizon + height * 0.01, short * 0.16) +
        `<rect x="0" y="${n(horizon)}" width="${width}" height="${n(height - horizon)}" fill="${mixColors(sky.bottom, '#1f5f7a', 0.55)}"/>` +
        Array.from(
          { length: 6 },
          (_, i) =>
            `<rect x="${n(random.range(0, width * 0.8))}" y="${n(horizon + ((i + 1) * (height - horizon)) / 8)}" width="${n(width * random.range(0.1, 0.3))}" height="${n(short * 0.004)}" fill="#ffffff" fill-opacity="0.35"/>`,
        ).join('')
      );
    case 'sky': {
      let svg = '';
      for (let i = 0; i < 4; i += 1)
        svg += figure(
          'cloud',
          random.range(0.1, 0.9) * width,
          random.range(0.2, 0.85) * height,
          short * random.range(0.14, 0.26),
          null,
        );
      return svg;
    }
    case 'abstract':
      return '';
  }
}

/** The sun or moon and its glow, placed by the time of day (none indoors, in space or under water). */
function lightSource(scenery: Scenery, width: number, height: number, sky: Sky, random: Random): string {
  if (INDOOR.has(scenery.setting) || ['space', 'underwater', 'abstract'].includes(scenery.setting)) return '';
  if (scenery.weather === 'rain' || scenery.weather === 'storm') return '';
  const short = Math.min(width, height);
  const horizon = height * Math.min(0.75, HORIZON[scenery.setting]);
  const x = width * random.range(0.2, 0.8);
  const time = scenery.time ?? 'day';
  const y = time === 'dawn' || time === 'sunset' ? horizon - short * 0.06 : height * 0.18;
  const r = short * (time === 'night' ? 0.05 : 0.08);
  const color = time === 'night' ? '#f4f1e8' : lighten(sky.glow, 0.4);
  let stars = '';
  if (time === 'night')
    for (let i = 0; i < 90; i += 1)
      stars += `<circle cx="${n(random.range(0, width))}" cy="${n(random.range(0, horizon * 0.8))}" r="${n(random.range(0.5, 1.8) * (short / 720))}" fill="#ffffff" fill-opacity="${n(random.range(0.3, 0.9))}"/>`;
  return (
    stars +
    `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r * 5)}" fill="url(#sunGlow)"/><circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="${color}"/>` +
    `<defs><radialGradient id="sunGlow"><stop offset="0" stop-color="${sky.glow}" stop-opacity="0.6"/><stop offset="1" stop-color="${sky.glow}" stop-opacity="0"/></radialGradient></defs>`
  );
}

/** A figure drawn into the still, with a contact shadow under it. */
function stillFigure(item: StillFigure, width: number, height: number): string {
  const short = Math.min(width, height);
  const size = item.size * short;
  const cx = item.x * width;
  const cy = item.y * height;
  const shadow = item.shadow
    ? `<ellipse cx="${n(cx)}" cy="${n(cy + size * 0.46)}" rx="${n(size * 0.42)}" ry="${n(size * 0.07)}" fill="#000000" fill-opacity="0.35" filter="url(#figureShadow)"/>`
    : '';
  return shadow + figure(item.icon, cx, cy, size, item.tint, item.flip);
}

/**
 * The still of an illustrated scene as SVG: sky by the time of day and the weather, the setting's
 * backdrop and props, fog, the figures that stand still, and a soft vignette. Pure (the randomness
 * comes from `random`).
 */
export function scenerySvg(request: {
  width: number;
  height: number;
  scenery: Scenery;
  figures: readonly StillFigure[];
  random: Random;
  /** Drawn under the figures when the setting draws nothing (abstract prompts keep their motifs). */
  underlay?: string;
}): string {
  const { width, height, scenery, random } = request;
  const sky = skyFor(scenery);
  const fog =
    scenery.weather === 'fog'
      ? `<rect x="0" y="${n(height * 0.35)}" width="${width}" height="${n(height * 0.65)}" fill="url(#fog)"/><defs><linearGradient id="fog" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffffff" stop-opacity="0"/><stop offset="0.5" stop-color="#ffffff" stop-opacity="0.55"/><stop offset="1" stop-color="#ffffff" stop-opacity="0.2"/></linearGradient></defs>`
      : '';
  const blurRadius = Math.max(2, Math.min(width, height) * 0.012);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky.top}"/><stop offset="1" stop-color="${sky.bottom}"/></linearGradient>` +
    `<filter id="figureShadow" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${n(blurRadius)}"/></filter>` +
    `<radialGradient id="vignette" cx="0.5" cy="0.45" r="0.78"><stop offset="0.6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.45"/></radialGradient></defs>` +
    `<rect width="${width}" height="${height}" fill="url(#sky)"/>` +
    (request.underlay ?? '') +
    lightSource(scenery, width, height, sky, random.fork('light')) +
    settingLayers(scenery, width, height, random.fork('setting'), sky) +
    fog +
    request.figures.map((item) => stillFigure(item, width, height)).join('') +
    `<rect width="${width}" height="${height}" fill="url(#vignette)"/>` +
    `</svg>`
  );
}

/** A subject that moves on its own, as a transparent SVG: the illustration with a soft shadow. */
export function movingFigureSvg(
  icon: string,
  pixels: number,
  tint: IllustrationTint | null,
  flip: boolean,
): string {
  const size = Math.round(pixels);
  const inner = Math.round(size * 0.88);
  const icon2 = illustrationSvg(icon, inner, { ...(tint ? { tint } : {}), flip }).replace(
    '<svg ',
    `<svg x="${n((size - inner) / 2)}" y="0" `,
  );
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">` +
    `<defs><filter id="s" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${n(size * 0.02)}"/></filter></defs>` +
    `<ellipse cx="${n(size / 2)}" cy="${n(inner * 0.96)}" rx="${n(inner * 0.36)}" ry="${n(size * 0.045)}" fill="#000" fill-opacity="0.3" filter="url(#s)"/>` +
    icon2 +
    `</svg>`
  );
}

/** Falling snow or rain as a tile twice the frame's height whose halves match, to scroll down. */
export function weatherLayerSvg(
  kind: 'snow' | 'rain',
  width: number,
  height: number,
  random: Random,
): string {
  const short = Math.min(width, height);
  let half = '';
  const count = kind === 'snow' ? 70 : 90;
  for (let i = 0; i < count; i += 1) {
    const x = random.range(0, width);
    const y = random.range(0, height);
    half +=
      kind === 'snow'
        ? `<circle cx="${n(x)}" cy="${n(y)}" r="${n(random.range(1.5, 4.5) * (short / 720))}" fill="#ffffff" fill-opacity="${n(random.range(0.55, 0.95))}"/>`
        : `<line x1="${n(x)}" y1="${n(y)}" x2="${n(x - short * 0.01)}" y2="${n(y + short * random.range(0.04, 0.07))}" stroke="#dbe8f5" stroke-opacity="${n(random.range(0.35, 0.6))}" stroke-width="${n(1.6 * (short / 720))}"/>`;
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height * 2}">` +
    `<g>${half}</g><g transform="translate(0 ${height})">${half}</g></svg>`
  );
}
