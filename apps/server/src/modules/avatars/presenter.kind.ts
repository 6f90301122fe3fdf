import fs from 'node:fs/promises';
import { ASPECT_RATIOS, avatarMessages, UPLOAD_MAX_BYTES } from '@reelcraft/contract';
import { z } from 'zod';
import { intakeAudio } from '../../media/audio-intake';
import type { EncoderSettings } from '../../media/encoder-settings';
import type { MediaTools } from '../../media/media-tools';
import { renderPresenterVideo } from '../../media/presenter-video';
import type { ObjectStorage } from '../../platform/storage';
import type { LipSyncProvider, RenderedVideo } from '../../providers';
import { defineGenerationKind, narratedRenderMessages, readRenderInput } from '../generations';
import type { VoicesService } from '../voices';

const PORTRAIT_GONE = 'The avatar of this video was deleted. Please choose another avatar.';
/** A narration is at most a couple of minutes (PRESENTER_TEXT_MAX_CHARS). */
const SPEECH_LIMITS = { maxBytes: UPLOAD_MAX_BYTES, maxSeconds: 600 };

const presenterInputSchema = z.object({
  /** The owner: the narration may speak with one of their clones. */
  userId: z.string(),
  avatarId: z.string(),
  /** The portrait's storage key, read when the job runs. */
  imageKey: z.string(),
  text: z.string().min(1),
  voiceId: z.string(),
  aspect: z.enum(ASPECT_RATIOS),
});
export type PresenterInput = z.infer<typeof presenterInputSchema>;

export interface PresenterKindDeps {
  storage: Pick<ObjectStorage, 'get' | 'keyFromUri'>;
  voices: Pick<VoicesService, 'speak'>;
  lipSync: LipSyncProvider;
  tools: MediaTools;
  encoder: EncoderSettings;
  workDir: string | undefined;
  renderTimeoutMs: number;
}

/**
 * A talking-presenter video of an avatar (one more kind of generation, DESIGN.md section 8): the
 * narration spoken in the chosen voice (a clone of the owner's too), then the portrait animated
 * with it. Offline the mouth is drawn from the speech; with a lip-sync vendor configured, the
 * portrait's clip is handed to it with the narration instead.
 */
export function presenterKind(deps: PresenterKindDeps) {
  return defineGenerationKind<PresenterInput>({
    name: 'avatar-presenter',
    projectType: 'avatar-presenter',
    input: presenterInputSchema,
    message: narratedRenderMessages({
      completed: 'Your presenter video is ready',
      rendering: 'Animating the presenter',
      failed: avatarMessages.presenterFailed,
    }),
    notices: { link: '/avatars' },
    async render(input, context): Promise<RenderedVideo> {
      context.onProgress({ progress: 0, stage: 'file_processing' });
      const portrait = await readRenderInput(deps.storage, { key: input.imageKey }, PORTRAIT_GONE);
      const spoken = await deps.voices.speak(input.userId, { text: input.text, voiceId: input.voiceId });
      const speech = await intakeAudio(deps.tools, spoken.audio, SPEECH_LIMITS, {
        sampleRate: 44_100,
        channels: 1,
        workDir: deps.workDir,
        signal: context.signal,
      });
      context.onProgress({ progress: 0.15, stage: 'video_generation' });
      const byVendor = deps.lipSync.kind !== 'local';
      const clip = await renderPresenterVideo(deps.tools, {
        portrait,
        speech,
        aspect: input.aspect,
        animateMouth: !byVendor,
        encoder: deps.encoder,
        workDir: deps.workDir,
        signal: context.signal,
        timeoutMs: deps.renderTimeoutMs,
        onProgress: (fraction) =>
          context.onProgress({
            progress: 0.15 + fraction * (byVendor ? 0.35 : 0.8),
            stage: 'video_generation',
          }),
      });
      const release = () => fs.rm(clip.folder, { recursive: true, force: true });
      if (!byVendor) {
        context.onProgress({ progress: 0.97, stage: 'final_combination' });
        return { ...clip, contentType: 'video/mp4', seed: null, release };
      }
      try {
        return await deps.lipSync.apply(
          { videoPath: clip.path, audio: spoken.audio },
          {
            signal: context.signal,
            onProgress: (report) =>
              context.onProgress({ progress: 0.5 + report.progress * 0.5, stage: 'final_combination' }),
          },
        );
      } finally {
        await release();
      }
    },
  });
}

export type PresenterKind = ReturnType<typeof presenterKind>;
