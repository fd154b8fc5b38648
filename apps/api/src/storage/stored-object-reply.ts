import type { FastifyReply } from 'fastify';
import {
  resolveRange,
  StorageKeyError,
  StorageNotFoundError,
  StorageRangeError,
  type ByteRange,
  type StorageDriver,
  type StoredObjectInfo,
} from '@app/media';

// Conditional and partial GETs of stored objects, at the HTTP edge (RFC 9110 §13.1.2, §14).
// @fastify/send (under @fastify/static) does this for files on a local disk only; storage here
// may be S3, so the rules live in this one unit, over StorageDriver.stat() and get().

/** The Range header: null when absent, 'invalid' when it is not one `bytes=start-[end]`. */
export function parseRange(header: string | undefined): ByteRange | null | 'invalid' {
  if (!header) return null;
  const match = /^bytes=(\d+)-(\d*)$/.exec(header.trim());
  // Suffix ranges (`bytes=-500`) and lists are not needed by players.
  if (!match) return 'invalid';
  const start = Number(match[1]);
  const end = match[2] === '' ? undefined : Number(match[2]);
  if (!Number.isSafeInteger(start) || (end !== undefined && (!Number.isSafeInteger(end) || end < start))) {
    return 'invalid';
  }
  return { start, end };
}

/** If-None-Match against an ETag: `*`, a list, and weak tags (W/) compare weakly, as a GET does. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const strip = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || strip(tag) === strip(etag));
}

export interface ConditionalRequest {
  range?: string;
  ifNoneMatch?: string;
}

export type ObjectAnswer =
  { status: 304 } | { status: 416 } | { status: 200 } | { status: 206; range: { start: number; end: number } };

/** What a GET of this object answers: the ETag first (a 304 ignores Range), then the Range. */
export function planObjectAnswer(
  info: Pick<StoredObjectInfo, 'etag' | 'size'>,
  request: ConditionalRequest,
): ObjectAnswer {
  if (etagMatches(request.ifNoneMatch, info.etag)) return { status: 304 };
  const range = parseRange(request.range);
  if (range === null) return { status: 200 };
  const served = range === 'invalid' ? undefined : resolveRange(range, info.size);
  return served ? { status: 206, range: served } : { status: 416 };
}

/**
 * Sends a stored object with ETag, Last-Modified and Accept-Ranges, answering 304, 206 or 416
 * as `request` asks. Answers false, sending nothing, when there is no such object: the caller
 * says 404 in its own words.
 */
export async function sendStoredObject(
  reply: FastifyReply,
  storage: StorageDriver,
  key: string,
  request: ConditionalRequest,
  cacheControl: string,
): Promise<boolean> {
  let info: StoredObjectInfo | undefined;
  try {
    info = await storage.stat(key);
    if (!info) return false;
    void reply
      .header('etag', info.etag)
      .header('accept-ranges', 'bytes')
      .header('last-modified', info.lastModified.toUTCString())
      .header('cache-control', cacheControl);
    const answer = planObjectAnswer(info, request);
    if (answer.status === 304) {
      await reply.status(304).send();
      return true;
    }
    if (answer.status === 416) {
      await notSatisfiable(reply, info.size);
      return true;
    }
    const object = await storage.get(key, answer.status === 206 ? answer.range : undefined);
    void reply.header('content-type', object.contentType).header('content-length', String(object.contentLength));
    if (answer.status === 206) {
      void reply.status(206).header('content-range', `bytes ${object.range.start}-${object.range.end}/${object.size}`);
    }
    await reply.send(object.body);
    return true;
  } catch (error) {
    if (error instanceof StorageNotFoundError || error instanceof StorageKeyError) return false;
    // The object shrank between stat() and get() (a re-run replaced it).
    if (error instanceof StorageRangeError) {
      await notSatisfiable(reply, error.size);
      return true;
    }
    throw error;
  }
}

async function notSatisfiable(reply: FastifyReply, size: number): Promise<void> {
  await reply.status(416).header('content-range', `bytes */${size}`).send({ message: 'Range not satisfiable' });
}
