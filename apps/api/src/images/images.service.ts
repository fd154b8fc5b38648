import { Injectable, NotFoundException } from '@nestjs/common';
import type { ImageKind, ImageSize } from '@app/contracts';
import type { StorageDriver, StoredObject, StoredObjectInfo } from '@app/media';
import { InjectStorage } from '../storage/storage.module.js';
import { ImagesRepository } from './images.repository.js';

const NO_IMAGE = 'Image not found';
/** Served as they are when no resized variant exists yet; anything else (SVG) never is. */
const RASTER = new Set(['image/jpeg', 'image/png', 'image/webp']);

export interface ImageToSend {
  key: string;
  info: StoredObjectInfo;
}

/**
 * The image service (DESIGN.md §2.14). The image.resize job stores `${key}.${size}.webp` and
 * `.jpg`; WebP goes to browsers that accept it, JPEG to the rest. Until the variants exist the
 * original is served when it is a plain raster image.
 */
@Injectable()
export class ImagesService {
  constructor(
    private readonly images: ImagesRepository,
    @InjectStorage() private readonly store: StorageDriver,
  ) {}

  async locate(kind: ImageKind, id: number, size: ImageSize, acceptsWebp: boolean): Promise<ImageToSend> {
    const key = await this.images.findImageKey(kind, id);
    if (!key) throw new NotFoundException({ message: NO_IMAGE });
    const candidates = acceptsWebp ? [`${key}.${size}.webp`, `${key}.${size}.jpg`] : [`${key}.${size}.jpg`];
    for (const candidate of candidates) {
      const info = await this.store.stat(candidate);
      if (info) return { key: candidate, info };
    }
    const original = await this.store.stat(key);
    if (original && RASTER.has(original.contentType) && (acceptsWebp || original.contentType !== 'image/webp')) {
      return { key, info: original };
    }
    throw new NotFoundException({ message: NO_IMAGE });
  }

  open(key: string): Promise<StoredObject> {
    return this.store.get(key);
  }
}
