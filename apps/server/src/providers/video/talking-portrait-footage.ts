import fs from 'node:fs/promises';
import path from 'node:path';
import type { StoryboardScene } from '@reelcraft/contract';
import { runAudioTask } from '../../media/audio-work';
import type { EncoderSettings } from '../../media/encoder-settings';
import { sharpFromVetted } from '../../media/image-intake';
import type { MediaTools } from '../../media/media-tools';
import { renderPresenterVideo } from '../../media/presenter-video';
import type { SceneFootage } from './storyboard-renderer';

export interface TalkingPortraitDeps {
  tools: MediaTools;
  encoder: EncoderSettings;
  renderTimeoutMs: number;
}

/** The portrait a speaking scene shows: its first image subject. */
function portraitOf(scene: StoryboardScene): string | null {
  const subject = scene.visual.subjects.find((candidate) => candidate.kind === 'image');
  return subject?.kind === 'image' ? subject.image_url : null;
}

/**
 * Films the storyboard scenes whose action is `speak` (the avatar presenter, issue 31): the scene's
 * image subject as a talking portrait, its mouth drawn from the scene's narration as heard, offline.
 * Any storyboard may have such scenes; the renderer draws the captions over the footage.
 */
export function createTalkingPortraitFootage(deps: TalkingPortraitDeps): SceneFootage {
  return {
    films: (scene) => scene.visual.action === 'speak' && portraitOf(scene) !== null,
    async film(request, task) {
      const url = portraitOf(request.scene);
      const image = url === null ? undefined : request.images.get(url);
      if (!image) throw new RangeError(`The portrait of scene ${request.scene.id} was not given`);
      const [portrait, speech, dir] = await Promise.all([
        sharpFromVetted(image).png().toBuffer(),
        runAudioTask('readWav', request.speechPath),
        // A folder of its own inside the scene's: the drawn shots' files are beside it.
        fs.mkdtemp(path.join(request.dir, 'portrait-')),
      ]);
      return renderPresenterVideo(deps.tools, {
        portrait,
        speech,
        width: request.width,
        height: request.height,
        fps: request.fps,
        seconds: request.seconds,
        encoder: deps.encoder,
        dir,
        ...(task.signal ? { signal: task.signal } : {}),
        timeoutMs: deps.renderTimeoutMs,
        onProgress: (fraction) => task.onProgress?.({ progress: fraction, stage: 'video_generation' }),
      });
    },
  };
}
