import type {
  EnhanceImageAnswer,
  LibraryImage,
  LibraryImageSaveRecord,
  UploadedImage,
  UploadSource,
} from '@reelcraft/contract';
import type { ReactNode } from 'react';

// What the image-to-video screen takes from other features. Features do not import one another, so
// the app composes them into this screen (app/creation-screens.tsx) through these props.

/** The uploads feature: its call and the wording of its failures. */
export interface ImageUploads {
  upload: (files: readonly File[], source: UploadSource) => Promise<UploadedImage[]>;
  describeError: (error: unknown) => string;
}

/** The library feature's save: the screen keeps the user's uploads there once a video starts. */
export interface ImageLibrary {
  /** A hook answering the save call (it refreshes the library's cached list). */
  useSave: () => (records: readonly LibraryImageSaveRecord[]) => Promise<LibraryImage[]>;
}

export interface CreationParts {
  uploads: ImageUploads;
  library: ImageLibrary;
  /** The prompt-enhancement feature's Enhance Prompt button. */
  renderEnhancePrompt: (props: { prompt: string; onEnhanced: (prompt: string) => void }) => ReactNode;
  /** The image-enhancement feature's tab. */
  renderImageEnhancer: (props: {
    onUseForVideo: (image: EnhanceImageAnswer, name: string) => void;
  }) => ReactNode;
}
