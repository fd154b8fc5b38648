import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import multipart, { type MultipartFile, type Multipart } from '@fastify/multipart';
import {
  BadRequestException,
  HttpException,
  HttpStatus,
  Injectable,
  Logger,
  PayloadTooLargeException,
  UnsupportedMediaTypeException,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { assertCleanRequestText } from '@app/common';
import { AppConfig } from '@app/config';

/** Registers @fastify/multipart on the api's fastify instance (it streams; nothing is buffered). */
@Injectable()
export class MultipartSetup implements OnModuleInit {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter?.getInstance<FastifyInstance>();
    if (!fastify || fastify.hasRequestDecorator('isMultipart')) return;
    void fastify.register(multipart as never, { throwFileSizeLimit: true });
  }
}

/** A file part spooled to a temporary file; `field` is its form field name. */
export interface SpooledFile {
  field: string;
  /** The client's file name: shown in messages only, never used in a path or storage key. */
  clientName: string;
  path: string;
  size: number;
}

export interface MultipartForm {
  fields: Map<string, string>;
  files: Map<string, SpooledFile>;
  /** Removes the spooled files; safe to call more than once. */
  cleanup(): Promise<void>;
}

export interface MultipartLimits {
  /** Largest accepted file part, in bytes. */
  maxFileBytes: number;
  /** Form fields that may carry a file; any other file part is refused. */
  fileFields: readonly string[];
  /** Largest text field (the JSON `data` of the video forms), in bytes. */
  maxFieldBytes?: number;
}

