import { readFile } from 'node:fs/promises';
import { Injectable, UnsupportedMediaTypeException } from '@nestjs/common';
import sharp from 'sharp';
import {
  BadMediaError,
  checkSvgIcon,
  DEFAULT_MAX_INPUT_PIXELS,
  MAX_IMAGE_BYTES,
  newStorageKey,
  rasteriseSvgIcon,
  sniffImage,
  type StorageDriver,
  type StorageKind,
} from '@app/media';
import { InjectStorage } from '../../storage/storage.module.js';
import { mediaHttpError } from './media-errors.js';
import type { SpooledFile } from './multipart.js';

/** Largest side of a stored original; the image.resize job makes the 300 and 600 px copies. */
const MAX_STORED_SIDE = 2048;

export const IMAGE_UPLOAD_MAX_BYTES = MAX_IMAGE_BYTES;

export interface ImageIntakeOptions {
  /** Category icons on edit accept SVG (spec §5); it is checked and rasterised to PNG. */
  allowSvg?: boolean;
  kind: Extract<StorageKind, 'images' | 'icons'>;
}

/**
 * Turns an uploaded picture into a stored original that is only pixels: JPEG and PNG are
 * recognised by their bytes (never the name), refused when they are empty, cut short, carry
 * markup or trailing data, or exceed the pixel limit, then decoded and re-encoded (metadata
 * dropped); an allowed SVG is checked and rasterised. The storage key is server-generated.
 */
@Injectable()
export class ImageIntake {
  constructor(@InjectStorage() private readonly storage: StorageDriver) {}

  async store(file: SpooledFile, options: ImageIntakeOptions): Promise<string> {
    let encoded: { data: Buffer; ext: 'jpg' | 'png' };
    try {
      encoded = await this.sanitise(await readFile(file.path), options);
    } catch (error) {
      throw mediaHttpError(error);
    }
    const key = newStorageKey(options.kind, encoded.ext);
    await this.storage.put(key, encoded.data, encoded.ext === 'png' ? 'image/png' : 'image/jpeg');
    return key;
  }

  private async sanitise(data: Buffer, options: ImageIntakeOptions): Promise<{ data: Buffer; ext: 'jpg' | 'png' }> {
    if (data.length === 0) throw new BadMediaError('The image file is empty', 'empty');
    if (looksLikeSvg(data)) {
      if (!options.allowSvg) {
        throw new UnsupportedMediaTypeException({
          message: 'SVG pictures are not accepted here; upload a JPEG or PNG',
        });
      }
      checkSvgIcon(data);
      const [png] = await rasteriseSvgIcon(data, { widths: [600], formats: ['png'] });
      return { data: png!.data, ext: 'png' };
    }
    const sniffed = await sniffImage(data);
    if (sniffed.ext !== 'jpg' && sniffed.ext !== 'png') {
      throw new UnsupportedMediaTypeException({
        message: `This is a ${sniffed.mime} picture; upload a JPEG or PNG${options.allowSvg ? ' or SVG' : ''}`,
      });
    }
    const meta = await sharp(data, { limitInputPixels: false })
      .metadata()
      .catch((error: unknown) => {
        throw new BadMediaError('The image is damaged and cannot be read', 'invalid_media', { cause: error });
      });
    const pixels = (meta.width ?? 0) * (meta.height ?? 0);
    if (!pixels) throw new BadMediaError('The image has no size', 'invalid_media');
    if (pixels > DEFAULT_MAX_INPUT_PIXELS) {
      throw new BadMediaError(
        `The image is ${meta.width}×${meta.height} pixels; the limit is ${Math.round(DEFAULT_MAX_INPUT_PIXELS / 1e6)} megapixels`,
        'too_large',
      );
    }
    try {
      const pipeline = sharp(data, {
        limitInputPixels: DEFAULT_MAX_INPUT_PIXELS,
        failOn: 'truncated',
        autoOrient: true,
      }).resize({
        width: MAX_STORED_SIDE,
        height: MAX_STORED_SIDE,
        fit: 'inside',
        withoutEnlargement: true,
      });
      const out =
        sniffed.ext === 'png'
          ? await pipeline.png({ compressionLevel: 9 }).toBuffer()
          : await pipeline.jpeg({ quality: 90, mozjpeg: true }).toBuffer();
      return { data: out, ext: sniffed.ext };
    } catch (error) {
      throw new BadMediaError('The image is damaged and cannot be read', 'invalid_media', { cause: error });
    }
  }
}

/** An SVG starts (after optional BOM, whitespace, XML declaration or comments) with markup. */
function looksLikeSvg(data: Buffer): boolean {
  const head = data
    .subarray(0, 4096)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  return head.startsWith('<') && /<svg[\s>]/i.test(head);
}
