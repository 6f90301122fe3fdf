export { uploadsRoutes } from './uploads.routes';
export { UploadsService, type FormReader, type OwnImage, type StoredUpload } from './uploads.service';
export { ImageRefusedError, displayFilename, vetImage, type VettedImage } from './image-vetting';
