import crypto from 'node:crypto';
import path from 'node:path';
import type { VeoSettings } from '../../config';
import { nearestAspect } from '../../media/frame-size';
import { probeMedia } from '../../media/media-probe';
import type { MediaTools } from '../../media/media-tools';
import { ProviderError } from '../provider-error';
import type { TaskOptions } from '../provider-task';
import type { SceneFootage, SceneFootageRequest } from '../video/storyboard-renderer';
import { scenePromptOf } from '../video/scene-prompt';
import { mapVeoError, toVeoImage, veoCoveringDuration, type VeoClient, type VeoInstance } from './veo-client';

export interface VeoSceneFootage extends SceneFootage {
  /**
   * What films the scenes, in every scene's cache key (`veo:<model>` and the settings that change
   * what it films): a clip is never reused for another source, and a change of model films again.
   */
  readonly source: string;
}

export interface VeoSceneFootageOptions {
  client: VeoClient;
  settings: Pick<VeoSettings, 'negativePrompt' | 'personGeneration'>;
  tools: MediaTools;
}

/**
 * Storyboard scenes filmed by Veo (issue 31): each scene that renders and has a scene prompt (a
 * draft's, the user's, or empty: one composed from the scene) is one generation of it, starting
 * from the user's image when the scene shows one, as long as the model's clip that best covers the
 * scene. The storyboard renderer loops a shorter clip, draws the captions over it and lays the
 * narration.
 */
export function createVeoSceneFootage(options: VeoSceneFootageOptions): VeoSceneFootage {
  const { client, tools, settings } = options;
  const source = [
    `veo:${client.model}`,
    ...(settings.negativePrompt ? [`negative:${settings.negativePrompt}`] : []),
    ...(settings.personGeneration ? [`people:${settings.personGeneration}`] : []),
  ].join('|');

  return {
    source,
    // A scene with a scene prompt is filmed; one without (a slide, a portrait) is shown as it is.
    films: (scene) => scene.visual.prompt !== null,

    async film(request: SceneFootageRequest, task: TaskOptions): Promise<string> {
      const { scene } = request;
      const report = (fraction: number) =>
        task.onProgress?.({ progress: Math.min(1, fraction), stage: 'video_generation' });
      try {
        const shown = scene.visual.subjects.find((subject) => subject.kind === 'image');
        const picture = shown?.kind === 'image' ? request.images.get(shown.image_url) : undefined;
        const prompt = scenePromptOf(scene);
        const aspect = nearestAspect(request.width, request.height);
        const quality = Math.min(request.width, request.height) > 720 ? 'hd' : 'standard';
        const seconds = veoCoveringDuration(client.model, request.seconds);
        const file = path.join(request.dir, 'veo-footage.mp4');
        // What was filmed, without the narration or the length: footage at least as long as the
        // scene now needs is shown again (a shorter scene shows part of it, a longer one loops).
        const key = crypto
          .createHash('sha256')
          .update(
            JSON.stringify([
              source,
              prompt,
              shown?.kind === 'image' ? shown.image_url : null,
              aspect,
              quality,
              request.seed,
            ]),
          )
          .digest('hex')
          .slice(0, 32);
        const kept = await request.store?.fetch(scene.id, key, file);
        if (kept != null && kept >= seconds) {
          report(1);
          return file;
        }
        const instance: VeoInstance = {
          prompt,
          ...(picture ? { image: await toVeoImage(picture) } : {}),
        };
        const params = client.parameters({ aspect, durationSeconds: seconds, quality, seed: request.seed });
        const [sample] = await client.generate(instance, params, task, (fraction) => report(fraction * 0.9));
        await client.downloadSample(sample!, file, task.signal);
        const probe = await probeMedia(tools, file, { signal: task.signal });
        if (!probe.video) {
          throw new ProviderError('failed', 'The video service sent a file without a video.', {
            details: probe.formatName,
          });
        }
        // Kept at once: if another scene fails this render, the retry does not film this one again.
        await request.store?.keep(scene.id, key, file, seconds);
        report(1);
        return file;
      } catch (error) {
        throw mapVeoError(error);
      }
    },
  };
}
