import { describe, expect, it } from 'vitest';
import { captionFilters, typewriterSteps, wrapCaption } from './captions';
import { DEFAULT_ENCODER_SETTINGS } from './encoder-settings';
import { zoompanExpressions } from './motion';
import { buildRenderCommand, transitionChains, validatePlan } from './render-graph';
import type { CaptionLine, RenderPlan, Shot, TransitionKind } from './render-plan';

const caption: CaptionLine = {
  textFiles: ['/work/cap.txt'],
  fontFile: '/fonts/DejaVuSans-Bold.ttf',
  fontSize: 48,
  color: 'white',
  borderColor: 'black@0.5',
  borderWidth: 2,
  align: 'center',
  marginX: 0.08,
  y: 0.72,
  startFrame: 6,
  endFrame: 60,
  animation: 'rise',
};

const shot = (index: number, transition: TransitionKind, frames = 72, extra: Partial<Shot> = {}): Shot => ({
  imagePath: `/work/still-${index}.png`,
  frames,
  motion: { kind: 'zoom-in', strength: 0.12, focusX: 0.5, focusY: 0.5 },
  captions: [],
  sprites: [],
  transitionIn: { kind: transition, frames: transition === 'cut' ? 0 : 12 },
  ...extra,
});

const plan = (shots: Shot[], extra: Partial<RenderPlan> = {}): RenderPlan => ({
  width: 1280,
  height: 720,
  fps: 24,
  shots,
  audioPath: '/work/soundtrack.wav',
  fadeInFrames: 10,
  fadeOutFrames: 14,
  encoder: DEFAULT_ENCODER_SETTINGS,
  outputPath: '/work/out.mp4',
  ...extra,
});

const graphOf = (args: string[]) => args[args.indexOf('-filter_complex') + 1] ?? '';

describe('render graph', () => {
  it('draws every shot with zoompan and joins the pieces with one concat', () => {
    const command = buildRenderCommand(plan([shot(0, 'cut'), shot(1, 'crossfade'), shot(2, 'slide-left')]));
    expect(command.totalFrames).toBe(216);
    expect(command.durationSeconds).toBe(9);
    const graph = graphOf(command.args);
    // Shots 0 and 1 have tails, 1 and 2 heads: 3 bodies + 2 heads + 2 tails = 7 zoompans.
    expect(graph.match(/zoompan=/g)).toHaveLength(7);
    // Bodies and the two transition windows, in order.
    expect(graph).toContain('[shot0_body][window1][shot1_body][window2][shot2_body]concat=n=5:v=1:a=0');
    expect(graph).toContain('fade=t=in:s=0:n=10,fade=t=out:s=202:n=14');
    // The zoompan frame counts add up: each piece as long as its part of the shot.
    const durations = [...graph.matchAll(/:d=(\d+):/g)].map((match) => Number(match[1]));
    expect(durations.reduce((a, b) => a + b, 0)).toBe(216 + 12 + 12);
  });

  it('uses only filters of the 2018 bundled ffmpeg', () => {
    const kinds: TransitionKind[] = [
      'cut',
      'crossfade',
      'dip-to-black',
      'flash',
      'slide-left',
      'slide-right',
      'slide-up',
      'slide-down',
    ];
    const command = buildRenderCommand(
      plan(
        kinds.map((kind, index) =>
          shot(index, kind, 48, {
            captions: [caption],
            sprites: [
              {
                imagePath: '/work/sprite.png',
                fromX: 0.1,
                fromY: 0.9,
                toX: 0.2,
                toY: 0.1,
                swayPixels: 10,
                swayPeriodSeconds: 3,
                swayPhase: 1,
              },
            ],
          }),
        ),
      ),
    );
    const graph = graphOf(command.args);
    expect(graph).not.toMatch(/xfade|gradients|scale=[^,;]*eval=frame/);
    const used = new Set(
      [...graph.matchAll(/(?:^|[;,\]])([a-z0-9_]+)(?==|[,;[]|$)/g)].map((match) => match[1]),
    );
    const bundled = [
      'zoompan',
      'setsar',
      'format',
      'setpts',
      'overlay',
      'drawtext',
      'split',
      'fade',
      'concat',
      'null',
    ];
    expect([...used].filter((name) => name && !bundled.includes(name))).toEqual([]);
  });

  it('maps the audio, encodes H.264/AAC with the index first and an exact length', () => {
    const { args } = buildRenderCommand(plan([shot(0, 'cut')]));
    expect(args.slice(0, 10)).toEqual([
      '-i',
      '/work/still-0.png',
      '-i',
      '/work/soundtrack.wav',
      '-filter_complex',
      expect.any(String),
      '-map',
      '[vout]',
      '-map',
      '1:a',
    ]);
    expect(args.join(' ')).toContain(
      '-c:v libx264 -preset veryfast -crf 23 -pix_fmt yuv420p -profile:v high -g 48',
    );
    expect(args.join(' ')).toContain(
      '-c:a aac -b:a 128k -ar 44100 -ac 2 -t 3 -movflags +faststart -f mp4 /work/out.mp4',
    );
  });

  it('escapes paths so no file name can change the graph', () => {
    const weird = "/work/it's: a [test], really; yes.png";
    const { args } = buildRenderCommand(
      plan([shot(0, 'cut', 24, { captions: [{ ...caption, textFiles: [weird], fontFile: weird }] })]),
    );
    const graph = graphOf(args);
    expect(graph).toContain("textfile=/work/it\\\\\\'s\\\\: a \\[test\\]\\, really\\; yes.png");
    // Inputs are plain arguments, never part of the graph.
    expect(args[1]).toBe('/work/still-0.png');
  });

  it('starts an extension with the clip it continues', () => {
    const command = buildRenderCommand(
      plan([shot(0, 'cut')], { leadIn: { videoPath: '/work/clip.mp4', frames: 96 }, fadeInFrames: 0 }),
    );
    expect(command.totalFrames).toBe(168);
    const graph = graphOf(command.args);
    expect(command.args.slice(0, 2)).toEqual(['-i', '/work/clip.mp4']);
    expect(graph).toContain('trim=end_frame=96');
    expect(graph).toContain('[lead][shot0_body]concat=n=2');
  });

  it('refuses plans whose transitions do not fit', () => {
    expect(() => validatePlan(plan([]))).toThrow(/at least one shot/);
    expect(() =>
      validatePlan(plan([shot(0, 'cut', 30), shot(1, 'crossfade', 20), shot(2, 'crossfade', 8)])),
    ).toThrow(/Shot 1/);
    expect(() => validatePlan(plan([shot(0, 'cut', 0)]))).toThrow(/positive/);
    expect(() => validatePlan(plan([shot(0, 'cut')], { width: 1279 }))).toThrow(/even/);
  });

  it('blends windows by kind with overlay and fade only', () => {
    expect(transitionChains({ kind: 'crossfade', frames: 12 }, 'a', 'b', 'w', 1280, 720).join(';')).toBe(
      '[b]format=yuva420p,fade=t=in:s=0:n=12:alpha=1[w_in];[a][w_in]overlay=x=0:y=0:format=yuv420[w]',
    );
    expect(transitionChains({ kind: 'flash', frames: 8 }, 'a', 'b', 'w', 1280, 720).join(';')).toContain(
      'color=white',
    );
    expect(transitionChains({ kind: 'slide-up', frames: 8 }, 'a', 'b', 'w', 1280, 720).join(';')).toContain(
      'y=720*pow(1-clip(n/7\\,0\\,1)\\,3)',
    );
    expect(() => transitionChains({ kind: 'cut', frames: 0 }, 'a', 'b', 'w', 1, 1)).toThrow();
  });
});

