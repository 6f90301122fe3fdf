import { describe, expect, it } from 'vitest';
import { imageToVideoMessages } from '@reelcraft/contract';
import { stageMessage, stageStates } from './image-stages';

describe('image job stages', () => {
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
