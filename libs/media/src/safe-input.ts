import { isAbsolute, resolve } from 'node:path';

/**
 * Input arguments that make ffmpeg/ffprobe read exactly one local file:
 * - `-protocol_whitelist file`: no http, tcp, concat, subfile, data, crypto… even if a
 *   demuxer finds a reference inside the file;
 * - `-f <demuxer>` from the magic bytes: the HLS/concat/image2 demuxers are never picked
 *   by ffmpeg's own guess;
 * - the `file:` prefix: a path such as `concat:a|b` or `subfile,,start,0,end,9,,:x` is
 *   taken as a file name, not as a protocol.
 */
export function safeInputArgs(path: string, demuxer: string): string[] {
  return ['-protocol_whitelist', 'file', '-f', demuxer, '-i', fileUrl(path)];
}

export function fileUrl(path: string): string {
  return `file:${isAbsolute(path) ? path : resolve(path)}`;
}
