export { ImageLibraryPage } from './image-library-page';
export { saveLibraryImages, useSaveLibraryImages, type SaveLibraryImages } from './api/save-library-images';
