import { Injectable, Logger } from '@nestjs/common';
import { IMAGE_SIZES } from '@app/contracts';
import type { StorageDriver } from '@app/media';
import { InjectStorage } from '../../storage/storage.module.js';

/**
 * Deletes stored objects after the database no longer points at them. Best effort: the row
 * change is already committed, so a storage hiccup is logged, not shown as a failed request.
 */
@Injectable()
export class StoredFiles {
  private readonly logger = new Logger('StoredFiles');

  constructor(@InjectStorage() private readonly storage: StorageDriver) {}

  async remove(...keys: (string | null | undefined)[]): Promise<void> {
    for (const key of keys) {
      if (!key) continue;
      try {
        await this.storage.delete(key);
      } catch (error) {
        this.logger.warn(`could not delete ${key}: ${(error as Error).message}`);
      }
    }
  }

  /** An uploaded picture and the sizes image.resize made next to it (`<key>.<width>.<ext>`). */
  async removeImage(key: string | null | undefined): Promise<void> {
    if (!key) return;
    const variants = IMAGE_SIZES.flatMap((width) => ['webp', 'jpg', 'png'].map((ext) => `${key}.${width}.${ext}`));
    await this.remove(key, ...variants);
  }

  async removePrefix(prefix: string | null | undefined): Promise<void> {
    if (!prefix) return;
    try {
      await this.storage.deletePrefix(prefix);
    } catch (error) {
      this.logger.warn(`could not delete ${prefix}: ${(error as Error).message}`);
    }
  }
}
