import sharp from 'sharp';
import { BadMediaError } from '../errors.js';
import { encodeVariants, IMAGE_WIDTHS, type ImageOutputFormat, type ImageVariant } from './image.js';

export const MAX_SVG_BYTES = 512 * 1024;

/**
 * Category icons arrive as SVG, which is a document that can run script and fetch other
 * resources. The API never serves it: it is checked here and rasterised to PNG/WebP, so
 * only pixels leave the server. References to anything outside the file are refused
 * (the renderer could otherwise read local files or call out), and so are DTD entities
 * (the "billion laughs" expansion).
 */
export function checkSvgIcon(data: Uint8Array): string {
  if (data.length === 0) throw new BadMediaError('The icon file is empty', 'empty');
  if (data.length > MAX_SVG_BYTES) throw new BadMediaError('The SVG icon is larger than 512 KB', 'too_large');
  const text = Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('utf8');
  // Root element after an optional BOM, XML declaration, comments and DOCTYPE.
  const prolog = /^\uFEFF?\s*(<\?xml[^>]*\?>\s*)?((<!--[\s\S]*?-->|<!DOCTYPE[^>[]*(\[[\s\S]*?\])?\s*>)\s*)*<svg[\s>]/i;
  if (!prolog.test(text)) throw new BadMediaError('This is not an SVG image', 'unsupported_type');
  if (/<!ENTITY/i.test(text)) throw new BadMediaError('The SVG declares entities, which are refused', 'active_content');

  for (const match of text.matchAll(/\b(?:xlink:href|href|src)\s*=\s*(["'])(.*?)\1/gis)) {
    if (!isInternalReference(match[2]!)) {
      throw new BadMediaError(`The SVG refers to an outside resource (${truncate(match[2]!)})`, 'external_reference');
    }
  }
  for (const match of text.matchAll(/url\(\s*(['"]?)(.*?)\1\s*\)/gis)) {
    if (!match[2]!.trim().startsWith('#')) {
      throw new BadMediaError(`The SVG refers to an outside resource (${truncate(match[2]!)})`, 'external_reference');
    }
  }
  if (/@import/i.test(text)) throw new BadMediaError('The SVG imports an outside style sheet', 'external_reference');
  return text;
}

/** Checks an SVG icon and renders it at each width as PNG and WebP (transparency kept). */
export async function rasteriseSvgIcon(
  data: Uint8Array,
  options: { widths?: readonly number[]; formats?: readonly ImageOutputFormat[] } = {},
): Promise<ImageVariant[]> {
  checkSvgIcon(data);
  const input = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  const widths = options.widths ?? IMAGE_WIDTHS;
  const largest = Math.max(...widths);
  try {
    // Render at a density that gives the largest width directly, so edges stay sharp.
    const meta = await sharp(input, { limitInputPixels: 16_000_000 }).metadata();
    const density = Math.min(2400, Math.max(1, (72 * largest) / Math.max(1, meta.width ?? largest)));
    const decoded = await sharp(input, { density, limitInputPixels: 16_000_000 })
      .resize({ width: largest })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return await encodeVariants(decoded, widths, options.formats ?? ['png', 'webp']);
  } catch (error) {
    throw new BadMediaError('The SVG icon cannot be drawn', 'invalid_media', { cause: error });
  }
}

/** A fragment inside the same file, or a picture embedded as a data: URI (no fetch happens). */
function isInternalReference(value: string): boolean {
  const v = value.trim();
  return v.startsWith('#') || /^data:image\/(png|jpeg|webp|gif);base64,/i.test(v);
}

function truncate(value: string): string {
  return value.length > 60 ? `${value.slice(0, 57)}…` : value;
}
