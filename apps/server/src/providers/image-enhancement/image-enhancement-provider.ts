import type { TaskOptions } from '../provider-task';

/** Which implementation enhances images; the Gemini adapter adds its name here. */
export type ImageEnhancementProviderKind = 'local' | 'gemini';

export interface ImageEnhancementRequest {
  /** The image as uploaded (JPEG, PNG or WebP; vetted before use). */
  image: Buffer;
  /** What the user asked for, e.g. "brighter, white background, square". */
  instruction: string;
}

export interface EnhancedImage {
  data: Buffer;
  contentType: 'image/jpeg' | 'image/png';
  width: number;
  height: number;
  /** The operations applied, in order, for the log and the tests. */
  steps: string[];
}

export interface ImageEnhancementProvider {
  readonly kind: ImageEnhancementProviderKind;
  enhance(request: ImageEnhancementRequest, options?: TaskOptions): Promise<EnhancedImage>;
}
