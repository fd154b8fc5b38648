import { createReadStream } from 'node:fs';
import { stat as statFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { StorageNotFoundError, StorageRangeError } from '../errors.js';
import { assertValidKey } from './keys.js';
import {
  contentTypeForKey,
  type ByteRange,
  type StorageDriver,
  type StoredObject,
  type StoredObjectInfo,
} from './storage.js';

export interface S3StorageOptions {
  bucket: string;
  region?: string;
  /** For S3-compatible servers (MinIO, Ceph, R2, s3rver…); AWS when omitted. */
  endpoint?: string;
  /** `https://host/bucket/key` instead of `https://bucket.host/key` (most self-hosted servers). */
  forcePathStyle?: boolean;
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Put every key under this prefix in the bucket (several deployments share one bucket). */
  keyPrefix?: string;
  /** Public base URL (bucket website or CDN) that browsers may fetch objects from. */
  publicBaseUrl?: string;
  /** Use an existing client (tests, custom middleware). */
  client?: S3Client;
}

/** Objects in an S3 bucket, through @aws-sdk/client-s3 (multipart upload for streams). */
export class S3Storage implements StorageDriver {
  readonly kind = 's3' as const;
  readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;

  constructor(private readonly options: S3StorageOptions) {
    this.bucket = options.bucket;
    this.prefix = options.keyPrefix ? options.keyPrefix.replace(/\/?$/, '/') : '';
    this.client =
      options.client ??
      new S3Client({
        region: options.region ?? 'us-east-1',
        endpoint: options.endpoint,
        forcePathStyle: options.forcePathStyle,
        credentials: options.credentials,
        // Only checksum when the API demands it: the default (CRC32 in an aws-chunked
        // body) is not understood by many S3-compatible servers, which then store the
        // chunk framing as part of the object.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      });
  }

  private objectKey(key: string, what: 'key' | 'prefix' = 'key'): string {
    assertValidKey(key, what);
    return this.prefix + key;
  }

  async put(key: string, body: Readable | Buffer, contentType: string): Promise<void> {
    const Key = this.objectKey(key);
    if (Buffer.isBuffer(body)) {
      await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key, Body: body, ContentType: contentType }));
      return;
    }
    // A stream of unknown length: multipart upload in 8 MB parts, nothing buffered whole.
    await new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key, Body: body, ContentType: contentType },
      partSize: 8 * 1024 * 1024,
      queueSize: 2,
    }).done();
  }

  async putFile(key: string, path: string, contentType = contentTypeForKey(key)): Promise<void> {
    const { size } = await statFile(path);
    if (size <= 16 * 1024 * 1024) {
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: this.objectKey(key),
          Body: createReadStream(path),
          ContentLength: size,
          ContentType: contentType,
        }),
      );
      return;
    }
    await this.put(key, createReadStream(path), contentType);
  }

  async get(key: string, range?: ByteRange): Promise<StoredObject> {
    // One request: the size comes back in Content-Range (or Content-Length without a range).
    if (
      range &&
      (!Number.isInteger(range.start) || range.start < 0 || (range.end !== undefined && range.end < range.start))
    ) {
      throw new StorageRangeError(key, (await this.stat(key))?.size ?? 0);
    }
    try {
      const out = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: this.objectKey(key),
          Range: range ? `bytes=${range.start}-${range.end ?? ''}` : undefined,
        }),
      );
      const total = out.ContentRange ? Number(out.ContentRange.split('/')[1]) : (out.ContentLength ?? 0);
      const contentLength = out.ContentLength ?? 0;
      const start = range ? range.start : 0;
      return {
        size: total,
        contentType: out.ContentType ?? contentTypeForKey(key),
        etag: out.ETag ?? `"${out.LastModified?.getTime() ?? 0}"`,
        lastModified: out.LastModified ?? new Date(0),
        body: (out.Body as Readable | undefined) ?? Readable.from([]),
        range: { start, end: Math.max(start, start + contentLength - 1) },
        contentLength,
      };
    } catch (error) {
      if (isNotFound(error)) throw new StorageNotFoundError(key);
      if (error instanceof S3ServiceException && error.$metadata?.httpStatusCode === 416) {
        const info = await this.stat(key);
        if (!info) throw new StorageNotFoundError(key);
        throw new StorageRangeError(key, info.size);
      }
      throw error;
    }
  }

  async stat(key: string): Promise<StoredObjectInfo | undefined> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
      return {
        size: head.ContentLength ?? 0,
        contentType: head.ContentType ?? contentTypeForKey(key),
        etag: head.ETag ?? `"${head.LastModified?.getTime() ?? 0}"`,
        lastModified: head.LastModified ?? new Date(0),
      };
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== undefined;
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
  }

  async deletePrefix(prefix: string): Promise<number> {
    const Prefix = this.objectKey(prefix, 'prefix');
    let deleted = 0;
    let token: string | undefined;
    // Listing and deleting in pages of up to 1000 keys (the DeleteObjects limit).
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix, ContinuationToken: token, MaxKeys: 1000 }),
      );
      const keys = (page.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
      if (keys.length > 0) {
        const out = await this.client.send(
          new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: keys, Quiet: true } }),
        );
        if (out.Errors?.length) throw new Error(`S3 refused to delete ${out.Errors.length} objects under ${prefix}`);
        deleted += keys.length;
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return deleted;
  }

  publicUrl(key: string): string | undefined {
    const objectKey = this.objectKey(key);
    return this.options.publicBaseUrl ? `${this.options.publicBaseUrl.replace(/\/$/, '')}/${objectKey}` : undefined;
  }
}

function isNotFound(error: unknown): boolean {
  if (error instanceof S3ServiceException) {
    return error.name === 'NotFound' || error.name === 'NoSuchKey' || error.$metadata?.httpStatusCode === 404;
  }
  return false;
}
