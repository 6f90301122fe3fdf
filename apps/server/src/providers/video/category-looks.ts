import type { MusicMood } from '../../media/music-bed';
import type { CaptionAnimation, MotionKind, TransitionKind } from '../../media/render-plan';
import type { PromptCategory } from '../prompt-categories';
import type { Motif, SpriteKind } from './scene-art';
import type { Palette } from './palette';

/** Fonts of fonts-dejavu-core (Debian, Alpine, Fedora package it); see font-files.ts. */
export type CaptionFont = 'sans-bold' | 'sans' | 'serif-bold' | 'mono-bold';

export interface CaptionStyle {
  font: CaptionFont;
  /** Font size as a fraction of the frame's short side. */
  size: number;
  color: string;
  borderColor: string;
  borderWidth: number;
  boxColor?: string;
  align: 'center' | 'left';
  /** Top of the caption block, as a fraction of the height. */
  y: number;
  animation: CaptionAnimation;
  uppercase: boolean;
}

/** Everything that makes one category's videos look and sound like themselves. */
export interface CategoryLook {
  palettes: readonly Palette[];
  /** Motif sets a scene is drawn with, when its words do not ask for one. */
  motifSets: readonly (readonly Motif[])[];
  sprite: SpriteKind;
  /** Direction the sprites travel: up (rising), across, or just swaying in place. */
  spriteDrift: 'rise' | 'across' | 'float';
  spriteCount: [number, number];
  motions: readonly MotionKind[];
  motionStrength: number;
  transitions: readonly TransitionKind[];
  /** Kept short: blended frames cost the encoder about three plain ones. */
  transitionSeconds: number;
  caption: CaptionStyle;
  music: MusicMood;
  narrator: string;
}

const palette = (
  name: string,
  skyTop: string,
  skyBottom: string,
  glow: string,
  accent: string,
  accent2: string,
  ink: string,
): Palette => ({ name, skyTop, skyBottom, glow, accent, accent2, ink });

