import type { ObjectStorage } from './storage';
import type { LocalObjectStorage, LocalStorageOptions } from './local-storage';
import { createLocalStorage } from './local-storage';
import type { S3ObjectStorage, S3StorageOptions } from './s3-storage';
import { createS3Storage } from './s3-storage';

export type { ObjectStorage };
export type LocalStorageDriverOptions = { driver: 'local' } & LocalStorageOptions;
export type S3StorageDriverOptions = { driver: 's3' } & S3StorageOptions;
export type StorageOptions = LocalStorageDriverOptions | S3StorageDriverOptions;

/** The object store chosen by configuration (STORAGE_DRIVER); the local one also serves its links. */
export function createStorage(options: LocalStorageDriverOptions): LocalObjectStorage;
export function createStorage(options: S3StorageDriverOptions): S3ObjectStorage;
export function createStorage(options: StorageOptions): LocalObjectStorage | S3ObjectStorage;
export function createStorage(options: StorageOptions): LocalObjectStorage | S3ObjectStorage {
  switch (options.driver) {
    case 'local': {
      const { driver: _driver, ...local } = options;
      return createLocalStorage(local);
    }
    case 's3': {
      const { driver: _driver, ...s3 } = options;
      return createS3Storage(s3);
    }
  }
}
