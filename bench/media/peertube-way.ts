import { mkdir, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { capKbps, LADDER_RUNGS, runProcess, safeInputArgs, type MediaProbe } from '@app/media';

/**
 * The same ladder made the way PeerTube's VOD HLS transcoding does it (packages/ffmpeg:
 * presetVOD + getCommonOutputOptions + addDefaultEncoderParams + buildHLSVODCommand):
 * one ffmpeg process per resolution, each decoding the source again; libx264 veryfast in
 * CRF mode with `-maxrate`/`-bufsize 2×`, `-bf 16 -b_strategy 1`, `-g` = 2 s, `-r fps`,
 * fMP4 HLS in a single file per resolution, audio copied when it is already AAC, and the
 * top resolution remuxed (`-c copy`) when the source qualifies for a quick transcode.
 * The caps are ours, so both ladders aim at the same bit rates.
 */
export class PeerTubeStyleCommand {
  constructor(
    private readonly source: string,
    private readonly demuxer: string,
    private readonly outputDir: string,
    private readonly rung: { shortSide: number; maxrateKbps: number },
    private readonly fps: number,
    private readonly copy: boolean,
    private readonly audio: 'copy' | 'aac' | 'none',
  ) {}

  args(): string[] {
    const args = ['-hide_banner', '-nostdin', '-y', '-loglevel', 'error', ...safeInputArgs(this.source, this.demuxer)];
    if (this.copy) {
      args.push('-c:v', 'copy');
    } else {
      const maxrate = capKbps(this.rung.maxrateKbps, this.fps) * 1000;
      args.push(
        '-max_muxing_queue_size',
        '1024',
        '-map_metadata',
        '-1',
        '-pix_fmt',
        'yuv420p',
        '-vf',
        `scale=w=-2:h=${this.rung.shortSide}`,
        '-c:v',
        'libx264',
        '-preset',
        'veryfast',
        '-maxrate:v',
        String(maxrate),
        '-bufsize:v',
        String(maxrate * 2),
        '-b_strategy',
        '1',
        '-bf',
        '16',
        '-r',
        String(this.fps),
        '-g:v',
        String(Math.round(this.fps * 2)),
      );
    }
    if (this.audio === 'none') args.push('-an');
    else if (this.audio === 'copy' || this.copy) args.push('-c:a', 'copy');
    else args.push('-c:a', 'aac', '-channel_layout', 'stereo');
    args.push(
      '-hls_time',
      '4',
      '-hls_list_size',
      '0',
      '-hls_playlist_type',
      'vod',
      '-hls_segment_filename',
      join(this.outputDir, `${this.rung.shortSide}-fragmented.mp4`),
      '-hls_segment_type',
      'fmp4',
      '-f',
      'hls',
      '-hls_flags',
      'single_file',
      join(this.outputDir, `${this.rung.shortSide}.m3u8`),
    );
    return args;
  }
}

export interface PeerTubeRun {
  wallMs: number;
  renditions: { name: string; mode: 'copy' | 'encode'; videoBitRate: number }[];
  peakRssBytes: number;
}

/** Runs the per-resolution processes one after the other (PeerTube's default job concurrency is 1). */
export async function runPeerTubeLadder(
  source: string,
  probe: MediaProbe,
  outputDir: string,
  copyTop: boolean,
): Promise<PeerTubeRun> {
  await mkdir(outputDir, { recursive: true });
  const short = Math.min(probe.video!.width!, probe.video!.height!);
  const rungs = LADDER_RUNGS.filter((r) => r.shortSide <= short);
  const fps = probe.video!.fps ?? 30;
  const audio = !probe.hasAudio ? 'none' : probe.audio?.codec === 'aac' ? 'copy' : 'aac';
  const started = performance.now();
  let peakRssBytes = 0;
  const renditions: PeerTubeRun['renditions'] = [];
  for (const [i, rung] of rungs.entries()) {
    const copy = copyTop && i === 0;
    const run = await runProcess(
      'ffmpeg',
      new PeerTubeStyleCommand(source, probe.container.demuxer, outputDir, rung, fps, copy, audio).args(),
      { measurePeakRss: true },
    );
    peakRssBytes = Math.max(peakRssBytes, run.peakRssBytes ?? 0);
    const file = join(outputDir, `${rung.shortSide}-fragmented.mp4`);
    const bits = (await stat(file)).size * 8;
    // The file holds audio too: take the audio's share out to compare video bit rates.
    const audioBits = probe.hasAudio ? (probe.audio?.bitRate ?? 128_000) * probe.durationSeconds : 0;
    renditions.push({
      name: rung.name,
      mode: copy ? 'copy' : 'encode',
      videoBitRate: Math.round((bits - audioBits) / probe.durationSeconds),
    });
  }
  await readdir(outputDir);
  return { wallMs: performance.now() - started, renditions, peakRssBytes };
}
