import type { EnhanceImageAnswer, UploadedImage, UploadSource } from '@reelcraft/contract';
import type { ReactNode } from 'react';

// What the image-to-video screen takes from other features. Features do not import one another, so
// the app composes them into this screen (app/creation-screens.tsx) through these props.

/** The uploads feature: its call and the wording of its failures. */
export interface ImageUploads {
  upload: (files: readonly File[], source: UploadSource) => Promise<UploadedImage[]>;
  describeError: (error: unknown) => string;
}

export interface CreationParts {
  uploads: ImageUploads;
  /** The prompt-enhancement feature's Enhance Prompt button. */
  renderEnhancePrompt: (props: { prompt: string; onEnhanced: (prompt: string) => void }) => ReactNode;
  /** The image-enhancement feature's tab. */
  renderImageEnhancer: (props: {
    onUseForVideo: (image: EnhanceImageAnswer, name: string) => void;
  }) => ReactNode;
}
