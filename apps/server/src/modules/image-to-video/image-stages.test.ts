import { describe, expect, it } from 'vitest';
import { imageToVideoMessages } from '@reelcraft/contract';
import { stageMessage, stageStates, StageTracker } from './image-stages';

describe('image job stages', () => {
  it('follows a renderer through its stages without going back', () => {
    const tracker = new StageTracker(95);
    expect(tracker.report(0.02, 'file_processing')).toMatchObject({
      snapshot: { progress: 1, currentStage: 'file_processing' },
      stageChanged: false,
    });
    const scenes = tracker.report(0.1, 'scene_generation');
    expect(scenes.stageChanged).toBe(true);
    expect(scenes.snapshot.stageProgress).toEqual({ file_processing: 100, scene_generation: 0 });
    tracker.report(0.2, 'video_generation');
    const half = tracker.report(0.6, 'video_generation').snapshot;
    expect(half.currentStage).toBe('video_generation');
    expect(half.stageProgress.video_generation).toBe(50);
    expect(half.progress).toBe(57);
    // A late report of an earlier stage changes nothing.
    expect(tracker.report(0.3, 'scene_generation').snapshot).toMatchObject({
      currentStage: 'video_generation',
      progress: 57,
    });
    expect(tracker.finishing()).toMatchObject({
      progress: 95,
      currentStage: 'final_combination',
      stageProgress: {
        file_processing: 100,
        scene_generation: 100,
        video_generation: 100,
        final_combination: 50,
      },
    });
  });

  it('derives each stage state and the message shown', () => {
    expect(stageStates('processing', 'video_generation')).toEqual({
      file_processing: 'completed',
      scene_generation: 'completed',
      video_generation: 'processing',
      final_combination: 'pending',
    });
    expect(stageStates('failed', 'scene_generation')).toMatchObject({
      scene_generation: 'failed',
      video_generation: 'pending',
    });
    expect(Object.values(stageStates('completed', 'completed'))).toEqual(Array(4).fill('completed'));
    expect(stageMessage('processing', 'scene_generation', 20, null)).toBe(
      imageToVideoMessages.stageSceneGeneration,
    );
    expect(stageMessage('processing', 'uploading', 20, null)).toBe('Processing... 20%');
    expect(stageMessage('completed', 'completed', 100, null)).toBe('Video generation complete!');
    expect(stageMessage('failed', 'video_generation', 40, 'The image could not be read.')).toBe(
      'The image could not be read.',
    );
  });
});
