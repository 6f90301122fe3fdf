import { captionFilters } from './captions';
import { audioEncoderArgs, MP4_CONTAINER_ARGS, videoEncoderArgs } from './encoder-settings';
import { chain, filter, formatNumber } from './filter-graph';
import { zoompanExpressions } from './motion';
import {
  planFrames,
  type RenderPlan,
  type Shot,
  type Sprite,
  type TimedOverlay,
  type Transition,
} from './render-plan';

export interface RenderCommand {
  /** ffmpeg arguments after the common ones (see runFfmpeg). */
  args: string[];
  totalFrames: number;
  durationSeconds: number;
}

/** Checks the frame arithmetic a graph relies on; throws a RangeError naming the shot. */
export function validatePlan(plan: RenderPlan): void {
  if (plan.shots.length === 0) throw new RangeError('A render needs at least one shot');
  if (plan.width % 2 !== 0 || plan.height % 2 !== 0) throw new RangeError('Frame size must be even');
  plan.shots.forEach((shot, index) => {
    if (!Number.isInteger(shot.frames) || shot.frames < 1) {
      throw new RangeError(`Shot ${index} needs a positive whole number of frames`);
    }
    const incoming = index === 0 ? 0 : shot.transitionIn.frames;
    const next = plan.shots[index + 1];
    const outgoing = next ? next.transitionIn.frames : 0;
    if (incoming < 0 || outgoing < 0 || incoming + outgoing > shot.frames) {
      throw new RangeError(`Shot ${index} is shorter than its transitions`);
    }
  });
}

const overlayMeets = (overlay: TimedOverlay, piece: { from: number; to: number }) =>
  overlay.endFrame > piece.from && overlay.startFrame < piece.to;

export function spriteOverlay(sprite: Sprite, seconds: number): Record<string, string> {
  const linear = `clip(t/${formatNumber(Math.max(seconds, 1e-3))},0,1)`;
  const p = sprite.easing === 'in' ? `pow(${linear},2)` : linear;
  const sway = `${formatNumber(sprite.swayPixels)}*sin(2*PI*t/${formatNumber(Math.max(sprite.swayPeriodSeconds, 0.1))}+${formatNumber(sprite.swayPhase)})`;
  const along = (from: number, to: number) => `(${formatNumber(from)}+${formatNumber(to - from)}*${p})`;
  if (sprite.scrollPeriodSeconds) {
    // Halves that match: sliding by one frame height and back is seamless.
    const period = formatNumber(Math.max(sprite.scrollPeriodSeconds, 0.1));
    return { x: `${sway}`, y: `-H+H*mod(t/${period},1)` };
  }
  const arc = sprite.arc ? `-H*${formatNumber(sprite.arc)}*sin(PI*${linear})` : '';
  const bob = sprite.bobPixels
    ? `+${formatNumber(sprite.bobPixels)}*sin(2*PI*t/${formatNumber(Math.max(sprite.bobPeriodSeconds ?? 1, 0.1))})`
    : '';
  return {
    x: `W*${along(sprite.fromX, sprite.toX)}-w/2+${sway}`,
    y: `H*${along(sprite.fromY, sprite.toY)}-h/2${arc}${bob}`,
  };
}

/**
 * The window where shot B replaces shot A: `tail` is A's last frames, `head` is B's first, both
 * `transition.frames` long. Returns the chains writing `[out]`.
 */
export function transitionChains(
  transition: Transition,
  tail: string,
  head: string,
  out: string,
  width: number,
  height: number,
): string[] {
  const frames = transition.frames;
  const half = Math.max(1, Math.floor(frames / 2));
  const prepared = `${out}_in`;
  switch (transition.kind) {
    case 'cut':
      throw new RangeError('A cut has no transition window');
    case 'crossfade':
      return [
        chain(
          [head],
          ['format=yuva420p', filter('fade', { t: 'in', s: 0, n: frames, alpha: true })],
          [prepared],
        ),
        chain([tail, prepared], [filter('overlay', { x: 0, y: 0, format: 'yuv420' })], [out]),
      ];
    case 'dip-to-black':
    case 'flash': {
      const color = transition.kind === 'flash' ? 'white' : 'black';
      const fadedTail = `${out}_tail`;
      return [
        chain([tail], [filter('fade', { t: 'out', s: 0, n: half, color })], [fadedTail]),
        chain(
          [head],
          [filter('fade', { t: 'in', s: half, n: Math.max(1, frames - half), color })],
          [prepared],
        ),
        chain(
          [fadedTail, prepared],
          [filter('overlay', { x: 0, y: 0, format: 'yuv420', enable: `gte(n,${half})` })],
          [out],
        ),
      ];
    }
    case 'slide-left':
    case 'slide-right':
    case 'slide-up':
    case 'slide-down': {
      const p = `clip(n/${Math.max(1, frames - 1)},0,1)`;
      const remaining = `pow(1-${p},3)`;
      const position = {
        'slide-left': { x: `${width}*${remaining}`, y: '0' },
        'slide-right': { x: `-${width}*${remaining}`, y: '0' },
        'slide-up': { x: '0', y: `${height}*${remaining}` },
        'slide-down': { x: '0', y: `-${height}*${remaining}` },
      }[transition.kind];
      return [chain([tail, head], [filter('overlay', { ...position, format: 'yuv420' })], [out])];
    }
  }
}

