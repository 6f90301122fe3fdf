export { uploadsRoutes } from './uploads.routes';
export { createUploadsService } from './create-uploads-service';
export { UploadsService, type FormReader, type OwnImage, type StoredUpload } from './uploads.service';
export { ImageRefusedError, displayFilename, vetImage, type VettedImage } from './image-vetting';
