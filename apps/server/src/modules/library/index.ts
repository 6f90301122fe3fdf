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
export { isUploadOf, uploadKeyPrefix, UPLOADS_AREA } from './upload-keys';
