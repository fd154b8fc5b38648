import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Metadata, type OutputInfo } from 'sharp';
import { BadMediaError } from '../errors.js';

export const IMAGE_WIDTHS = [300, 600] as const;
/** Enough for a 6000×6000 photo; a decompression bomb is refused from its header. */
export const DEFAULT_MAX_INPUT_PIXELS = 40_000_000;
export const MAX_IMAGE_BYTES = 25 * 1024 * 1024;

export type ImageOutputFormat = 'webp' | 'jpeg' | 'png';

export interface ImageVariant {
  width: number;
  height: number;
  format: ImageOutputFormat;
  contentType: string;
  data: Buffer;
}

export interface SniffedImage {
  ext: 'jpg' | 'png' | 'webp';
  mime: string;
}

const CONTENT_TYPES: Record<ImageOutputFormat, string> = {
  webp: 'image/webp',
  jpeg: 'image/jpeg',
  png: 'image/png',
};

// Markup that has no business inside a picture: a file carrying it is built to be read
// as HTML/PHP by something that sniffs content. Long enough not to occur by chance in
// compressed pixel data (case-insensitive, like an HTML parser).
const ACTIVE_MARKERS = ['<script', '<html', '<body', '<iframe', '<?php', '<!doctype'];

/**
 * Accepts JPEG, PNG and WebP by their bytes whatever the file is called, and refuses
 * empty, truncated and polyglot files (markup inside, or data after the image's end).
 */
export async function sniffImage(data: Uint8Array): Promise<SniffedImage> {
  if (data.length === 0) throw new BadMediaError('The image file is empty', 'empty');
  if (data.length > MAX_IMAGE_BYTES) {
    throw new BadMediaError(`The image is larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MB`, 'too_large');
  }
  const type = await fileTypeFromBuffer(data);
  const ext =
    type?.ext === 'jpg' || type?.ext === 'webp'
      ? type.ext
      : type?.ext === 'png' || type?.ext === 'apng'
        ? 'png'
        : undefined;
  if (!type || !ext) {
    throw new BadMediaError(
      `This is ${type ? `a ${type.mime} file` : 'not an image'}; upload a JPEG, PNG or WebP picture`,
      'unsupported_type',
    );
  }
  const buffer = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  const marker = findActiveMarker(buffer);
  if (marker) {
    throw new BadMediaError(`The image contains web page code (${marker}) and is refused`, 'active_content');
  }
  checkImageEnd(buffer, ext);
  return { ext, mime: ext === 'jpg' ? 'image/jpeg' : `image/${ext}` };
}

export function findActiveMarker(buffer: Buffer): string | undefined {
  let at = buffer.indexOf(0x3c); // '<'
  while (at >= 0) {
    for (const marker of ACTIVE_MARKERS) {
      if (
        at + marker.length <= buffer.length &&
        buffer.toString('latin1', at, at + marker.length).toLowerCase() === marker
      ) {
        return marker;
      }
    }
    at = buffer.indexOf(0x3c, at + 1);
  }
  return undefined;
}

const PNG_IEND = Buffer.from([0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]);

function checkImageEnd(buffer: Buffer, ext: SniffedImage['ext']): void {
  const cutShort = () => new BadMediaError('The image file is cut short (incomplete upload?)', 'truncated');
  const extra = () => new BadMediaError('The image has extra data after its end and is refused', 'active_content');
  if (ext === 'png') {
    const iend = buffer.lastIndexOf(PNG_IEND);
    if (iend < 0) throw cutShort();
    if (iend + PNG_IEND.length !== buffer.length) throw extra();
  } else if (ext === 'jpg') {
    // Some encoders pad after End Of Image with zero bytes; anything else is a second file.
    let end = buffer.length;
    while (end > 2 && buffer[end - 1] === 0) end--;
    if (buffer[end - 2] !== 0xff || buffer[end - 1] !== 0xd9) {
      throw buffer.includes(Buffer.from([0xff, 0xd9])) ? extra() : cutShort();
    }
  } else {
    // RIFF size + 8 header bytes is the file length (padded to an even size).
    const riffEnd = buffer.readUInt32LE(4) + 8;
    if (riffEnd > buffer.length) throw cutShort();
    if (riffEnd + (riffEnd % 2) < buffer.length) throw extra();
  }
}

export interface ProcessImageOptions {
  widths?: readonly number[];
  formats?: readonly ImageOutputFormat[];
  maxInputPixels?: number;
}

/**
 * image.resize: sniff, refuse over-large pictures from the header alone, then write each
 * width in each format. EXIF orientation is applied and then all metadata (EXIF, GPS, XMP,
 * ICC after conversion to sRGB) is dropped, which sharp does unless asked to keep it.
 */
export async function processImage(data: Uint8Array, options: ProcessImageOptions = {}): Promise<ImageVariant[]> {
  await sniffImage(data);
  const limit = options.maxInputPixels ?? DEFAULT_MAX_INPUT_PIXELS;
  const input = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  await checkPixelLimit(input, limit);

  let decoded: { data: Buffer; info: OutputInfo };
  try {
    // Decode and orient once at the largest width; smaller sizes come from that.
    const largest = Math.max(...(options.widths ?? IMAGE_WIDTHS));
    decoded = await sharp(input, { limitInputPixels: limit, failOn: 'truncated', autoOrient: true })
      .resize({ width: largest })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    throw new BadMediaError('The image is damaged and cannot be read', 'invalid_media', { cause: error });
  }
  return encodeVariants(decoded, options.widths ?? IMAGE_WIDTHS, options.formats ?? ['webp', 'jpeg']);
}

async function checkPixelLimit(input: Buffer, limit: number): Promise<void> {
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch (error) {
    throw new BadMediaError('The image is damaged and cannot be read', 'invalid_media', { cause: error });
  }
  const pixels = (meta.width ?? 0) * (meta.height ?? 0);
  if (!pixels) throw new BadMediaError('The image has no size', 'invalid_media');
  if (pixels > limit) {
    throw new BadMediaError(
      `The image is ${meta.width}×${meta.height} pixels; the limit is ${Math.round(limit / 1e6)} megapixels`,
      'too_large',
    );
  }
}

export async function encodeVariants(
  decoded: { data: Buffer; info: OutputInfo },
  widths: readonly number[],
  formats: readonly ImageOutputFormat[],
): Promise<ImageVariant[]> {
  const { width, height, channels } = decoded.info;
  const raw = { width, height, channels: channels as 1 | 2 | 3 | 4 };
  const jobs: Promise<ImageVariant>[] = [];
  for (const w of widths) {
    for (const format of formats) {
      let pipeline = sharp(decoded.data, { raw });
      if (w !== width) pipeline = pipeline.resize({ width: w });
      if (format === 'jpeg')
        pipeline = pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: 82, progressive: true });
      else if (format === 'webp') pipeline = pipeline.webp({ quality: 80 });
      else pipeline = pipeline.png({ compressionLevel: 9, palette: false });
      jobs.push(
        pipeline.toBuffer({ resolveWithObject: true }).then(({ data, info }) => ({
          width: info.width,
          height: info.height,
          format,
          contentType: CONTENT_TYPES[format],
          data,
        })),
      );
    }
  }
  return Promise.all(jobs);
}
