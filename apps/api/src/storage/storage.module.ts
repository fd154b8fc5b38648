import { Global, Inject, Module } from '@nestjs/common';
import { AppConfig } from '@app/config';
import { createStorage } from '@app/media';

/** Injection token of the configured StorageDriver; use `@InjectStorage() storage: StorageDriver`. */
export const STORAGE = Symbol('STORAGE');

export const InjectStorage = (): ParameterDecorator => Inject(STORAGE);

/**
 * Exposes the storage driver the configuration names (createStorage in @app/media) to every
 * module (admin uploads, image and media routes).
 */
@Global()
@Module({
  providers: [{ provide: STORAGE, inject: [AppConfig], useFactory: createStorage }],
  exports: [STORAGE],
})
export class StorageModule {}