export const CATEGORY_LOOKS: Readonly<Record<PromptCategory, CategoryLook>> = {
  nature: {
    palettes: [
      palette('golden-hour', '#1f3b5a', '#f2a65a', '#ffd89b', '#f6c177', '#4f7c6b', '#14202b'),
      palette('misty-morning', '#5b7a8c', '#d8e3e7', '#fff4d6', '#9fc5b0', '#4c6e63', '#22313a'),
      palette('forest-dusk', '#0f2a2e', '#587d5d', '#e8c07d', '#c9a66b', '#2f5d50', '#0a1714'),
    ],
    motifSets: [
      ['sun', 'mountains'],
      ['clouds', 'mountains'],
      ['sun', 'waves'],
      ['trees'],
      ['stars', 'mountains'],
    ],
    sprite: 'glow',
    spriteDrift: 'rise',
    spriteCount: [3, 5],
    motions: ['zoom-in', 'pan-right', 'pan-left', 'zoom-out'],
    motionStrength: 0.12,
    transitions: ['crossfade', 'crossfade', 'dip-to-black'],
    transitionSeconds: 0.5,
    caption: {
      font: 'serif-bold',
      size: 0.07,
      color: '#fffaf0',
      borderColor: 'black@0.35',
      borderWidth: 2,
      align: 'center',
      y: 0.72,
      animation: 'rise',
      uppercase: false,
    },
    music: {
      tempo: 72,
      scale: 'major',
      progression: [0, 4, 5, 3],
      arpeggio: 'none',
      drums: 'none',
      brightness: 0.3,
    },
    narrator: 'rachel',
  },
  product: {
    palettes: [
      palette('studio-blush', '#2a2230', '#e9d6d0', '#fff3ea', '#d8a39d', '#8f6f8f', '#17121a'),
      palette('clean-slate', '#1d2733', '#dfe6ee', '#ffffff', '#8fb3d9', '#c8a96b', '#0f1620'),
      palette('noir-gold', '#0d0d0f', '#3a3128', '#ffe3a3', '#d4af37', '#7a5c2e', '#050505'),
    ],
    motifSets: [['podium'], ['podium', 'rings'], ['light-rays', 'podium'], ['rings']],
    sprite: 'glint',
    spriteDrift: 'float',
    spriteCount: [2, 4],
    motions: ['zoom-in', 'drift', 'zoom-out'],
    motionStrength: 0.1,
    transitions: ['crossfade', 'flash', 'crossfade'],
    transitionSeconds: 0.45,
    caption: {
      font: 'sans-bold',
      size: 0.06,
      color: '#15151a',
      borderColor: 'white@0',
      borderWidth: 0,
      boxColor: 'white@0.82',
      align: 'center',
      y: 0.8,
      animation: 'pop',
      uppercase: false,
    },
    music: {
      tempo: 100,
      scale: 'major',
      progression: [0, 5, 3, 4],
      arpeggio: 'eighths',
      drums: 'soft',
      brightness: 0.6,
    },
    narrator: 'domi',
  },
  action: {
    palettes: [
      palette('blaze', '#1a0505', '#ff5e1a', '#ffd166', '#ff3d00', '#ffb000', '#120303'),
      palette('electric-night', '#05051a', '#3a0ca3', '#4cc9f0', '#f72585', '#7209b7', '#020210'),
      palette('asphalt', '#111418', '#4a5561', '#ffe066', '#ff6b35', '#e63946', '#07090b'),
    ],
    motifSets: [['speed-lines'], ['burst', 'speed-lines'], ['burst'], ['speed-lines', 'skyline']],
    sprite: 'streak',
    spriteDrift: 'across',
    spriteCount: [3, 5],
    motions: ['punch-in', 'pan-left', 'punch-in', 'pan-up'],
    motionStrength: 0.45,
    transitions: ['flash', 'slide-left', 'slide-up', 'flash'],
    transitionSeconds: 0.25,
    caption: {
      font: 'sans-bold',
      size: 0.085,
      color: '#ffffff',
      borderColor: 'black@0.8',
      borderWidth: 4,
      align: 'left',
      y: 0.68,
      animation: 'slide-in',
      uppercase: true,
    },
    music: {
      tempo: 128,
      scale: 'minor',
      progression: [0, 5, 2, 6],
      arpeggio: 'sixteenths',
      drums: 'driving',
      brightness: 0.8,
    },
    narrator: 'josh',
  },
  abstract: {
    palettes: [
      palette('aurora', '#0b0f2b', '#2d1b69', '#9ef01a', '#ff006e', '#3a86ff', '#050716'),
      palette('pastel-dream', '#ffc8dd', '#bde0fe', '#ffffff', '#cdb4db', '#a2d2ff', '#5c4b66'),
      palette('ink-and-ember', '#101014', '#2b2d42', '#ef233c', '#edf2f4', '#8d99ae', '#050507'),
    ],
    motifSets: [['blobs'], ['blobs', 'geometric'], ['geometric', 'rings'], ['blobs', 'rings']],
    sprite: 'bubble',
    spriteDrift: 'float',
    spriteCount: [3, 5],
    motions: ['drift', 'zoom-out', 'drift', 'zoom-in'],
    motionStrength: 0.3,
    transitions: ['crossfade'],
    transitionSeconds: 0.6,
    caption: {
      font: 'sans',
      size: 0.066,
      color: '#ffffff',
      borderColor: 'black@0.25',
      borderWidth: 1,
      align: 'center',
      y: 0.44,
      animation: 'fade',
      uppercase: false,
    },
    music: {
      tempo: 84,
      scale: 'minor',
      progression: [0, 3, 5, 4],
      arpeggio: 'eighths',
      drums: 'none',
      brightness: 0.5,
    },
    narrator: 'bella',
  },
  lifestyle: {
    palettes: [
      palette('sunday-morning', '#f3d9b1', '#fbf3e4', '#fff8e7', '#e07a5f', '#81b29a', '#3d405b'),
      palette('city-evening', '#22223b', '#c9ada7', '#f2e9e4', '#e9c46a', '#9a8c98', '#141423'),
      palette('terracotta', '#6d3b2a', '#f4a261', '#ffe8d6', '#e76f51', '#2a9d8f', '#2b1a14'),
    ],
    motifSets: [['bokeh', 'light-rays'], ['bokeh'], ['skyline', 'bokeh'], ['light-rays']],
    sprite: 'glow',
    spriteDrift: 'float',
    spriteCount: [3, 4],
    motions: ['pan-right', 'zoom-in', 'pan-left', 'drift'],
    motionStrength: 0.12,
    transitions: ['crossfade', 'slide-right', 'crossfade'],
    transitionSeconds: 0.45,
    caption: {
      font: 'sans-bold',
      size: 0.062,
      color: '#ffffff',
      borderColor: 'black@0.2',
      borderWidth: 1,
      boxColor: 'black@0.38',
      align: 'left',
      y: 0.74,
      animation: 'typewriter',
      uppercase: false,
    },
    music: {
      tempo: 96,
      scale: 'major',
      progression: [3, 0, 4, 5],
      arpeggio: 'eighths',
      drums: 'soft',
      brightness: 0.5,
    },
    narrator: 'antoni',
  },
  technology: {
    palettes: [
      palette('neon-grid', '#03001c', '#301e67', '#00f5d4', '#00bbf9', '#f15bb5', '#01000d'),
      palette('deep-blue', '#020c1b', '#0a2e5c', '#64ffda', '#4fc3f7', '#7c4dff', '#010710'),
      palette('matrix', '#000d06', '#0b3d2e', '#a7ffeb', '#39ff14', '#00c853', '#000503'),
    ],
    motifSets: [['grid'], ['circuit'], ['network'], ['grid', 'network'], ['skyline', 'grid']],
    sprite: 'pixel',
    spriteDrift: 'across',
    spriteCount: [3, 5],
    motions: ['pan-up', 'zoom-in', 'pan-left', 'zoom-in'],
    motionStrength: 0.16,
    transitions: ['slide-left', 'dip-to-black', 'slide-up'],
    transitionSeconds: 0.35,
    caption: {
      font: 'mono-bold',
      size: 0.058,
      color: '#b9fff3',
      borderColor: 'black@0.5',
      borderWidth: 1,
      boxColor: 'black@0.5',
      align: 'left',
      y: 0.74,
      animation: 'typewriter',
      uppercase: false,
    },
    music: {
      tempo: 116,
      scale: 'minor',
      progression: [0, 6, 5, 4],
      arpeggio: 'sixteenths',
      drums: 'soft',
      brightness: 0.7,
    },
    narrator: 'adam',
  },
};

