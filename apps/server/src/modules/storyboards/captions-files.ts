import { stringifySync, type NodeList } from 'subtitle';

/** A caption cue in seconds from the video's start. */
export interface CaptionCueRow {
  start: number;
  end: number;
  text: string;
}

export type CaptionsFormat = 'vtt' | 'srt';

/**
 * A cue's text on one line: no blank line (it would end the cue), no "-->" (it would read as a
 * timing) and, in WebVTT, no markup characters a player would take for tags.
 */
function cueText(text: string, format: CaptionsFormat): string {
  const line = text.replace(/\s+/g, ' ').trim().replace(/-->/g, '->');
  return format === 'vtt' ? line.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;') : line;
}

/** The captions of a video as a WebVTT or SubRip file (written by `subtitle`), cues in time order. */
export function captionsFile(cues: readonly CaptionCueRow[], format: CaptionsFormat): string {
  const nodes: NodeList = [...cues]
    .filter((cue) => cue.end > cue.start && cue.text.trim())
    .sort((a, b) => a.start - b.start)
    .map((cue) => ({
      type: 'cue',
      data: {
        start: Math.round(cue.start * 1000),
        end: Math.round(cue.end * 1000),
        text: cueText(cue.text, format),
      },
    }));
  return stringifySync(nodes, { format: format === 'vtt' ? 'WebVTT' : 'SRT' });
}
