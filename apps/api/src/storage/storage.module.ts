import { Global, Inject, Module } from '@nestjs/common';
import { AppConfig } from '@app/config';
import { LocalStorage, S3Storage, type StorageDriver } from '@app/media';

/** Injection token of the configured StorageDriver; use `@InjectStorage() storage: StorageDriver`. */
export const STORAGE = Symbol('STORAGE');

export const InjectStorage = (): ParameterDecorator => Inject(STORAGE);

/** Local folder (the embedded default) or any S3-compatible bucket, as configured (DESIGN.md §1). */
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

/** Exposes the storage driver to every module (admin uploads, image and media routes). */
@Global()
@Module({
  providers: [{ provide: STORAGE, inject: [AppConfig], useFactory: createStorage }],
  exports: [STORAGE],
})
export class StorageModule {}
