import type { StudioVoiceoverBody } from '@reelcraft/contract';
import { intakeAudio } from '../../media/audio-intake';
import { toMono, resample } from '../../media/audio-mixing';
import { runAudioTask } from '../../media/audio-work';
import type { MediaTools } from '../../media/media-tools';
import { encodeWav, pcmDuration, type PcmAudio } from '../../media/wav';
import { trimToVoice, voicedSpan } from '../../media/word-timing';
import type { SpeechProvider, SynthesizedSpeech, VoiceoverCaption } from '../../providers';
import {
  captionPhrases,
  heldCaptions,
  layNarrationLines,
  type NarrationSpacing,
  type SpokenLine,
} from '../../providers/video/scene-planner';
import type { VoicesService } from '../voices';

const SAMPLE_RATE = 44_100;
/** A voiceover's phrases as a storyboard's narration: close together, a longer pause after a sentence. */
const SPACING: NarrationSpacing = { lead: 0.15, phraseGap: 0.04, sentenceGap: 0.18, tail: 0.1 };
const SPEECH_LIMITS = { maxBytes: 64 * 1024 * 1024, maxSeconds: 600 };

/** A typed voiceover as it is stored: its sound and the captions of what it says. */
export interface SpokenVoiceover {
  audio: Buffer;
  contentType: string;
  extension: string;
  /** Empty when the script cannot be shown as captions (it is then spoken in one piece). */
  captions: VoiceoverCaption[];
}

/**
 * The script's caption phrases (sentences split as every flow's captions are), each to be spoken as
 * one line; null when the phrases would leave words out (letters the caption font lacks, a "word"
 * longer than a caption holds): the voiceover must say every word the user typed.
 */
export function voiceoverPhrases(text: string): string[] | null {
  const sentences = text
    .split(/(?<=[.!?…])\s+/)
    .map((sentence) => sentence.trim())
    .filter(Boolean);
  const phrases = captionPhrases(sentences);
  const words = (lines: readonly string[]) => lines.join(' ').split(/\s+/).filter(Boolean).join(' ');
  return phrases.length > 0 && words(phrases) === words(sentences) ? phrases : null;
}

/**
 * Lays the spoken phrases one after another as a storyboard's narration is laid (a short pause
 * between phrases, a longer one after a sentence) and times each phrase's caption to its voice, its
 * words spread by syllables; a caption stays until the next one starts or a little after its last
 * word. Unlike a storyboard, whose length is set, the voiceover is as long as its phrases take, so
 * none is left out. Answers where each phrase starts and the voiceover's length, in seconds. Pure.
 */
export function layVoiceover(
  phrases: readonly string[],
  spoken: readonly SpokenLine[],
  spacing: NarrationSpacing = SPACING,
): { starts: number[]; seconds: number; captions: VoiceoverCaption[] } {
  const { timed, starts, soundEnd } = layNarrationLines(phrases, spoken, spacing);
  const seconds = soundEnd + spacing.tail;
  return { starts, seconds, captions: heldCaptions(timed, seconds) };
}

export interface VoiceoverSpeakerDeps {
  voices: Pick<VoicesService, 'speak' | 'speakerFor'>;
  speech: Pick<SpeechProvider, 'synthesizeLines'>;
  mediaTools: MediaTools;
  workDir: string | undefined;
}

/**
 * Speaks a typed voiceover phrase by phrase, as every flow narrates, so its captions say exactly
 * what is heard when it is said. A script the captions cannot show is spoken in one piece, with none.
 * Throws the speech provider's errors (a voice the user may not use is its `not_found`).
 */
export async function speakVoiceover(
  deps: VoiceoverSpeakerDeps,
  userId: string,
  body: StudioVoiceoverBody,
): Promise<SpokenVoiceover> {
  const settings = {
    stability: body.stability,
    similarityBoost: body.similarity_boost,
    style: body.style,
    useSpeakerBoost: body.use_speaker_boost,
  };
  const phrases = voiceoverPhrases(body.text);
  if (!phrases) {
    const speech = await deps.voices.speak(userId, { text: body.text, voiceId: body.voice_id, settings });
    return {
      audio: speech.audio,
      contentType: speech.contentType,
      extension: speech.contentType === 'audio/mpeg' ? 'mp3' : 'wav',
      captions: [],
    };
  }
  const speaker = await deps.voices.speakerFor(userId, body.voice_id);
  const spoken = await deps.speech.synthesizeLines({ ...speaker, lines: phrases, settings });
  const lines = await Promise.all(spoken.map((speech) => toVoice(deps, speech)));
  const laid = layVoiceover(
    phrases,
    lines.map((pcm) => {
      const span = voicedSpan(pcm);
      return { seconds: pcmDuration(pcm), voicedStart: span.start, voicedEnd: span.end };
    }),
  );
  const track = new Float32Array(Math.ceil(laid.seconds * SAMPLE_RATE));
  lines.forEach((pcm, index) => {
    const samples = pcm.channels[0] ?? new Float32Array(0);
    const offset = Math.round((laid.starts[index] ?? 0) * SAMPLE_RATE);
    track.set(samples.subarray(0, Math.max(0, track.length - offset)), offset);
  });
  return {
    audio: encodeWav({ sampleRate: SAMPLE_RATE, channels: [track] }),
    contentType: 'audio/wav',
    extension: 'wav',
    captions: laid.captions,
  };
}

/** One phrase's speech as mono PCM at the voiceover's rate, cut to its voice and a small margin. */
async function toVoice(deps: VoiceoverSpeakerDeps, speech: SynthesizedSpeech): Promise<PcmAudio> {
  const decoded =
    speech.contentType === 'audio/wav'
      ? await runAudioTask('decodeWav', speech.audio)
      : await intakeAudio(deps.mediaTools, speech.audio, SPEECH_LIMITS, {
          sampleRate: SAMPLE_RATE,
          channels: 1,
          workDir: deps.workDir,
        });
  return trimToVoice(resample({ sampleRate: decoded.sampleRate, channels: [toMono(decoded)] }, SAMPLE_RATE));
}
