import fs from 'node:fs/promises';
import { UPLOAD_MAX_BYTES, VOICE_SAMPLE_MIME_TYPES } from '@reelcraft/contract';
import { EXTENSION_OF, sniffAudioType, type SniffedAudioType } from '../platform/files/sniff-content-type';
import { vetAudioFile } from './audio-intake';
import { isMediaError } from './media-error';
import type { MediaTools } from './media-tools';
import { withTempWorkspace } from './temp-workspace';

/** A voice sample longer than this is refused: it is narration under a short video. */
export const VOICE_SAMPLE_MAX_SECONDS = 300;

export interface VettedVoiceSample {
  data: Buffer;
  contentType: SniffedAudioType;
  extension: string;
  /** Seconds of sound, counted by decoding it (not the header's word). */
  durationSeconds: number;
}

/** Why a voice sample was refused; the message is for the user. */
export class VoiceSampleRefusedError extends Error {
  override readonly name = 'VoiceSampleRefusedError';
}

/**
 * Checks a voice sample (a narration to mix in, a recorded voiceover, a clone's recording) before a
 * job is accepted: the type from its bytes (by default MP3, WAV, M4A, OGG), its size, then
 * vetAudioFile (an audio stream, a known codec, and its length by decoding, which a lying header
 * does not change). The render vets it again. `refusal` is the user's text for any refusal.
 */
export async function vetVoiceSample(
  data: Buffer,
  tools: MediaTools,
  workDir: string | undefined,
  refusal: string,
  accepted: readonly string[] = VOICE_SAMPLE_MIME_TYPES,
): Promise<VettedVoiceSample> {
  const type = sniffAudioType(data);
  if (!type || !accepted.includes(type)) throw new VoiceSampleRefusedError(refusal);
  const limits = { maxBytes: UPLOAD_MAX_BYTES, maxSeconds: VOICE_SAMPLE_MAX_SECONDS };
  if (data.length > limits.maxBytes) throw new VoiceSampleRefusedError(refusal);
  return withTempWorkspace(workDir, async (workspace) => {
    const file = workspace.file('voice-sample');
    await fs.writeFile(file, data);
    try {
      const { durationSeconds } = await vetAudioFile(tools, file, limits, { timeoutMs: 15_000 });
      return { data, contentType: type, extension: EXTENSION_OF[type], durationSeconds };
    } catch (error) {
      // The vetting's own words name the problem (too long, no audio); a crash of a tool does not.
      if (isMediaError(error) && error.code !== 'process_failed') {
        throw new VoiceSampleRefusedError(`${refusal} ${error.message}`);
      }
      throw new VoiceSampleRefusedError(refusal);
    }
  });
}
