import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { UPLOAD_MAX_BYTES } from '@reelcraft/contract';
import { decodeOwnAudio, intakeAudio } from '../../media/audio-intake';
import { runAudioTask } from '../../media/audio-work';
import { DEFAULT_ENCODER_SETTINGS, type EncoderSettings } from '../../media/encoder-settings';
import { runFfmpeg } from '../../media/ffmpeg-runner';
import { buildFitVideoCommand } from '../../media/fit-video-graph';
import type { CaptionFonts } from '../../media/font-files';
import { MediaError } from '../../media/media-error';
import { probeMedia } from '../../media/media-probe';
import type { MediaTools } from '../../media/media-tools';
import { createOutputFolder, withTempWorkspace } from '../../media/temp-workspace';
import { extractFrame } from '../../media/video-renderer';
import { pcmDuration } from '../../media/wav';
import { toProviderError } from '../provider-error';
import { createProgressTracker, type TaskOptions } from '../provider-task';
import type { LipSyncProvider, LipSyncRequest } from './lip-sync-provider';
import { drawVoiceoverCaptions } from './voiceover-captions';

export interface LocalLipSyncOptions {
  tools: MediaTools;
  workDir?: string;
  encoder?: Partial<EncoderSettings>;
  renderTimeoutMs?: number;
  /** Null: the voiceover's captions are left out (no font on this machine). */
  fonts?: CaptionFonts | null;
}

const AUDIO_RATE = 44_100;
/** A voiceover is at most a few minutes (5000 characters of text). */
const VOICEOVER_LIMITS = { maxBytes: UPLOAD_MAX_BYTES, maxSeconds: 600 };
/** The clip runs on this long after the last word. */
const TAIL_SECONDS = 0.4;
/** The clip's own sound stays audible under the voice. */
const CLIP_AUDIO_GAIN = 0.5;

/**
 * Offline "lip-sync": lays the voiceover on the clip, fits the clip to the speech (trimmed, or its
 * last frame held), keeps the clip's own sound underneath, ducked while the voice speaks, and burns
 * in the voiceover's captions, all in one encode.
 */
export function createLocalLipSyncProvider(options: LocalLipSyncOptions): LipSyncProvider {
  const { tools } = options;
  const encoder = { ...DEFAULT_ENCODER_SETTINGS, ...options.encoder };
  return {
    kind: 'local',
    async apply(request: LipSyncRequest, task: TaskOptions = {}) {
      const progress = createProgressTracker(task.onProgress, { prepare: 1, render: 4, finish: 0.5 });
      progress.report('prepare', 0, 'preparing');
      const output = await createOutputFolder(options.workDir ?? os.tmpdir(), 'lipsync');
      const release = () => fs.rm(output, { recursive: true, force: true });
      try {
        return await withTempWorkspace(options.workDir, async (workspace) => {
          const probe = await probeMedia(tools, request.videoPath, { signal: task.signal });
          if (!probe.video || !probe.durationSeconds)
            throw new MediaError('invalid_media', 'The clip has no video.');
          const fps = Math.min(60, Math.max(1, Math.round(probe.video.fps ?? 24)));
          const videoFrames = probe.video.frames ?? Math.round(probe.durationSeconds * fps);
          const speech = await intakeAudio(tools, request.audio, VOICEOVER_LIMITS, {
            sampleRate: AUDIO_RATE,
            channels: 1,
            workDir: options.workDir,
            signal: task.signal,
          });
          const targetFrames = Math.max(1, Math.round((pcmDuration(speech) + TAIL_SECONDS) * fps));
          const seconds = targetFrames / fps;
          const clip = await decodeOwnAudio(tools, request.videoPath, {
            sampleRate: AUDIO_RATE,
            channels: 2,
            durationSeconds: probe.durationSeconds,
            workDir: options.workDir,
            signal: task.signal,
          });
          const audioPath = workspace.file('voiceover-mix.wav');
          await runAudioTask(
            'writeVoiceoverSoundtrack',
            { path: audioPath, seconds, sampleRate: AUDIO_RATE, clip, clipGain: CLIP_AUDIO_GAIN, speech },
            { transfer: [...clip.channels, ...speech.channels].map((channel) => channel.buffer) },
          );
          progress.report('prepare', 1, 'preparing');
          const videoPath = path.join(output, 'video.mp4');
          const width = probe.video.width - (probe.video.width % 2);
          const height = probe.video.height - (probe.video.height % 2);
          const overlays = await drawVoiceoverCaptions(
            request.captions ?? [],
            { width, height, fps, frames: targetFrames },
            options.fonts?.sansBold ?? null,
            workspace,
          );
          const command = buildFitVideoCommand({
            videoPath: request.videoPath,
            videoFrames,
            fps,
            width,
            height,
            targetFrames,
            audioPath,
            overlays,
            encoder,
            outputPath: videoPath,
          });
          await runFfmpeg(tools, command.args, {
            signal: task.signal,
            timeoutMs: options.renderTimeoutMs ?? 10 * 60_000,
            expectedSeconds: command.durationSeconds,
            onProgress: (fraction) => progress.report('render', fraction, 'rendering'),
            label: 'lip-sync',
          });
          const thumbnailPath = path.join(output, 'thumbnail.jpg');
          await extractFrame(tools, videoPath, Math.min(1, seconds / 3), thumbnailPath, {
            longSide: 640,
            signal: task.signal,
          });
          const result = await probeMedia(tools, videoPath, { signal: task.signal });
          const stat = await fs.stat(videoPath);
          progress.report('finish', 1, 'completed');
          return {
            path: videoPath,
            contentType: 'video/mp4' as const,
            thumbnailPath,
            durationSeconds: result.durationSeconds ?? seconds,
            width,
            height,
            fps,
            fileSizeBytes: stat.size,
            seed: null,
            // The voiceover's caption cards are drawn into the picture (none without the font).
            captionsInPicture: overlays.length > 0,
            release,
          };
        });
      } catch (error) {
        await release();
        throw toProviderError(error, 'The voiceover could not be applied to the video.');
      }
    },
  };
}
