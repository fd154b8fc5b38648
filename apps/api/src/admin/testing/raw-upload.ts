import { once } from 'node:events';
import { request as httpRequest } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';

export interface RawAnswer {
  status: number;
  body: string;
  /** Bytes of the body the client had written when the answer arrived. */
  sentWhenAnswered: number;
}

/**
 * Sends a multipart upload by hand: the declared size as given (or chunked), the body written
 * in small pieces, optionally cut off part way by closing the connection (an aborted upload).
 */
export function rawUpload(
  baseUrl: string,
  path: string,
  options: {
    token: string;
    body: Buffer;
    boundary: string;
    contentLength?: number | 'chunked';
    abortAfterBytes?: number;
  },
): Promise<RawAnswer | 'aborted'> {
  const url = new URL(path, baseUrl);
  const headers: Record<string, string | number> = {
    authorization: `JWT ${options.token}`,
    'content-type': `multipart/form-data; boundary=${options.boundary}`,
  };
  if (options.contentLength === 'chunked') headers['transfer-encoding'] = 'chunked';
  else headers['content-length'] = options.contentLength ?? options.body.length;

  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = httpRequest(
      { method: 'POST', hostname: url.hostname, port: url.port, path: url.pathname, headers },
      (res) => {
        answered = true;
        const sentWhenAnswered = sent;
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), sentWhenAnswered });
          req.destroy();
        });
      },
    );
    req.on('error', (error) => {
      if (answered) return;
      if (options.abortAfterBytes !== undefined) resolve('aborted');
      else reject(error);
    });
    const pump = async () => {
      while (!answered && sent < options.body.length) {
        if (options.abortAfterBytes !== undefined && sent >= options.abortAfterBytes) {
          req.destroy();
          resolve('aborted');
          return;
        }
        const chunk = options.body.subarray(sent, Math.min(sent + 64 * 1024, options.body.length));
        sent += chunk.length;
        if (!req.write(chunk)) await once(req, 'drain');
        // Small pauses so the server sees a stream arriving, not one burst.
        await sleep(2);
      }
      // A body shorter than its declared size stays open: the server must answer on its own.
      if (!answered && options.contentLength === undefined) req.end();
      if (!answered && options.contentLength === 'chunked') req.end();
    };
    pump().catch((error: unknown) => (answered ? undefined : reject(error)));
  });
}

/** A multipart body holding one file part named "file". */
export function fileBody(
  data: Buffer,
  filename = 'clip.mp4',
  contentType = 'video/mp4',
): { body: Buffer; boundary: string } {
  const boundary = `----cuviewraw${Date.now()}${Math.random().toString(16).slice(2)}`;
  return {
    boundary,
    body: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
      ),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  };
}
