export { ImageLibraryPage } from './image-library-page';
