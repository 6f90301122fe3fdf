import { describe, expect, it } from 'vitest';
import { MediaError } from '../../src/media/media-error';
import { bundledFfmpegPath, parseCapabilityList, resolveMediaTools } from '../../src/media/media-tools';

describe('media tools', () => {
  it('uses the ffmpeg on the PATH and reports what it can do', async () => {
    const tools = await resolveMediaTools();
    expect(tools.ffmpeg.source).toBe('path');
    expect(tools.ffmpeg.version).toMatch(/^ffmpeg version/);
    expect(tools.features.drawtext).toBe(true);
    expect(tools.features.filters.has('zoompan')).toBe(true);
  });

  it('falls back to the bundled 2018 build, which lacks xfade and gradients', async () => {
    const tools = await resolveMediaTools({ skipPath: true });
    expect(tools.ffmpeg.source).toBe('bundled');
    expect(tools.ffmpeg.command).toBe(bundledFfmpegPath());
    expect(tools.ffprobe.source).toBe('bundled');
    expect(tools.features).toMatchObject({ xfade: false, gradients: false, drawtext: true });
  });

  it('takes FFMPEG_PATH as given and says when it is wrong', async () => {
    const configured = await resolveMediaTools({ ffmpegPath: bundledFfmpegPath() ?? undefined });
    expect(configured.ffmpeg.source).toBe('configured');
    const failure = await resolveMediaTools({ ffmpegPath: '/nonexistent/ffmpeg' }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(MediaError);
    expect(failure).toMatchObject({
      code: 'missing_binary',
      message: 'FFMPEG_PATH does not point to a working ffmpeg.',
    });
  });

  it('parses the capability listing', () => {
    const names = parseCapabilityList(
      ' ... zoompan           V->V       Apply Zoom & Pan effect.\n TSC overlay  VV->V  Overlay\n V..... libx264   libx264 H.264\n',
    );
    expect([...names]).toEqual(['zoompan', 'overlay', 'libx264']);
  });
});