export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${Number.isInteger(value) ? value : value.toFixed(1)} ${units[unit]}`;
}

export function fileTooLarge(limit: number): PayloadTooLargeException {
  return new PayloadTooLargeException({ message: `The file is larger than the ${formatBytes(limit)} limit` });
}

/**
 * 413 before a byte of the body is read when the declared size is already over the file
 * limit plus `slack` (the multipart framing and form fields around the file).
 */
export function refuseDeclaredSize(request: FastifyRequest, limit: number, slack: number): void {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit + slack) throw fileTooLarge(limit);
}

const SPOOL_SUFFIX = '.upload';
/** The sweep runs this often (a quarter of the age limit, at most every 15 minutes). */
const sweepEvery = (staleAfterMs: number) => Math.min(staleAfterMs / 4, 15 * 60_000);

/**
 * Where uploads are spooled before they are checked and stored. A request removes its own
 * files whatever happens to it, but an api killed mid-upload cannot: its partial files are
 * swept at the next start and on a timer, once untouched for UPLOAD_STALE_AFTER_MS.
 */
@Injectable()
export class UploadSpool implements OnApplicationBootstrap, OnApplicationShutdown {
  readonly dir: string;
  private readonly logger = new Logger('UploadSpool');
  private readonly staleAfterMs: number;
  /** Spool files of this process's requests: never swept, however long they take. */
  private readonly inUse = new Set<string>();
  private timer: NodeJS.Timeout | undefined;

  constructor(config: AppConfig) {
    this.dir = config.UPLOAD_TMP_DIR ?? join(tmpdir(), 'cuview-uploads');
    this.staleAfterMs = config.UPLOAD_STALE_AFTER_MS;
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.sweep();
    this.timer = setInterval(() => void this.sweep(), sweepEvery(this.staleAfterMs));
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  /**
   * Removes spooled files that no request of this process uses and nothing wrote to for
   * UPLOAD_STALE_AFTER_MS (an upload in progress writes all the time, so only the leftovers
   * of a killed process, or of another api sharing the folder that died, get that old).
   * Never fails: a sweep that cannot read the folder tries again on the next round.
   */
  async sweep(now = Date.now()): Promise<number> {
    let removed = 0;
    try {
      const names = await readdir(this.dir).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return [];
        throw error;
      });
      for (const name of names) {
        const path = join(this.dir, name);
        if (!name.endsWith(SPOOL_SUFFIX) || this.inUse.has(path)) continue;
        const info = await stat(path).catch(() => undefined);
        if (!info?.isFile() || now - info.mtimeMs < this.staleAfterMs) continue;
        await rm(path, { force: true });
        removed++;
      }
      if (removed > 0) this.logger.log(`removed ${removed} stale partial upload(s) from ${this.dir}`);
    } catch (error) {
      this.logger.warn(`could not sweep ${this.dir}: ${(error as Error).message}`);
    }
    return removed;
  }

  async newPath(): Promise<string> {
    await mkdir(this.dir, { recursive: true });
    const path = join(this.dir, `${randomUUID()}${SPOOL_SUFFIX}`);
    this.inUse.add(path);
    return path;
  }

  /** The request is done with the file (removed, or about to be). */
  release(path: string): void {
    this.inUse.delete(path);
  }

  /**
   * Reads a multipart form: text fields into memory (small, limited), each file part streamed
   * to a temporary file of its own. Any failure (limit, client gone, bad form) removes what
   * was written and answers a 4xx.
   */
  async readForm(request: FastifyRequest, limits: MultipartLimits): Promise<MultipartForm> {
    if (!request.isMultipart()) {
      throw new UnsupportedMediaTypeException({ message: 'Send the form as multipart/form-data' });
    }
    const fields = new Map<string, string>();
    const files = new Map<string, SpooledFile>();
    const written: string[] = [];
    const cleanup = async () => {
      await Promise.all(
        written.splice(0).map(async (path) => {
          await rm(path, { force: true });
          this.release(path);
        }),
      );
    };
    try {
      const parts = request.parts({
        limits: {
          fileSize: limits.maxFileBytes,
          files: limits.fileFields.length,
          fields: 20,
          parts: 40,
          fieldSize: limits.maxFieldBytes ?? 1024 * 1024,
          headerPairs: 100,
        },
      });
      for await (const part of parts as AsyncIterableIterator<Multipart>) {
        if (part.type === 'file') {
          await this.spoolFile(part, limits, files, written);
        } else {
          if (part.valueTruncated) {
            throw new PayloadTooLargeException({
              message: `The form field "${printable(part.fieldname)}" is too large`,
            });
          }
          const value = String(part.value ?? '');
          // Text fields arrive here, past the request hook that checks every other input.
          assertCleanRequestText({ [part.fieldname]: value }, '');
          fields.set(part.fieldname, value);
        }
      }
    } catch (error) {
      await cleanup();
      throw toHttpError(error, limits.maxFileBytes);
    }
    return { fields, files, cleanup };
  }

  private async spoolFile(
    part: MultipartFile,
    limits: MultipartLimits,
    files: Map<string, SpooledFile>,
    written: string[],
  ): Promise<void> {
    if (!limits.fileFields.includes(part.fieldname) || files.has(part.fieldname)) {
      part.file.resume();
      throw new BadRequestException({
        message: `Unexpected file in field "${printable(part.fieldname)}" (expected: ${limits.fileFields.join(', ')})`,
      });
    }
    const path = await this.newPath();
    written.push(path);
    let size = 0;
    part.file.on('data', (chunk: Buffer) => {
      size += chunk.length;
    });
    await pipeline(part.file, createWriteStream(path, { flags: 'wx' }));
    if (part.file.truncated) throw fileTooLarge(limits.maxFileBytes);
    files.set(part.fieldname, { field: part.fieldname, clientName: printable(part.filename ?? ''), path, size });
  }
}

function printable(value: string): string {
  return value.replace(/[^\x20-\x7e]/g, '?').slice(0, 80);
}

/**
 * The parse errors of @fastify/busboy 3 (the parser under @fastify/multipart). They carry no
 * code, only these messages, so each is matched by its words; every one is the client's form
 * at fault, never the server.
 */
const BUSBOY_FORM_ERRORS: [RegExp, string][] = [
  [/^Multipart: Boundary not found$/, 'The form has no boundary: send it as multipart/form-data with a boundary'],
  // The body ended before the closing boundary: a cut-off upload, or a body whose boundary is
  // not the one the Content-Type declares (busboy never finds a part and reads to the end).
  [
    /^Unexpected end of multipart data$|terminated early due to unexpected end of multipart data$/,
    'The form is incomplete: it ends before its closing boundary, or its boundary is not the declared one',
  ],
  // The boundary, with the "\r\n--" before it, is the parser's search needle of at most 256 bytes.
  [/^The needle cannot (have a length bigger than 256|be an empty)/, 'The form boundary is too long'],
];

/** @fastify/multipart and busboy errors to the answers a client can act on. */
export function toHttpError(error: unknown, maxFileBytes: number): unknown {
  if (error instanceof HttpException) return error;
  const code = (error as { code?: string }).code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return fileTooLarge(maxFileBytes);
    case 'FST_FILES_LIMIT':
      return new BadRequestException({ message: 'Too many files in the form' });
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new HttpException({ message: 'Too many fields in the form' }, HttpStatus.PAYLOAD_TOO_LARGE);
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new UnsupportedMediaTypeException({ message: 'Send the form as multipart/form-data' });
    case 'FST_INVALID_JSON_FIELD_ERROR':
      // A text part declared Content-Type: application/json whose value does not parse.
      return new BadRequestException({ message: 'A form field declared as JSON is not valid JSON' });
    case 'FST_PROTO_VIOLATION':
      return new BadRequestException({ message: 'A form field has a reserved name (such as __proto__)' });
    case 'FST_MP_PREMATURE_CLOSE':
    case 'ERR_STREAM_PREMATURE_CLOSE':
      // The client went away mid-upload: nobody will read this answer.
      return new BadRequestException({ message: 'The upload was interrupted' });
    default: {
      if (code !== undefined) return error;
      const message = (error as Error | undefined)?.message ?? '';
      const known = BUSBOY_FORM_ERRORS.find(([pattern]) => pattern.test(message));
      return known ? new BadRequestException({ message: known[1] }) : error;
    }
  }
}
