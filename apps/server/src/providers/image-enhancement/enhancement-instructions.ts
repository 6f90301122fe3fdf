import { promptWords } from '../prompt-categories';

/** Operations the local enhancer knows, in the order it applies them. */
export interface EnhancementPlan {
  whiteBackground: boolean;
  square: boolean;
  upscale: boolean;
  denoise: boolean;
  brightness: number;
  saturation: number;
  contrast: number;
  /** Positive warms (more red, less blue), negative cools. */
  warmth: number;
  grayscale: boolean;
  sharpen: boolean;
}

const has = (text: string, words: readonly string[], pattern?: RegExp) =>
  words.some((word) => promptWords(text).includes(word)) || (pattern ? pattern.test(text) : false);

/**
 * Reads an instruction in plain words into operations. Unknown words are ignored; every image is
 * levelled and sized anyway. Pure.
 */
export function parseEnhancementInstruction(instruction: string): EnhancementPlan {
  const text = instruction.toLowerCase();
  const blackAndWhite = /black\s*(and|&)\s*white|\bb\s*&\s*w\b/;
  const brighter = has(text, [
    'brighten',
    'brighter',
    'bright',
    'lighten',
    'lighter',
    'illuminate',
    'exposure',
  ]);
  const darker = has(text, ['darken', 'darker', 'moody', 'dim']);
  const vivid = has(text, [
    'vivid',
    'vibrant',
    'saturate',
    'saturated',
    'colorful',
    'colourful',
    'pop',
    'punchy',
    'rich',
  ]);
  const muted = has(text, ['muted', 'desaturate', 'desaturated', 'subtle', 'pastel']);
  // "gray"/"grey" alone name a colour ("grey background"), not a black-and-white photo.
  const grayscale = has(text, ['grayscale', 'greyscale', 'monochrome'], blackAndWhite);
  return {
    whiteBackground: has(
      text.replace(blackAndWhite, ' '),
      [
        'white',
        'clean',
        'isolate',
        'isolated',
        'cutout',
        'e-commerce',
        'ecommerce',
        'catalog',
        'catalogue',
        'amazon',
      ],
      /remove (the )?background|background removal|plain background|studio background/,
    ),
    square: has(text, ['square', 'instagram', '1:1', '1x1'], /1\s*[:x]\s*1/),
    upscale: has(text, [
      'upscale',
      'upscaled',
      'enlarge',
      'larger',
      'bigger',
      'resolution',
      'hd',
      '4k',
      'hi-res',
      'hires',
    ]),
    denoise: has(text, [
      'denoise',
      'noise',
      'noisy',
      'grain',
      'grainy',
      'smooth',
      'smoother',
      'clean-up',
      'cleanup',
    ]),
    brightness: brighter ? 1.15 : darker ? 0.88 : 1,
    saturation: grayscale ? 1 : vivid ? 1.3 : muted ? 0.75 : 1,
    contrast: has(text, ['contrast', 'punchy', 'dramatic', 'crisp'])
      ? 1.15
      : has(text, ['soft', 'softer', 'flat'])
        ? 0.92
        : 1,
    warmth: has(text, ['warm', 'warmer', 'golden', 'sunny', 'cozy', 'cosy'])
      ? 1
      : has(text, ['cool', 'cooler', 'cold', 'icy'])
        ? -1
        : 0,
    grayscale,
    sharpen: has(text, [
      'sharpen',
      'sharper',
      'sharp',
      'crisp',
      'detail',
      'details',
      'clarity',
      'clear',
      'focus',
      'enhance',
    ]),
  };
}