/**
 * Builds the single ffmpeg command of a render: every shot is a still moved by zoompan, captioned by
 * drawtext, drawn as head/body/tail so that only transition windows are blended, then concatenated.
 * Uses only filters of the 2018 bundled build (no xfade, no gradients). Pure.
 */
export function buildRenderCommand(plan: RenderPlan): RenderCommand {
  validatePlan(plan);
  const { width, height, fps, shots } = plan;
  const totalFrames = planFrames(plan);
  const inputs: string[] = [];
  const chains: string[] = [];
  const segments: string[] = [];
  let inputCount = 0;
  /** `loop`: the input repeats for ever (footage shorter than its shot; trim ends it). */
  const addInput = (path: string, loop = false) => {
    inputs.push(...(loop ? ['-stream_loop', '-1'] : []), '-i', path);
    inputCount += 1;
    return inputCount - 1;
  };

  if (plan.leadIn) {
    const index = addInput(plan.leadIn.videoPath);
    chains.push(
      chain(
        [`${index}:v`],
        [
          filter('scale', { w: width, h: height, force_original_aspect_ratio: 'decrease' }),
          filter('pad', { w: width, h: height, x: '(ow-iw)/2', y: '(oh-ih)/2' }),
          'setsar=1',
          filter('fps', { fps }),
          'format=yuv420p',
          filter('trim', { end_frame: plan.leadIn.frames }),
          'setpts=PTS-STARTPTS',
        ],
        ['lead'],
      ),
    );
    segments.push('lead');
  }

  const incomingFrames = (index: number) => (index === 0 ? 0 : (shots[index]?.transitionIn.frames ?? 0));
  const outgoingFrames = (index: number) => shots[index + 1]?.transitionIn.frames ?? 0;
  /*
   * A shot is drawn as up to three pieces: head (blended into the previous shot), body, and tail
   * (blended under the next shot). Each piece has its own zoompan from the same still rather than
   * splitting one stream: overlay pulls its inputs early, and a split would then queue every body
   * frame in memory while the tail is produced.
   */
  const shotPieces = shots.map((shot, index) => {
    const incoming = incomingFrames(index);
    const outgoing = outgoingFrames(index);
    return [
      incoming > 0 ? { role: 'head' as const, from: 0, to: incoming } : null,
      { role: 'body' as const, from: incoming, to: shot.frames },
      outgoing > 0 ? { role: 'tail' as const, from: shot.frames, to: shot.frames + outgoing } : null,
    ].filter((piece) => piece !== null);
  });

  // Sprites are inputs of one frame; overlay repeats that frame for the whole piece.
  const spriteUses = new Map<string, number>();
  shots.forEach((shot, index) => {
    for (const sprite of shot.sprites) {
      spriteUses.set(
        sprite.imagePath,
        (spriteUses.get(sprite.imagePath) ?? 0) + (shotPieces[index]?.length ?? 0),
      );
    }
    for (const overlay of shot.overlays ?? []) {
      const uses = (shotPieces[index] ?? []).filter((piece) => overlayMeets(overlay, piece)).length;
      if (uses > 0) spriteUses.set(overlay.imagePath, (spriteUses.get(overlay.imagePath) ?? 0) + uses);
    }
  });
  const shotInputs = shots.map((shot) =>
    shot.footagePath ? addInput(shot.footagePath, true) : addInput(shot.imagePath),
  );
  const spriteLabels = new Map<string, string[]>();
  for (const [path, uses] of spriteUses) {
    const index = addInput(path);
    const labels = Array.from({ length: uses }, (_, use) => `sprite${index}_${use}`);
    chains.push(chain([`${index}:v`], ['format=rgba', filter('split', { outputs: uses })], labels));
    spriteLabels.set(path, labels);
  }
  const takeSprite = (path: string): string => {
    const label = spriteLabels.get(path)?.shift();
    if (!label) throw new Error(`Sprite ${path} used more often than counted`);
    return label;
  };

  const parts = shots.map((shot: Shot, index) => {
    const pieces = shotPieces[index] ?? [];
    const length = shot.frames + outgoingFrames(index);
    const stills = pieces.map((piece) => `shot${index}_${piece.role}_still`);
    const footage = shot.footagePath
      ? [
          filter('scale', { w: width, h: height, force_original_aspect_ratio: 'increase' }),
          filter('crop', { w: width, h: height }),
          'setsar=1',
          filter('fps', { fps }),
        ]
      : [];
    chains.push(
      chain(
        [`${shotInputs[index]}:v`],
        [...footage, pieces.length > 1 ? filter('split', { outputs: pieces.length }) : 'null'],
        stills,
      ),
    );
    const captions = shot.captions.flatMap((line) => captionFilters(line, fps));
    const labels: Partial<Record<'head' | 'body' | 'tail', string>> = {};
    pieces.forEach((piece, pieceIndex) => {
      const name = `shot${index}_${piece.role}`;
      const offsetSeconds = piece.from / fps;
      let current = `${name}_moving`;
      chains.push(
        chain(
          [stills[pieceIndex] ?? ''],
          [
            ...(shot.footagePath
              ? [filter('trim', { start_frame: piece.from, end_frame: piece.to }), 'setpts=PTS-STARTPTS']
              : [
                  filter('zoompan', {
                    ...zoompanExpressions(shot.motion, length, piece.from),
                    d: piece.to - piece.from,
                    s: `${width}x${height}`,
                    fps,
                  }),
                ]),
            'setsar=1',
            'format=yuv420p',
            // Shot-local time for captions and sprites, whatever piece this is.
            ...(piece.from > 0 ? [`setpts=PTS+${formatNumber(offsetSeconds)}/TB`] : []),
          ],
          [current],
        ),
      );
      shot.sprites.forEach((sprite, spriteIndex) => {
        const next = `${name}_sprite${spriteIndex}`;
        chains.push(
          chain(
            [current, takeSprite(sprite.imagePath)],
            [filter('overlay', { ...spriteOverlay(sprite, length / fps), format: 'yuv420' })],
            [next],
          ),
        );
        current = next;
      });
      // Only the overlays whose window meets this piece are drawn in it.
      (shot.overlays ?? []).forEach((overlay, overlayIndex) => {
        if (!overlayMeets(overlay, piece)) return;
        const next = `${name}_card${overlayIndex}`;
        chains.push(
          chain(
            [current, takeSprite(overlay.imagePath)],
            [
              filter('overlay', {
                x: Math.round(overlay.x),
                y: Math.round(overlay.y),
                format: 'yuv420',
                // Half-frame edges: a window's first frame is never lost to rounding (the card
                // blinked off for a frame between words).
                enable: `between(t,${formatNumber((overlay.startFrame - 0.5) / fps)},${formatNumber((overlay.endFrame - 0.5) / fps)})`,
              }),
            ],
            [next],
          ),
        );
        current = next;
      });
      chains.push(chain([current], [...captions, 'setpts=PTS-STARTPTS'], [name]));
      labels[piece.role] = name;
    });
    return { head: labels.head ?? null, body: labels.body ?? '', tail: labels.tail ?? null };
  });

  parts.forEach((part, index) => {
    const previous = parts[index - 1];
    const shot = shots[index];
    if (previous?.tail && part.head && shot) {
      const window = `window${index}`;
      chains.push(...transitionChains(shot.transitionIn, previous.tail, part.head, window, width, height));
      segments.push(window);
    }
    segments.push(part.body);
  });

  const fadeIn = Math.min(plan.fadeInFrames, totalFrames);
  const fadeOut = Math.min(plan.fadeOutFrames, totalFrames);
  chains.push(
    chain(
      segments,
      [
        filter('concat', { n: segments.length, v: 1, a: 0 }),
        ...(fadeIn > 0 ? [filter('fade', { t: 'in', s: 0, n: fadeIn })] : []),
        ...(fadeOut > 0 ? [filter('fade', { t: 'out', s: totalFrames - fadeOut, n: fadeOut })] : []),
        'format=yuv420p',
      ],
      ['vout'],
    ),
  );

  const audio = plan.audioPath === null ? null : addInput(plan.audioPath);
  const durationSeconds = totalFrames / fps;
  return {
    args: [
      ...inputs,
      '-filter_complex',
      chains.join(';'),
      '-map',
      '[vout]',
      ...(audio === null ? ['-an'] : ['-map', `${audio}:a`]),
      '-r',
      String(fps),
      ...videoEncoderArgs(plan.encoder, fps),
      ...(audio === null ? [] : audioEncoderArgs(plan.encoder)),
      '-t',
      formatNumber(durationSeconds),
      ...MP4_CONTAINER_ARGS,
      plan.outputPath,
    ],
    totalFrames,
    durationSeconds,
  };
}
