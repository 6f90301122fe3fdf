import type { StoryboardContent } from '@reelcraft/contract';

/**
 * The words a project search finds a storyboard's videos by (issue 36): what the user asked for
 * (the whole prompt, not the library title's first words), the title, and what each scene says
 * and, for a filmed scene, shows. Pure.
 */
export function storyboardSearchText(prompt: string, content: StoryboardContent): string {
  return [
    prompt,
    content.title,
    ...content.scenes.flatMap((scene) => [scene.narration, scene.visual.prompt ?? '']),
  ]
    .map((part) => part.replace(/\s+/g, ' ').trim())
    .filter((part) => part.length > 0)
    .join('\n');
}
