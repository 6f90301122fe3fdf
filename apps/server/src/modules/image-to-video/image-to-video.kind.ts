import { z } from 'zod';
import { imageVideoSettingsSchema } from '@reelcraft/contract';
import type { ObjectStorage } from '../../platform/storage';
import type { VideoProvider } from '../../providers';
import { defineGenerationKind, readRenderInput } from '../generations';
import { storyboardRenderInputSchema, type StoryboardRendering } from '../storyboards';
import { stageMessage } from './image-stages';

const INPUT_GONE = 'An image or sound of this video is no longer available. Please upload it again.';

const imageVideoInputSchema = z.object({
  prompt: z.string(),
  modelPlatform: z.string(),
  settings: imageVideoSettingsSchema,
  seed: z.number().int(),
  /** Storage URIs in the owner's upload area, in slot order. */
  imageUris: z.array(z.string()).min(1),
  lastFrameUri: z.string().nullable(),
  voiceSampleUri: z.string().nullable(),
  /**
   * The storyboard its images became (issue 31): rendered scene by scene, narrated in the voice
   * the sample was cloned into. Absent for jobs from before, and with a cloud video provider.
   */
  storyboard: storyboardRenderInputSchema.optional(),
});
export type ImageVideoInput = z.infer<typeof imageVideoInputSchema>;

/** A video from the user's images (spec 001 section 3, Image job status). */
export function imageToVideoKind(
  video: Pick<VideoProvider, 'fromImages'>,
  storage: Pick<ObjectStorage, 'get' | 'keyFromUri'>,
  storyboards: Pick<StoryboardRendering, 'render' | 'delivered'>,
) {
  /** An input the job was accepted with; gone (deleted from the library meanwhile) fails the job. */
  const read = (uri: string) => readRenderInput(storage, { uri }, INPUT_GONE);

  return defineGenerationKind({
    name: 'image-to-video',
    projectType: 'image-to-video',
    input: imageVideoInputSchema,
    message: (step) => stageMessage(step.status, step.stage, step.progress, step.error),
    async delivered(input, videoId, rendered) {
      if (input.storyboard) await storyboards.delivered(input.storyboard, videoId, rendered);
    },
    async render(input, context) {
      if (input.storyboard) return storyboards.render(input.storyboard, context);
      const [images, lastFrame, voiceSample] = await Promise.all([
        Promise.all(input.imageUris.map(read)),
        input.lastFrameUri ? read(input.lastFrameUri) : undefined,
        input.voiceSampleUri ? read(input.voiceSampleUri) : undefined,
      ]);
      const { settings } = input;
      return video.fromImages(
        {
          images,
          prompt: input.prompt,
          durationSeconds: settings.duration,
          aspect: settings.aspect_ratio,
          quality: settings.quality,
          mode: settings.mode,
          seed: input.seed,
          ...(lastFrame ? { lastFrame } : {}),
          ...(voiceSample ? { voiceSample } : {}),
        },
        context,
      );
    },
  });
}

export type ImageToVideoKind = ReturnType<typeof imageToVideoKind>;
