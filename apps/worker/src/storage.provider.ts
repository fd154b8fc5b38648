import { AppConfig } from '@app/config';
import { LocalStorage, S3Storage, type StorageDriver } from '@app/media';

/** The storage driver the configuration names (DESIGN.md §1: local folder or S3). */
export function createStorage(config: AppConfig): StorageDriver {
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
