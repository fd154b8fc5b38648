import { ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import type { ImageKind, ImageSize } from '@app/contracts';
import type { StorageDriver, StoredObject, StoredObjectInfo } from '@app/media';
import { MediaSigner } from '../media/media-signer.js';
import { InjectStorage } from '../storage/storage.module.js';
import { imageVersion } from './image-addresses.js';
import { ImagesRepository } from './images.repository.js';

const NO_IMAGE = 'Image not found';
/** Served as they are when no resized variant exists yet; anything else (SVG) never is. */
const RASTER = new Set(['image/jpeg', 'image/png', 'image/webp']);

export interface ImageToSend {
  key: string;
  info: StoredObjectInfo;
  /** The version of the stored picture (imageVersion of its key). */
  version: string;
  /** A resized variant, which never changes; false while the original stands in for it. */
  resized: boolean;
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
    private readonly signer: MediaSigner,
  ) {}

  /** A signed staff address (MediaSigner) must name this item and not have expired. */
  checkSigned(kind: ImageKind, id: number, expires: string, signature: string): void {
    const check = this.signer.check(expires, signature, MediaSigner.imageScope(kind, id));
    if (check === 'expired') throw new ForbiddenException({ message: 'This image address has expired' });
    if (check === 'invalid') throw new ForbiddenException({ message: 'This image address is not valid' });
  }

  async locate(
    kind: ImageKind,
    id: number,
    size: ImageSize,
    acceptsWebp: boolean,
    staff = false,
  ): Promise<ImageToSend> {
    const key = await this.images.findImageKey(kind, id, staff);
    if (!key) throw new NotFoundException({ message: NO_IMAGE });
    const candidates = acceptsWebp ? [`${key}.${size}.webp`, `${key}.${size}.jpg`] : [`${key}.${size}.jpg`];
    const version = imageVersion(key);
    for (const candidate of candidates) {
      const info = await this.store.stat(candidate);
      if (info) return { key: candidate, info, version, resized: true };
    }
    const original = await this.store.stat(key);
    if (original && RASTER.has(original.contentType) && (acceptsWebp || original.contentType !== 'image/webp')) {
      return { key, info: original, version, resized: false };
    }
    throw new NotFoundException({ message: NO_IMAGE });
  }

  open(key: string): Promise<StoredObject> {
    return this.store.get(key);
  }
}
