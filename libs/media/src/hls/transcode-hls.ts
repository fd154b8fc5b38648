import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { dirname, join, posix, relative } from 'node:path';
import type { Readable } from 'node:stream';
import { assertEndsWhole } from '../integrity.js';
import { probeMedia, scanKeyframes, type KeyframeScan, type MediaProbe } from '../probe.js';
import { runProcess, type MediaToolOptions } from '../process.js';
import { FfmpegProgressParser, type ProgressCallback } from '../progress.js';
import { AAC_LC_CODEC, avcCodecFromInitSegment, avcCodecFromProfile } from './codecs.js';
import { AUDIO_RENDITION, HlsAudioCommand, HlsLadderCommand, MASTER_PLAYLIST } from './hls-ladder-command.js';
import {
  NEEDS_KEYFRAME_SCAN,
  planLadder,
  type LadderPlan,
  type PlanOptions,
  type RenditionMode,
} from './ladder-plan.js';
import {
  parseMasterPlaylist,
  parseMediaPlaylist,
  renderMasterPlaylist,
  type MasterPlaylist,
} from './master-playlist.js';

export interface TranscodeHlsOptions extends MediaToolOptions {
  /** The uploaded original (a local file). */
  source: string;
  /** An empty or missing folder; the ladder is written here (master.m3u8 at its root). */
  outputDir: string;
  /** Reuse an earlier probe of the source (it is probed otherwise). */
  probe?: MediaProbe;
  /** A WAV (e.g. the watermarked audio) replacing the source's audio. */
  audioWav?: string;
  /**
   * Or a mark (the watermark) added to the source's audio: a stream of raw mono float PCM
   * at `sampleRate`, starting with the audio, mixed in while it is produced (the watermark is
   * made while ffmpeg already writes the ladder). A failing stream fails the run with its error.
   */
  audioMark?: { sampleRate: number; pcm: Readable };
  onProgress?: ProgressCallback;
  /** Told the plan (renditions and modes) once it is made, before ffmpeg starts. */
  onPlan?: (plan: LadderPlan) => void;
  threads?: number;
  x264Preset?: string;
  plan?: Omit<PlanOptions, 'keyframes' | 'externalAudio'>;
  /** An earlier scanKeyframes of the source (e.g. run while the audio was being prepared). */
  keyframes?: KeyframeScan;
}

export interface HlsRenditionResult {
  name: string;
  width: number;
  height: number;
  mode: RenditionMode;
  /** Media playlist path relative to the output folder, e.g. `720p/index.m3u8`. */
  playlist: string;
  codecs: string;
  /** Peak segment bit rate including the audio rendition (bits/s), as in the master. */
  bandwidth: number;
  averageBandwidth: number;
  /** This rendition's own video bit rate, averaged over the whole video (bits/s). */
  videoBitRate: number;
  durationSeconds: number;
}

export interface HlsLadderResult {
  outputDir: string;
  master: string;
  plan: LadderPlan;
  renditions: HlsRenditionResult[];
  audio?: { playlist: string; bitRate: number; durationSeconds: number };
  /** Every written file, relative to outputDir with `/` separators (for uploading). */
  files: string[];
  sourceDurationSeconds: number;
  wallMs: number;
  peakRssBytes?: number;
}

/**
 * The source's keyframes when the plan needs them to decide on a copy, else undefined:
 * scanning packets costs a demux pass, so it is done only when everything else allows a copy.
 * A caller may run it beside other work and hand the result to transcodeHlsLadder.
 */
export async function scanKeyframesIfCopyPossible(
  source: string,
  probe: MediaProbe,
  planOptions: Omit<PlanOptions, 'keyframes'>,
  tools: MediaToolOptions = {},
): Promise<KeyframeScan | undefined> {
  if (planOptions.disableCopy) return undefined;
  if (planLadder(probe, planOptions).copyRefusedBecause !== NEEDS_KEYFRAME_SCAN) return undefined;
  return scanKeyframes(source, probe.container, tools);
}

/**
 * Probes the source (file protocol only), plans the ladder (scanning keyframes first when
 * the top rendition could be a remux), runs the single ffmpeg process and completes the
 * master playlist. Throws BadMediaError for input that is not a usable video.
 */
