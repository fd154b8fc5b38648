import { buffer } from 'node:stream/consumers';
import { Inject, Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';
import { IMAGE_SIZES, JobName, type JobPayload } from '@app/contracts';
import {
  BadMediaError,
  MAX_IMAGE_BYTES,
  MAX_SVG_BYTES,
  processImage,
  rasteriseSvgIcon,
  type ImageVariant,
  type StorageDriver,
} from '@app/media';
import { PermanentJobError } from '../errors.js';
import type { JobContext, JobProcessor } from '../job-processor.js';
import { ImageOwnersRepository, isImageKind } from '../repositories/image-owners.repository.js';
import { STORAGE } from '../tokens.js';

type Payload = JobPayload<JobName.ImageResize>;

export interface ResizeResult {
  variants: string[];
}

const EXTENSIONS = { jpeg: 'jpg', webp: 'webp', png: 'png' } as const;

/** Where a size of an image lives: next to the original, e.g. `images/…/x.jpg.300.webp`. */
export function variantKey(originalKey: string, width: number, format: ImageVariant['format']): string {
  return `${originalKey}.${width}.${EXTENSIONS[format]}`;
}

/**
 * image.resize (DESIGN.md §5): the 300 and 600 px sizes of an uploaded picture in WebP and
 * JPEG, metadata stripped, pixel count limited. SVG icons are rasterised (PNG and WebP, to
 * keep transparency), so only pixels are ever served. Re-runs overwrite the same keys.
 */
@Injectable()
export class ImageResizeProcessor implements JobProcessor<JobName.ImageResize, ResizeResult | { skipped: string }> {
  readonly jobName = JobName.ImageResize;

  constructor(
    private readonly owners: ImageOwnersRepository,
    @Inject(STORAGE) private readonly storage: StorageDriver,
  ) {}

  async process(job: Job<Payload>, context: JobContext): Promise<ResizeResult | { skipped: string }> {
    const { kind, id } = job.data;
    if (!isImageKind(kind)) throw new PermanentJobError(`"${kind}" is not a kind of image`);
    const key = await this.owners.findImageKey(kind, id);
    if (key === undefined) return { skipped: `${kind} ${id} no longer exists` };
    if (key === null) return { skipped: `${kind} ${id} has no image` };

    const isSvg = key.toLowerCase().endsWith('.svg');
    const limit = isSvg ? MAX_SVG_BYTES : MAX_IMAGE_BYTES;
    const object = await this.storage.get(key);
    if (object.size > limit) {
      object.body.destroy();
      throw new BadMediaError(`The image is larger than ${Math.round(limit / 1024)} KB`, 'too_large');
    }
    const data = await buffer(object.body);
    const variants = isSvg
      ? await rasteriseSvgIcon(data, { widths: IMAGE_SIZES })
      : await processImage(data, { widths: IMAGE_SIZES, formats: ['webp', 'jpeg'] });
    await context.reportProgress(50);

    const keys: string[] = [];
    for (const variant of variants) {
      // processImage scales to exactly each requested width, so the width names the size.
      const target = variantKey(key, variant.width, variant.format);
      await this.storage.put(target, variant.data, variant.contentType);
      keys.push(target);
    }
    context.log.info({ key, variants: keys.length }, 'image sizes written');
    return { variants: keys };
  }
}