describe('camera moves', () => {
  it('zooms from 1 and pans within the still', () => {
    expect(zoompanExpressions({ kind: 'zoom-in', strength: 0.2, focusX: 0.5, focusY: 0.5 }, 49).z).toBe(
      '1+0.2*(clip(on/48,0,1))*(clip(on/48,0,1))*(3-2*(clip(on/48,0,1)))',
    );
    const pan = zoompanExpressions({ kind: 'pan-right', strength: 0.1, focusX: 0.5, focusY: 0.4 }, 25, 10);
    expect(pan.z).toBe('1.1');
    expect(pan.x).toContain('(on+10)/24');
    expect(pan.y).toBe('(ih-ih/zoom)*0.4');
  });
});

describe('captions', () => {
  it('wraps at spaces within two lines, measured by glyph widths', () => {
    expect(wrapCaption('Serene sunrise over misty mountains', 48, 600)).toEqual([
      'Serene sunrise over',
      'misty mountains',
    ]);
    expect(wrapCaption('one two three four five six seven eight nine ten', 48, 400, 2)).toEqual([
      'one two',
      'three four…',
    ]);
    // A word longer than a line is cut where the line is full.
    expect(wrapCaption('Supercalifragilisticexpialidocious', 48, 300)).toEqual(['Supercali', 'fragilis…']);
  });

  it('animates opacity and position over the line’s time', () => {
    const [filter] = captionFilters(caption, 24);
    expect(filter).toContain('enable=between(t\\,0.25\\,2.5)');
    expect(filter).toContain('alpha=min(clip((t-0.25)/0.5\\,0\\,1)\\,clip((2.5-t)/0.35\\,0\\,1))');
    expect(filter).toContain('expansion=none');
  });

  it('reveals a typewriter line word by word, one drawtext per step', () => {
    expect(typewriterSteps('Built on data')).toEqual(['Built', 'Built on', 'Built on data']);
    const filters = captionFilters(
      { ...caption, animation: 'typewriter', textFiles: ['/a', '/b', '/c'] },
      24,
    );
    expect(filters).toHaveLength(3);
    expect(filters[2]).toContain('textfile=/c');
    expect(filters[0]).toContain('enable=between(t\\,0.25\\,0.4695)');
  });
});
