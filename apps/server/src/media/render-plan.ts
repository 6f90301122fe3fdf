/**
 * The description of one render that the graph builder turns into ffmpeg arguments. Everything is in
 * frames, so the output is exactly as long as asked. Paths point at files the renderer has prepared
 * (stills and sprites re-encoded by sharp, caption text files, a WAV of the whole soundtrack).
 */
import type { EncoderSettings } from './encoder-settings';

/** Camera moves over a still: zoompan's zoom and position over the shot. */
export type MotionKind =
  'zoom-in' | 'zoom-out' | 'pan-left' | 'pan-right' | 'pan-up' | 'pan-down' | 'punch-in' | 'drift';

export interface Motion {
  kind: MotionKind;
  /** How far the camera travels, 0..1 (0.1 is a gentle Ken Burns move). */
  strength: number;
  /** Point the zoom is centred on, as fractions of the frame. */
  focusX: number;
  focusY: number;
}

/**
 * How a shot replaces the previous one. All are drawn with overlay and fade, so they run on ffmpeg
 * builds without xfade.
 */
export type TransitionKind =
  'cut' | 'crossfade' | 'dip-to-black' | 'flash' | 'slide-left' | 'slide-right' | 'slide-up' | 'slide-down';

export interface Transition {
  kind: TransitionKind;
  /** Length of the overlap with the previous shot; 0 for a cut. */
  frames: number;
}

export type CaptionAnimation = 'rise' | 'slide-in' | 'fade' | 'typewriter' | 'pop';

/** One line of on-screen text, drawn by drawtext from a file (so no text is ever parsed as options). */
export interface CaptionLine {
  /** UTF-8 file holding exactly the line (for typewriter: one file per revealed prefix). */
  textFiles: readonly string[];
  fontFile: string;
  fontSize: number;
  color: string;
  borderColor: string;
  borderWidth: number;
  /** A plate behind the text, e.g. `black@0.35`. */
  boxColor?: string;
  boxPadding?: number;
  align: 'center' | 'left';
  /** Left edge for `left`, as a fraction of the width. */
  marginX: number;
  /** Top of the line as a fraction of the height. */
  y: number;
  /** Shot-local frames the line is on screen. */
  startFrame: number;
  endFrame: number;
  animation: CaptionAnimation;
}

/** A small image with alpha drifting over the shot (bokeh, sparks, glints): the background lives. */
export interface Sprite {
  imagePath: string;
  /** Centre position at the start and the end of the shot, as fractions of the frame. */
  fromX: number;
  fromY: number;
  toX: number;
  toY: number;
  /** Sideways sway in pixels and its period in seconds. */
  swayPixels: number;
  swayPeriodSeconds: number;
  swayPhase: number;
  /** Flight: the path bows up by this fraction of the height at its middle. */
  arc?: number;
  /** Floating or a running gait: up and down by this many pixels, this often. */
  bobPixels?: number;
  bobPeriodSeconds?: number;
  /** `in` starts slowly and speeds up (a fall); default constant speed. */
  easing?: 'linear' | 'in';
  /**
   * A weather layer twice the frame's height whose halves match: it scrolls down one frame height
   * every this many seconds, for ever (from and to positions are then ignored).
   */
  scrollPeriodSeconds?: number;
}

/** An image shown unmoved at a pixel position for a window of the shot (a caption card). */
export interface TimedOverlay {
  imagePath: string;
  /** Top-left corner in pixels. */
  x: number;
  y: number;
  /** Shot-local frames, end exclusive. */
  startFrame: number;
  endFrame: number;
}

export interface Shot {
  /** A still of the frame's aspect, at least the frame's size, without alpha. */
  imagePath: string;
  /**
   * A video shown instead of the camera move over the still (a vendor's clip of the scene, a
   * talking portrait): scaled to cover the frame, played from its start, looped when shorter than
   * the shot. The still and `motion` are then unused.
   */
  footagePath?: string;
  /** Frames on screen, counting the incoming transition's overlap but not the outgoing one. */
  frames: number;
  motion: Motion;
  captions: readonly CaptionLine[];
  sprites: readonly Sprite[];
  /** Drawn over everything else, after the sprites (caption cards). */
  overlays?: readonly TimedOverlay[];
  /** Ignored for the first shot, which fades in from black (or continues the lead-in). */
  transitionIn: Transition;
}

/** An existing clip played before the shots, for "extend". */
export interface LeadInClip {
  videoPath: string;
  frames: number;
}

export interface RenderPlan {
  width: number;
  height: number;
  fps: number;
  shots: readonly Shot[];
  leadIn?: LeadInClip;
  /**
   * A WAV exactly as long as the video; null renders a silent clip (a storyboard scene: its
   * soundtrack is laid over the joined clips).
   */
  audioPath: string | null;
  fadeInFrames: number;
  fadeOutFrames: number;
  encoder: EncoderSettings;
  outputPath: string;
}

/** Total frames of a plan: the output has exactly this many. */
export function planFrames(plan: Pick<RenderPlan, 'shots' | 'leadIn'>): number {
  return (plan.leadIn?.frames ?? 0) + plan.shots.reduce((sum, shot) => sum + shot.frames, 0);
}
