export { libraryRoutes } from './library.routes';
export { createLibraryService } from './create-library-service';
export {
  IMAGE_NOT_FOUND,
  LIBRARY_LIST_LIMIT,
  LibraryImageRefusedError,
  LibraryService,
  type LibrarySaveOutcome,
  type LibrarySkipReason,
  type NewLibraryImageInput,
} from './library.service';
export { LibraryRepository } from './library.repository';
export { isUploadOf, uploadKeyPrefix, UPLOADS_AREA } from './upload-keys';
export { libraryImages, type LibraryImageRow, type NewLibraryImageRow } from './library.schema';
