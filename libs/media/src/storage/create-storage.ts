import { LocalStorage } from './local-storage.js';
import { S3Storage } from './s3-storage.js';
import type { StorageDriver } from './storage.js';

/**
 * The storage settings of the configuration (AppConfig in @app/config has these fields), named
 * here so this library stays free of the config and framework libraries.
 */
export interface StorageSettings {
  STORAGE_DRIVER: 'local' | 's3';
  STORAGE_DIR: string;
  S3_BUCKET?: string;
  S3_REGION: string;
  S3_ENDPOINT?: string;
  S3_FORCE_PATH_STYLE: boolean;
  S3_ACCESS_KEY_ID?: string;
  S3_SECRET_ACCESS_KEY?: string;
  MEDIA_PUBLIC_URL?: string;
}

/**
 * The storage driver the configuration names (DESIGN.md §1: a local folder, the embedded
 * default, or any S3-compatible bucket), the one factory of the api, the worker and the seed.
 * The config check already refused STORAGE_DRIVER=s3 without a bucket.
 */
export function createStorage(config: StorageSettings): StorageDriver {
  if (config.STORAGE_DRIVER === 's3') {
    return new S3Storage({
      bucket: config.S3_BUCKET!,
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      credentials:
        config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
          ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
          : undefined,
      publicBaseUrl: config.MEDIA_PUBLIC_URL,
    });
  }
  return new LocalStorage({ root: config.STORAGE_DIR, publicBaseUrl: config.MEDIA_PUBLIC_URL });
}
