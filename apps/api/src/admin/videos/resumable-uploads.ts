import { readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import {
  HttpException,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { FileStore } from '@tus/file-store';
import { Server, type Upload } from '@tus/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DataSource } from 'typeorm';
import { AppConfig } from '@app/config';
import { API_PREFIX } from '../../api-prefix.js';
import { tokenFromHeader } from '../../auth/jwt.strategy.js';
import { staffTokenChecker, type StaffCheckResult } from '../../auth/staff-token.js';
import { VideoUploads } from './video-uploads.js';

/** The tus endpoint (creation: POST here; an upload lives at `{path}{id}`). */
export const RESUMABLE_UPLOAD_PATH = `/${API_PREFIX}/upload_video_resumable/`;

/** The methods a tus client uses; GET (download an upload) is not offered. */
const TUS_METHODS = ['POST', 'HEAD', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/** @tus/server's default ids: 16 random bytes in hex. */
const UPLOAD_ID = /^[0-9a-f]{32}$/;

/** The node request inside the web Request that @tus/server's hooks receive (srvx). */
const nodeRequestOf = (request: unknown): IncomingMessage | undefined =>
  (request as { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req;

const json = (message: string) => JSON.stringify({ message });
const sweepEvery = (staleAfterMs: number) => Math.min(staleAfterMs / 4, 15 * 60_000);

/**
 * Resumable video uploads with the tus protocol (tus.io, @tus/server + @tus/file-store),
 * beside the one-request upload_video/. Every request needs a staff token; an upload is
 * usable only by the staff member who created it (another one gets 404, as for an unknown id).
 * The finished file gets upload_video/'s checks (bytes, ffprobe, end of data) and is stored
 * the same way; the answer of the last PATCH is upload_video/'s JSON. Partial uploads nobody
 * wrote to for UPLOAD_STALE_AFTER_MS are swept, as upload_video/'s spool files are.
 */
@Injectable()
export class ResumableUploads implements OnModuleInit, OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('ResumableUploads');
  readonly dir: string;
  private readonly store: FileStore;
  private readonly tus: Server;
  private readonly checkStaff: (token: string | null) => Promise<StaffCheckResult>;
  private timer: NodeJS.Timeout | undefined;
  /** Who sent each creation request, from its checked token: tus hooks do not see Nest's user. */
  private readonly uploaders = new WeakMap<IncomingMessage, number>();

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly config: AppConfig,
    dataSource: DataSource,
    private readonly uploads: VideoUploads,
  ) {
    this.dir = join(config.UPLOAD_TMP_DIR ?? join(tmpdir(), 'cuview-uploads'), 'tus');
    this.store = new FileStore({ directory: this.dir });
    this.checkStaff = staffTokenChecker(config.JWT_SECRET, dataSource);
    this.tus = new Server({
      path: RESUMABLE_UPLOAD_PATH.slice(0, -1),
      datastore: this.store,
      maxSize: config.UPLOAD_MAX_BYTES,
      relativeLocation: true,
      respectForwardedHeaders: false,
      disableTerminationForFinishedUploads: true,
      onUploadCreate: async (req, upload) => {
        const node = nodeRequestOf(req);
        const owner = node && this.uploaders.get(node);
        if (owner === undefined)
          throw { status_code: 401, body: json('Authentication credentials were not provided.') };
        // Only the file name is kept from the client's metadata, for the logs.
        const name = typeof upload.metadata?.filename === 'string' ? upload.metadata.filename.slice(0, 200) : '';
        return { metadata: { owner: String(owner), filename: name } };
      },
      onUploadFinish: async (_req, upload) => this.finish(upload),
    });
  }

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter?.getInstance<FastifyInstance>();
    if (!fastify) return;
    void fastify.register(async (scope) => {
      // tus reads the request body itself, as a stream.
      scope.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));
      const handler = (request: FastifyRequest, reply: FastifyReply) => this.handle(request, reply);
      scope.route({ method: [...TUS_METHODS], url: RESUMABLE_UPLOAD_PATH, handler });
      scope.route({ method: [...TUS_METHODS], url: `${RESUMABLE_UPLOAD_PATH}:id`, handler });
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.sweep();
    this.timer = setInterval(() => void this.sweep(), sweepEvery(this.config.UPLOAD_STALE_AFTER_MS));
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  private async handle(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const id = (request.params as { id?: string }).id;
    if (request.method !== 'OPTIONS') {
      const refusal = await this.refusal(request, id);
      if (refusal) {
        await reply
          .status(refusal.status)
          .header('Tus-Resumable', '1.0.0')
          .header('Cache-Control', 'no-store')
          .send({ message: refusal.message });
        return;
      }
    }
    reply.hijack();
    await this.tus.handle(request.raw, reply.raw);
  }

  /** Why this request may not touch the upload (staff only, owner only), or null. */
  private async refusal(
    request: FastifyRequest,
    id: string | undefined,
  ): Promise<{ status: number; message: string } | null> {
    const staff = await this.checkStaff(tokenFromHeader(request));
    if (staff.kind === 'anonymous') return { status: 401, message: 'Authentication credentials were not provided.' };
    if (staff.kind === 'forbidden') return { status: 403, message: "You don't have permission for this Action" };
    const notFound = { status: 404, message: 'Unknown upload: please, upload the video again' };
    if (id === undefined) {
      if (request.method !== 'POST') return notFound;
      this.uploaders.set(request.raw, staff.user.id);
      return null;
    }
    if (!UPLOAD_ID.test(id)) return notFound;
    const upload = await this.store.getUpload(id).catch(() => undefined);
    if (!upload || upload.metadata?.owner !== String(staff.user.id)) return notFound;
    return null;
  }

  /** The whole file is here: the checks and storage of upload_video/, then the partial files go. */
  private async finish(
    upload: Upload,
  ): Promise<{ status_code: number; body: string; headers: Record<string, string> }> {
    const owner = Number(upload.metadata?.owner);
    try {
      const answer = await this.uploads.accept({ path: join(this.dir, upload.id), size: upload.offset }, owner);
      return { status_code: 200, body: JSON.stringify(answer), headers: { 'Content-Type': 'application/json' } };
    } catch (error) {
      if (error instanceof HttpException) {
        const body = error.getResponse() as { message?: string };
        // tus answers these with the status and body given.
        throw { status_code: error.getStatus(), body: json(body.message ?? error.message) };
      }
      this.logger.error(`upload ${upload.id}: ${(error as Error).message}`);
      throw { status_code: 503, body: json('The upload could not be stored; please, try again') };
    } finally {
      await this.store.remove(upload.id).catch(() => undefined);
    }
  }

  /**
   * Removes partial uploads nobody wrote to for UPLOAD_STALE_AFTER_MS (a closed tab that never
   * came back, a crashed api). An upload being written touches its file all the time.
   */
  async sweep(now = Date.now()): Promise<number> {
    let removed = 0;
    try {
      const names: string[] = await readdir(this.dir).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return [];
        throw error;
      });
      for (const name of names) {
        const id = name.endsWith('.json') ? name.slice(0, -5) : name;
        if (!UPLOAD_ID.test(id) || (name !== id && names.includes(id))) continue;
        const info = await stat(join(this.dir, name)).catch(() => undefined);
        if (!info || now - info.mtimeMs < this.config.UPLOAD_STALE_AFTER_MS) continue;
        await rm(join(this.dir, id), { force: true });
        await rm(join(this.dir, `${id}.json`), { force: true });
        removed++;
      }
      if (removed > 0) this.logger.log(`removed ${removed} stale resumable upload(s) from ${this.dir}`);
    } catch (error) {
      this.logger.warn(`could not sweep ${this.dir}: ${(error as Error).message}`);
    }
    return removed;
  }
}