/** Words that ask for a motif whatever the category ("a misty forest" gets trees). */
export const MOTIF_WORDS: Readonly<Record<string, Motif>> = {
  mountain: 'mountains',
  mountains: 'mountains',
  hills: 'mountains',
  valley: 'mountains',
  ocean: 'waves',
  sea: 'waves',
  beach: 'waves',
  lake: 'waves',
  river: 'waves',
  waves: 'waves',
  coast: 'waves',
  sunrise: 'sun',
  sunset: 'sun',
  sun: 'sun',
  dawn: 'sun',
  dusk: 'sun',
  forest: 'trees',
  tree: 'trees',
  trees: 'trees',
  woods: 'trees',
  jungle: 'trees',
  night: 'stars',
  stars: 'stars',
  moon: 'stars',
  space: 'stars',
  galaxy: 'stars',
  sky: 'clouds',
  clouds: 'clouds',
  cloud: 'clouds',
  desert: 'dunes',
  dunes: 'dunes',
  flower: 'flowers',
  flowers: 'flowers',
  garden: 'flowers',
  meadow: 'flowers',
  product: 'podium',
  pedestal: 'podium',
  bottle: 'podium',
  perfume: 'podium',
  showcase: 'podium',
  orbit: 'rings',
  rings: 'rings',
  speed: 'speed-lines',
  racing: 'speed-lines',
  race: 'speed-lines',
  fast: 'speed-lines',
  explosion: 'burst',
  energy: 'burst',
  burst: 'burst',
  liquid: 'blobs',
  fluid: 'blobs',
  colors: 'blobs',
  colours: 'blobs',
  geometric: 'geometric',
  shapes: 'geometric',
  lights: 'bokeh',
  bokeh: 'bokeh',
  cozy: 'bokeh',
  party: 'bokeh',
  window: 'light-rays',
  morning: 'light-rays',
  city: 'skyline',
  street: 'skyline',
  urban: 'skyline',
  skyline: 'skyline',
  grid: 'grid',
  futuristic: 'grid',
  cyber: 'grid',
  circuit: 'circuit',
  chip: 'circuit',
  code: 'circuit',
  data: 'network',
  network: 'network',
  ai: 'network',
};

/** Colour words of a prompt and the accent they stand for. */
export const COLOR_WORDS: Readonly<Record<string, string>> = {
  red: '#e63946',
  crimson: '#b5172f',
  orange: '#f77f00',
  yellow: '#ffd60a',
  gold: '#d4af37',
  golden: '#e9b949',
  green: '#2a9d8f',
  emerald: '#2ecc71',
  teal: '#1abc9c',
  turquoise: '#40e0d0',
  blue: '#277da1',
  navy: '#1d3557',
  purple: '#7b2cbf',
  violet: '#8f5fd7',
  pink: '#ff5d8f',
  magenta: '#d81159',
  silver: '#b8c2cc',
  white: '#e8eef2',
  black: '#2b2d42',
  neon: '#00f5d4',
};