export async function transcodeHlsLadder(options: TranscodeHlsOptions): Promise<HlsLadderResult> {
  const started = performance.now();
  const probe = options.probe ?? (await probeMedia(options.source, 'video', options));
  const externalAudio = Boolean(options.audioWav);

  const planOptions = { ...options.plan, externalAudio };
  const keyframes =
    options.keyframes ?? (await scanKeyframesIfCopyPossible(options.source, probe, planOptions, options));
  const plan = planLadder(probe, { ...planOptions, keyframes });
  if (plan.copyRefusedBecause)
    options.log?.debug('media: top rendition is encoded', { reason: plan.copyRefusedBecause });

  await requireEmptyDir(options.outputDir);
  options.onPlan?.(plan);

  const args = new HlsLadderCommand(plan, {
    source: options.source,
    sourceDemuxer: probe.container.demuxer,
    audioWav: options.audioWav,
    audioOffsetSeconds: (probe.audio?.startSeconds ?? 0) - (probe.startSeconds ?? 0),
    markPcm: options.audioMark && { sampleRate: options.audioMark.sampleRate },
    threads: options.threads,
    x264Preset: options.x264Preset,
  }).args();
  const parser = options.onProgress ? new FfmpegProgressParser(probe.durationSeconds, options.onProgress) : undefined;
  const run = await runProcess(options.ffmpegPath ?? 'ffmpeg', args, {
    cwd: options.outputDir,
    signal: options.signal,
    timeoutMs: options.timeoutMs,
    log: options.log,
    measurePeakRss: true,
    stdin: options.audioMark?.pcm,
    onStdoutLine: parser ? (line) => parser.feed(line) : undefined,
  });

  const completed = await completeMasterPlaylist(options.outputDir, plan, probe);
  checkLadderLength(completed, probe, externalAudio);
  return {
    outputDir: options.outputDir,
    master: MASTER_PLAYLIST,
    plan,
    ...completed,
    files: await listFiles(options.outputDir),
    sourceDurationSeconds: probe.durationSeconds,
    wallMs: performance.now() - started,
    peakRssBytes: run.peakRssBytes,
  };
}

async function requireEmptyDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  if ((await readdir(dir)).length > 0) throw new Error(`HLS output folder ${dir} is not empty`);
}

export interface TranscodeHlsAudioOptions extends MediaToolOptions {
  source: string;
  probe: MediaProbe;
  /** An empty or missing folder; the rendition is written to its `audio/`. */
  outputDir: string;
  audioMark: { sampleRate: number; pcm: Readable };
  onProgress?: ProgressCallback;
}

/**
 * The marked audio rendition alone, for a ladder whose video renditions were written before
 * the mark was known: `audio/index.m3u8`, `audio/init.mp4` and its segments, checked to be as
 * long as the source's audio. Answers the files written, relative to outputDir.
 */
export async function transcodeHlsAudio(
  options: TranscodeHlsAudioOptions,
): Promise<{ files: string[]; durationSeconds: number; wallMs: number }> {
  const started = performance.now();
  await requireEmptyDir(options.outputDir);
  // ffmpeg makes the folders of %v outputs only: this one must exist.
  await mkdir(join(options.outputDir, AUDIO_RENDITION));
  const args = new HlsAudioCommand({
    source: options.source,
    sourceDemuxer: options.probe.container.demuxer,
    markPcm: { sampleRate: options.audioMark.sampleRate },
  }).args();
  const parser = options.onProgress
    ? new FfmpegProgressParser(options.probe.durationSeconds, options.onProgress)
    : undefined;
  await runProcess(options.ffmpegPath ?? 'ffmpeg', args, {
    cwd: options.outputDir,
    signal: options.signal,
    timeoutMs: options.timeoutMs,
    log: options.log,
    stdin: options.audioMark.pcm,
    onStdoutLine: parser ? (line) => parser.feed(line) : undefined,
  });
  const stats = await playlistStats(options.outputDir, `${AUDIO_RENDITION}/index.m3u8`);
  const expected = options.probe.audio?.durationSeconds;
  if (expected !== undefined) assertEndsWhole(stats.duration, expected);
  return {
    files: await listFiles(options.outputDir),
    durationSeconds: stats.duration,
    wallMs: performance.now() - started,
  };
}

/**
 * What was written must be as long as what the source promised: a source cut short in
 * transfer probes at its full length (the header says so) but ffmpeg finds data for only
 * part of it and ends the ladder there, without an error. Every video rendition is held to
 * the source's video length and the audio rendition to its audio length (streams of one
 * file may legitimately end apart; when the container does not say, the video's check covers
 * a cut, which shortens every stream). Lengths are the playlists' segment durations, i.e. the
 * timestamps of what ffmpeg encoded, which is what a player will play.
 */
export function checkLadderLength(
  ladder: Pick<HlsLadderResult, 'renditions' | 'audio'>,
  probe: MediaProbe,
  externalAudio = false,
): void {
  const videoExpected = probe.video?.durationSeconds ?? probe.durationSeconds;
  for (const rendition of ladder.renditions) assertEndsWhole(rendition.durationSeconds, videoExpected);
  const audioExpected = probe.audio?.durationSeconds;
  if (ladder.audio && audioExpected !== undefined && !externalAudio) {
    assertEndsWhole(ladder.audio.durationSeconds, audioExpected);
  }
}

interface PlaylistStats {
  peak: number;
  average: number;
  duration: number;
  initPath?: string;
}

async function playlistStats(outputDir: string, playlistPath: string): Promise<PlaylistStats> {
  const absolute = join(outputDir, playlistPath);
  const media = parseMediaPlaylist(await readFile(absolute, 'utf8'));
  if (!media.ended || media.segments.length === 0) throw new Error(`${playlistPath} is incomplete`);
  let peak = 0;
  let bits = 0;
  let duration = 0;
  for (const segment of media.segments) {
    const size = (await stat(join(dirname(absolute), segment.uri))).size * 8;
    bits += size;
    duration += segment.duration;
    // A short last segment says little about the rate a player needs.
    if (segment.duration >= 1 || media.segments.length === 1) peak = Math.max(peak, size / segment.duration);
  }
  const initPath = media.initUri ? join(dirname(absolute), media.initUri) : undefined;
  return { peak, average: duration > 0 ? bits / duration : 0, duration, initPath };
}

