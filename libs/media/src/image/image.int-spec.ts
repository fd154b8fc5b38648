import { describe, expect, it, jest } from '@jest/globals';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { BadMediaError } from '../errors.js';
import { processImage, sniffImage } from './image.js';
import { rasteriseSvgIcon } from './svg-icon.js';

jest.setTimeout(60_000);

async function reason(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(BadMediaError);
  return (error as BadMediaError).reason;
}

const photo = () =>
  sharp({ create: { width: 1600, height: 900, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .composite([
      {
        input: Buffer.from('<svg width="400" height="300"><circle cx="200" cy="150" r="120" fill="#fc0"/></svg>'),
        left: 100,
        top: 100,
      },
    ])
    .jpeg({ quality: 90 });

/** PNG chunk: length, type, data, CRC-32. */
function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function crc32(data: Buffer): number {
  let c = ~0;
  for (const byte of data) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}

/**
 * A valid 50,000 × 50,000 one-bit PNG (2.5 gigapixels) in a few hundred kilobytes: one
 * deflate stream of all-zero rows. A decoder that trusted it would need gigabytes.
 */
function hugePng(side = 50_000): Buffer {
  const rowBytes = 1 + Math.ceil(side / 8);
  const raw = Buffer.alloc(rowBytes * side); // ~312 MB of zeros, compressed at once
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 1 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('processImage (image.resize)', () => {
  it('writes 300 and 600 px wide WebP and JPEG with the metadata stripped', async () => {
    const input = await photo()
      .withExif({ IFD0: { Copyright: 'someone', Artist: 'camera owner' } })
      .toBuffer();
    expect((await sharp(input).metadata()).exif).toBeDefined();

    const variants = await processImage(input);
    expect(variants.map((v) => [v.width, v.height, v.format, v.contentType])).toEqual([
      [300, 169, 'webp', 'image/webp'],
      [300, 169, 'jpeg', 'image/jpeg'],
      [600, 338, 'webp', 'image/webp'],
      [600, 338, 'jpeg', 'image/jpeg'],
    ]);
    for (const v of variants) {
      const meta = await sharp(v.data).metadata();
      expect(meta.format).toBe(v.format);
      expect(meta.width).toBe(v.width);
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
    }
  });

  it('applies the EXIF orientation before dropping it (phone photos stay upright)', async () => {
    const rotated = await photo().withMetadata({ orientation: 6 }).toBuffer();
    const [first] = await processImage(rotated, { widths: [300], formats: ['jpeg'] });
    // 1600×900 turned a quarter: portrait.
    expect([first!.width, first!.height]).toEqual([300, 533]);
  });

  it('accepts a PNG whatever it is called (the bytes decide), keeping transparency in WebP', async () => {
    const png = await sharp({
      create: { width: 800, height: 800, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    expect(await sniffImage(png)).toEqual({ ext: 'png', mime: 'image/png' });
    const variants = await processImage(png, { widths: [300], formats: ['webp', 'jpeg'] });
    expect((await sharp(variants[0]!.data).metadata()).hasAlpha).toBe(true);
    expect((await sharp(variants[1]!.data).metadata()).hasAlpha).toBe(false);
  });

  it('refuses a 50,000 × 50,000 PNG from its header, fast', async () => {
    const bomb = hugePng();
    expect(bomb.length).toBeLessThan(2_000_000);
    const started = performance.now();
    const error = await processImage(bomb).catch((e: unknown) => e);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(error).toBeInstanceOf(BadMediaError);
    expect((error as BadMediaError).reason).toBe('too_large');
    expect((error as BadMediaError).message).toBe('The image is 50000×50000 pixels; the limit is 40 megapixels');
  });

  it('refuses HTML renamed .png', async () => {
    expect(await reason(processImage(Buffer.from('<!DOCTYPE html><html><script>alert(1)</script></html>')))).toBe(
      'unsupported_type',
    );
  });

  it('refuses other image types (GIF, SVG) and non-images', async () => {
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    expect(await reason(processImage(gif))).toBe('unsupported_type');
    expect(await reason(processImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')))).toBe(
      'unsupported_type',
    );
    expect(await reason(processImage(Buffer.from('%PDF-1.7\n')))).toBe('unsupported_type');
  });

  it('refuses polyglots: markup inside, or a second file after the image', async () => {
    const jpeg = await photo().toBuffer();
    const html = Buffer.from('<html><body><script>fetch("/steal")</script></body></html>');
    expect(await reason(processImage(Buffer.concat([jpeg, html])))).toBe('active_content');
    const zip = Buffer.from('504b0304140000000800', 'hex');
    expect(await reason(processImage(Buffer.concat([jpeg, zip, Buffer.alloc(64, 7)])))).toBe('active_content');

    // Script hidden in a PNG text chunk: a valid picture that is also a web page.
    const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#0f0' } })
      .png()
      .toBuffer();
    const withText = Buffer.concat([
      png.subarray(0, 33), // signature + IHDR
      chunk('tEXt', Buffer.from('Comment\0<script>alert(document.cookie)</script>', 'latin1')),
      png.subarray(33),
    ]);
    expect(await reason(processImage(withText))).toBe('active_content');
  });

  it('refuses empty and cut-short files', async () => {
    expect(await reason(processImage(Buffer.alloc(0)))).toBe('empty');
    const jpeg = await photo().toBuffer();
    expect(await reason(processImage(jpeg.subarray(0, Math.floor(jpeg.length / 2))))).toBe('truncated');
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#123' } })
      .png()
      .toBuffer();
    expect(await reason(processImage(png.subarray(0, png.length - 20)))).toBe('truncated');
    const webp = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#123' } })
      .webp()
      .toBuffer();
    expect(await reason(processImage(webp.subarray(0, webp.length - 10)))).toBe('truncated');
  });
});

describe('rasteriseSvgIcon', () => {
  const icon = Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="24" height="24">' +
      '<script>alert(1)</script><path d="M12 2 L22 22 H2 Z" fill="#e33"/></svg>',
  );

  it('draws the icon as PNG and WebP at 300 and 600 px, transparent, with no SVG left', async () => {
    const variants = await rasteriseSvgIcon(icon);
    expect(variants.map((v) => [v.width, v.height, v.format])).toEqual([
      [300, 300, 'png'],
      [300, 300, 'webp'],
      [600, 600, 'png'],
      [600, 600, 'webp'],
    ]);
    for (const v of variants) {
      const meta = await sharp(v.data).metadata();
      expect(meta.hasAlpha).toBe(true);
      expect(v.data.includes('<script')).toBe(false);
    }
    // A corner is transparent, the triangle is red.
    const { data } = await sharp(variants[2]!.data).raw().toBuffer({ resolveWithObject: true });
    expect(data[3]).toBe(0);
    const middle = (450 * 600 + 300) * 4;
    expect([data[middle], data[middle + 3]]).toEqual([0xee, 255]);
  });

  it('refuses an icon that loads an outside picture', async () => {
    const external = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><image href="file:///etc/passwd"/></svg>');
    expect(await reason(rasteriseSvgIcon(external))).toBe('external_reference');
  });
});
