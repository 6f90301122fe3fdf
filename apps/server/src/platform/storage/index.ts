export * from './storage';
export { createStorage } from './create-storage';
export type { LocalStorageDriverOptions, S3StorageDriverOptions, StorageOptions } from './create-storage';
export { createLocalStorage, isLocalObjectStorage, LOCAL_STORAGE_ROUTE_PREFIX } from './local-storage';
export type {
  LocalObjectStorage,
  LocalStorageOptions,
  SignedRequestQuery,
  SignedRequestVerdict,
} from './local-storage';
export { localStorageRoutes } from './local-storage-routes';
export type { LocalStorageRoutesOptions } from './local-storage-routes';
export { createS3Storage } from './s3-storage';
export type { S3ObjectStorage, S3StorageOptions } from './s3-storage';
export { contentDispositionAttachment, normalizeDownloadName } from './content-disposition';
export { resolveRangeHeader } from './byte-range';
export type { RangeResolution } from './byte-range';
export { isOutOfSpaceError } from './out-of-space';
export { DiskSpaceMonitor } from './disk-space';
export type {
  DiskSpaceLevel,
  DiskSpaceMonitorOptions,
  DiskSpaceReport,
  VolumeSpace,
  WatchedFolder,
} from './disk-space';
