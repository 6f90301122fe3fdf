import { describe, expect, it } from 'vitest';
import { StageTracker } from './stage-tracker';

describe('generation stages', () => {
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
});
