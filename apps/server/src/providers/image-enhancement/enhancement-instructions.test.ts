import { describe, expect, it } from 'vitest';
import { parseEnhancementInstruction } from './enhancement-instructions';

describe('enhancement instructions', () => {
  it('reads the usual product-photo requests', () => {
    expect(
      parseEnhancementInstruction(
        'Brighten it, make the colours vivid and put it on a white background, square',
      ),
    ).toMatchObject({
      brightness: 1.15,
      saturation: 1.3,
      whiteBackground: true,
      square: true,
      upscale: false,
    });
    expect(parseEnhancementInstruction('remove the background and sharpen')).toMatchObject({
      whiteBackground: true,
      sharpen: true,
    });
    expect(parseEnhancementInstruction('denoise and upscale to 4k')).toMatchObject({
      denoise: true,
      upscale: true,
    });
    expect(parseEnhancementInstruction('black and white, high contrast')).toMatchObject({
      grayscale: true,
      contrast: 1.15,
    });
    expect(parseEnhancementInstruction('warmer tones for instagram (1:1)')).toMatchObject({
      warmth: 1,
      square: true,
    });
  });

  it('reads "grey" as a colour and "black and white" as no white background', () => {
    expect(parseEnhancementInstruction('put it on a grey background')).toMatchObject({ grayscale: false });
    expect(parseEnhancementInstruction('black and white')).toMatchObject({
      grayscale: true,
      whiteBackground: false,
    });
  });

  it('does nothing special for words it does not know', () => {
    expect(parseEnhancementInstruction('make it nice')).toEqual({
      whiteBackground: false,
      square: false,
      upscale: false,
      denoise: false,
      brightness: 1,
      saturation: 1,
      contrast: 1,
      warmth: 0,
      grayscale: false,
      sharpen: false,
    });
  });
});
