import { AvatarStudio } from '../features/avatars';
import { StudioPage, type StudioModeParts } from '../features/studio';
import { uploadErrorMessage, uploadImages } from '../features/uploads';
import { VoiceCloneStudio } from '../features/voices';

// AI Studio's avatar and voice modes belong to the avatars and voices features (named after their
// server modules); features do not import one another, so the app composes the studio here.

const modes: StudioModeParts = {
  renderAvatarMode: ({ onBackToOptions }) => (
    <AvatarStudio
      onBackToOptions={onBackToOptions}
      uploadPhotos={(files) => uploadImages(files, 'ai-studio')}
      describeUploadError={uploadErrorMessage}
    />
  ),
  renderVoiceMode: ({ onBackToOptions }) => <VoiceCloneStudio onBackToOptions={onBackToOptions} />,
};

export function StudioScreen() {
  return <StudioPage {...modes} />;
}
