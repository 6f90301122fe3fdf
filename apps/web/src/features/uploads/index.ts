// Uploads (server module `uploads`): the upload call the creation screens share. Features do not
// import one another, so the app hands it to the screens that upload (app/creation-screens.tsx).
export { uploadErrorMessage, uploadImages, type UploadImages } from './api/upload-images';