/**
 * Checks ffmpeg's master playlist and writes it back complete: BANDWIDTH as the measured
 * peak segment rate (video + audio, RFC 8216 §4.3.4.2) and AVERAGE-BANDWIDTH, CODECS from
 * the init segment when ffmpeg left it out (remuxed rendition), RESOLUTION and FRAME-RATE
 * from the plan when missing. The first variant listed is the one a player starts with,
 * so the ≤720p rendition goes first for a quick start; the rest follow highest first.
 */
export async function completeMasterPlaylist(
  outputDir: string,
  plan: LadderPlan,
  probe?: MediaProbe,
): Promise<Pick<HlsLadderResult, 'renditions' | 'audio'>> {
  const masterPath = join(outputDir, MASTER_PLAYLIST);
  const master: MasterPlaylist = parseMasterPlaylist(await readFile(masterPath, 'utf8'));
  if (master.variants.length !== plan.renditions.length) {
    throw new Error(`master playlist lists ${master.variants.length} variants, expected ${plan.renditions.length}`);
  }

  let audio: HlsLadderResult['audio'];
  let audioStats: PlaylistStats | undefined;
  const audioMedia = master.media.find((m) => m.attributes.get('TYPE') === 'AUDIO');
  if (audioMedia) {
    const uri = audioMedia.attributes.get('URI');
    if (!uri) throw new Error('audio rendition without URI');
    audioStats = await playlistStats(outputDir, uri);
    audio = { playlist: uri, bitRate: audioStats.average, durationSeconds: audioStats.duration };
    audioMedia.attributes.set('NAME', 'Audio');
    audioMedia.attributes.set('AUTOSELECT', 'YES');
    audioMedia.attributes.set('CHANNELS', '2');
  } else if (plan.audio !== 'none') {
    throw new Error('master playlist has no audio rendition');
  }

  const renditions: HlsRenditionResult[] = [];
  for (const [i, variant] of master.variants.entries()) {
    const planned = plan.renditions[i]!;
    const stats = await playlistStats(outputDir, variant.uri);
    const a = variant.attributes;
    const bandwidth = Math.ceil(stats.peak + (audioStats?.peak ?? 0));
    const averageBandwidth = Math.ceil(stats.average + (audioStats?.average ?? 0));
    a.set('BANDWIDTH', String(bandwidth));
    a.set('AVERAGE-BANDWIDTH', String(averageBandwidth));
    if (!a.get('RESOLUTION')) a.set('RESOLUTION', `${planned.width}x${planned.height}`);
    a.set('FRAME-RATE', plan.fps.toFixed(3));

    let codecs = a.get('CODECS');
    if (!codecs || !codecs.includes('avc1')) {
      const init = stats.initPath ? await readFile(stats.initPath) : undefined;
      const video =
        (init && avcCodecFromInitSegment(init)) ??
        (planned.mode === 'copy' ? avcCodecFromProfile(probe?.video?.profile, probe?.video?.level) : undefined);
      if (!video) throw new Error(`cannot tell the codec of ${variant.uri}`);
      codecs = audioStats ? `${video},${AAC_LC_CODEC}` : video;
      a.set('CODECS', codecs);
    }
    // Keep a stable attribute order: what readers of the file expect to see first.
    variant.attributes = orderAttributes(a, [
      'BANDWIDTH',
      'AVERAGE-BANDWIDTH',
      'RESOLUTION',
      'FRAME-RATE',
      'CODECS',
      'AUDIO',
    ]);
    renditions.push({
      name: planned.name,
      width: planned.width,
      height: planned.height,
      mode: planned.mode,
      playlist: variant.uri,
      codecs,
      bandwidth,
      averageBandwidth,
      videoBitRate: Math.round(stats.average),
      durationSeconds: stats.duration,
    });
  }

  const startIndex = Math.max(
    0,
    renditions.findIndex((r) => Math.min(r.width, r.height) <= 720),
  );
  const order = [startIndex, ...renditions.map((_, i) => i).filter((i) => i !== startIndex)];
  master.variants = order.map((i) => master.variants[i]!);
  if (!master.headerTags.includes('#EXT-X-INDEPENDENT-SEGMENTS')) master.headerTags.push('#EXT-X-INDEPENDENT-SEGMENTS');
  await writeFile(masterPath, renderMasterPlaylist(master));
  return { renditions, audio };
}

function orderAttributes(attributes: Map<string, string>, first: string[]): Map<string, string> {
  const ordered = new Map<string, string>();
  for (const key of first) if (attributes.has(key)) ordered.set(key, attributes.get(key)!);
  for (const [k, v] of attributes) if (!ordered.has(k)) ordered.set(k, v);
  return ordered;
}

async function listFiles(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => relative(root, join(e.parentPath, e.name)).split('\\').join(posix.sep))
    .sort();
}
