import { ImageEnhancer } from '../features/image-enhancement';
import { ImageToVideoPage, type CreationParts } from '../features/image-to-video';
import { useSaveLibraryImages } from '../features/library';
import { EnhancePromptButton } from '../features/prompt-enhancement';
import { uploadErrorMessage, uploadImages } from '../features/uploads';

// The image-to-video screen shows pieces of three other features (uploads, prompt enhancement, image
// enhancement). Features do not import one another (the lint boundary), so the app, which may import
// them all, composes the screen here; each feature stays named after its server module.

const parts: CreationParts = {
  uploads: { upload: uploadImages, describeError: uploadErrorMessage },
  library: { useSave: useSaveLibraryImages },
  renderEnhancePrompt: (props) => <EnhancePromptButton {...props} />,
  renderImageEnhancer: (props) => <ImageEnhancer uploadImages={uploadImages} {...props} />,
};

export function ImageToVideoScreen() {
  return <ImageToVideoPage {...parts} />;
}
