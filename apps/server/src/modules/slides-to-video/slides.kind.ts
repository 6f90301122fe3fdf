import { ASPECT_RATIOS, UPLOAD_MAX_BYTES } from '@reelcraft/contract';
import { z } from 'zod';
import { intakeAudio } from '../../media/audio-intake';
import type { EncoderSettings } from '../../media/encoder-settings';
import type { CaptionFonts } from '../../media/font-files';
import type { MediaTools } from '../../media/media-tools';
import { renderSlidesVideo, type SlideClip } from '../../media/slides-video';
import type { ObjectStorage } from '../../platform/storage';
import type { RenderedVideo } from '../../providers';
import { defineGenerationKind, narratedRenderMessages, readRenderInput } from '../generations';
import { storyboardRenderInputSchema, type StoryboardRendering } from '../storyboards';
import type { VoicesService } from '../voices';

const SLIDE_GONE = 'A slide of this video is no longer available. Please import the deck again.';
const SPEECH_LIMITS = { maxBytes: UPLOAD_MAX_BYTES, maxSeconds: 600 };

const slidesInputSchema = z.object({
  /** The owner: the narration may speak with one of their clones. */
  userId: z.string(),
  deckId: z.string(),
  slides: z.array(z.object({ imageKey: z.string(), narration: z.string() })).min(1),
  voiceId: z.string(),
  aspect: z.enum(ASPECT_RATIOS),
  music: z.boolean(),
  seed: z.number().int(),
  /** The storyboard the slides became (issue 31); absent for jobs from before it. */
  storyboard: storyboardRenderInputSchema.optional(),
});
export type SlidesInput = z.infer<typeof slidesInputSchema>;

export interface SlidesKindDeps {
  storage: Pick<ObjectStorage, 'get' | 'keyFromUri'>;
  voices: Pick<VoicesService, 'speak'>;
  tools: MediaTools;
  fonts: CaptionFonts | null;
  encoder: EncoderSettings;
  workDir: string | undefined;
  renderTimeoutMs: number;
  storyboards: Pick<StoryboardRendering, 'render' | 'delivered'>;
}

/**
 * A narrated video from a deck's slides (one more kind of generation, DESIGN.md section 8): each
 * kept slide's narration spoken in the chosen voice, then the slides rendered with it.
 */
export function slidesKind(deps: SlidesKindDeps) {
  return defineGenerationKind<SlidesInput>({
    name: 'slides',
    projectType: 'slides',
    input: slidesInputSchema,
    message: narratedRenderMessages({
      completed: 'Your slides video is ready',
      rendering: 'Rendering the slides',
    }),
    async delivered(input, videoId, rendered) {
      if (input.storyboard) await deps.storyboards.delivered(input.storyboard, videoId, rendered);
    },
    async render(input, context): Promise<RenderedVideo> {
      if (input.storyboard) return deps.storyboards.render(input.storyboard, context);
      const clips: SlideClip[] = [];
      for (const [index, slide] of input.slides.entries()) {
        context.onProgress({ progress: (index / input.slides.length) * 0.3, stage: 'file_processing' });
        const image = await readRenderInput(deps.storage, { key: slide.imageKey }, SLIDE_GONE);
        const text = slide.narration.trim();
        const spoken = text ? await deps.voices.speak(input.userId, { text, voiceId: input.voiceId }) : null;
        const narration = spoken
          ? await intakeAudio(deps.tools, spoken.audio, SPEECH_LIMITS, {
              sampleRate: 44_100,
              channels: 1,
              workDir: deps.workDir,
              signal: context.signal,
            })
          : null;
        clips.push({ image, narration, captionText: text });
      }
      const video = await renderSlidesVideo(deps.tools, {
        slides: clips,
        aspect: input.aspect,
        music: input.music,
        fonts: deps.fonts,
        seed: input.seed,
        encoder: deps.encoder,
        workDir: deps.workDir,
        signal: context.signal,
        timeoutMs: deps.renderTimeoutMs,
        onProgress: (fraction) =>
          context.onProgress({ progress: 0.3 + fraction * 0.68, stage: 'video_generation' }),
      });
      context.onProgress({ progress: 0.99, stage: 'final_combination' });
      return { ...video, contentType: 'video/mp4', seed: input.seed };
    },
  });
}

export type SlidesKind = ReturnType<typeof slidesKind>;
