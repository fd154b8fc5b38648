import { randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';

export type FormPart =
  { name: string; value: string } | { name: string; filename: string; data: Buffer | Uint8Array; contentType?: string };

/**
 * A multipart body built byte by byte, so tests can send what a browser would not: NUL bytes
 * and path tricks in file names, wrong content types.
 */
export function multipart(parts: FormPart[]): { body: Buffer; headers: Record<string, string> } {
  const boundary = `----cuviewtest${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('value' in part) {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
    } else {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\n` +
            `Content-Type: ${part.contentType ?? 'application/octet-stream'}\r\n\r\n`,
          'latin1',
        ),
      );
      chunks.push(Buffer.from(part.data));
      chunks.push(Buffer.from('\r\n'));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** RequestInit for a multipart call (method defaults to POST). */
export function formInit(parts: FormPart[], method = 'POST'): RequestInit {
  const { body, headers } = multipart(parts);
  return { method, body: new Uint8Array(body), headers };
}

export function png(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .png()
    .toBuffer();
}

export function jpeg(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 20, g: 140, b: 90 } } })
    .jpeg()
    .toBuffer();
}

function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A tiny file whose header claims a huge picture (a decompression bomb): valid signature,
 * IHDR and IEND, a few bytes of pixel data. Decoding it would need width×height×3 bytes.
 */
export function pngBomb(width = 50_000, height = 50_000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export const SVG_WITH_SCRIPT = Buffer.from(
  `<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="40" height="40" onload="alert(1)">
  <script>alert(document.cookie)</script><rect width="40" height="40" fill="red" onclick="alert(2)"/>
  <foreignObject width="40" height="40"><body xmlns="http://www.w3.org/1999/xhtml"><p onclick="alert(3)">hi</p></body></foreignObject>
</svg>`,
);

export const SVG_WITH_EXTERNAL_REF = Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="40" height="40">
  <image xlink:href="file:///etc/passwd" width="40" height="40"/></svg>`,
);

export const SVG_WITH_REMOTE_REF = Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><image href="http://127.0.0.1:9/x.png" width="40" height="40"/></svg>`,
);

export const HTML = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');

/** The storage keys the server generates; nothing of a client file name can appear in one. */
export const SERVER_KEY = /^(icons|images|originals)\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.(png|jpg|mp4|mov|mkv|webm|avi)$/;

export function isPng(data: Buffer): boolean {
  return data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
}
