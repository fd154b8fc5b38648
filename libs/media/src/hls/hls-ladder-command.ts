import { FFMPEG_QUIET } from '../process.js';
import { safeInputArgs } from '../safe-input.js';
import { AUDIO, GOP_SECONDS, SEGMENT_SECONDS, type LadderPlan } from './ladder-plan.js';

export const MASTER_PLAYLIST = 'master.m3u8';
export const AUDIO_RENDITION = 'audio';
const AUDIO_GROUP = 'aud';
export const DEFAULT_ENCODER_THREADS = 2;

export interface HlsLadderInput {
  /** The uploaded original. */
  source: string;
  /** Demuxer chosen from the source's magic bytes (see sniffMediaFile). */
  sourceDemuxer: string;
  /** A WAV file (e.g. the watermarked audio) used instead of the source's audio. */
  audioWav?: string;
  /**
   * Where the WAV starts on the source's timeline (seconds after its earliest stream):
   * decoded audio starts at 0, so without this a late audio track would play early.
   */
  audioOffsetSeconds?: number;
  /**
   * x264 threads per rendition (default 2). ffmpeg's automatic count is 1.5 × cores for
   * each of up to five encoders, so memory would grow with the machine; a fixed count keeps
   * the 1080p ladder near 500 MB anywhere, and x264's output does not depend on it.
   */
  threads?: number;
  x264Preset?: string;
  /**
   * A mark (the watermark) to add to the source's audio: raw mono 32-bit float PCM at this
   * rate, read from stdin. Its first sample meets the audio's first sample; ffmpeg resamples
   * it and adds it to every channel.
   */
  markPcm?: { sampleRate: number };
}

/** The mark (input 1) added to the source's first audio stream, as `[marked]`. */
const MARK_MIX_CHAINS = [
  `[0:a:0]aresample=${AUDIO.sampleRate},aformat=sample_fmts=fltp:channel_layouts=stereo[host]`,
  `[1:a:0]aresample=${AUDIO.sampleRate},pan=stereo|c0=c0|c1=c0[mark]`,
  // Not normalised: the sum, sample for sample, lasting as long as the source's audio.
  '[host][mark]amix=inputs=2:normalize=0:duration=first[marked]',
];

/** The mark as raw mono float PCM on stdin (input 1). */
const markInputArgs = (sampleRate: number) => [
  '-protocol_whitelist',
  'pipe',
  '-f',
  'f32le',
  '-ar',
  String(sampleRate),
  '-ac',
  '1',
  '-i',
  'pipe:0',
];

const AUDIO_ENCODE_ARGS = [
  '-c:a',
  AUDIO.codec,
  // FFmpeg's maintainers found the "fast" coder better than the default "twoloop" at
  // high bit rates, at a fraction of the CPU (twoloop takes 4.5 s per minute on tonal
  // audio, which is most of the copy path's time).
  '-aac_coder',
  'fast',
  // No intensity stereo: in the bands it takes (upper kHz) it sends one spectrum, L + R
  // or L - R, and a level per channel, and the watermark (the same in both channels)
  // did not survive it in stereo mixes: 8 s stretches of demo songs decoded 4-15 times
  // in 20-27 with it, every time without (issue 12). A tool for low bit rates: at
  // 192 kbit/s it saves little.
  '-aac_is',
  '0',
  '-b:a',
  `${AUDIO.bitrateKbps}k`,
  '-ar',
  String(AUDIO.sampleRate),
  '-ac',
  String(AUDIO.channels),
];

/** fMP4 HLS, VOD, every segment starting with a keyframe; the segment and playlist paths follow. */
const HLS_OUTPUT_ARGS = [
  '-map_metadata',
  '-1',
  '-map_chapters',
  '-1',
  '-f',
  'hls',
  '-hls_time',
  String(SEGMENT_SECONDS),
  '-hls_playlist_type',
  'vod',
  '-hls_segment_type',
  'fmp4',
  '-hls_flags',
  'independent_segments',
  '-hls_fmp4_init_filename',
  'init.mp4',
];

/**
 * One ffmpeg process that decodes the source once and writes every rendition of the
 * ladder: `split` feeds one `scale` per encoded rendition, a remuxed rendition maps the
 * source stream directly, and the audio is encoded once as its own rendition (an HLS audio
 * group) instead of once per video rendition. Output paths are relative: run it with the
 * output folder as the working directory.
 */
export class HlsLadderCommand {
  constructor(
    private readonly plan: LadderPlan,
    private readonly input: HlsLadderInput,
  ) {}

  args(): string[] {
    const { plan, input } = this;
    const args = [...FFMPEG_QUIET, '-nostats', '-progress', 'pipe:1'];
    args.push(...safeInputArgs(input.source, input.sourceDemuxer));
    if (plan.audio === 'external') {
      const offset = input.audioOffsetSeconds ?? 0;
      if (offset >= 0.001) args.push('-itsoffset', offset.toFixed(3));
      if (!input.audioWav) throw new Error('The plan expects an external audio input');
      args.push(...safeInputArgs(input.audioWav, 'wav'));
    } else if (plan.audio === 'source' && input.markPcm) {
      args.push(...markInputArgs(input.markPcm.sampleRate));
    }

    const graph = this.filterGraph();
    if (graph) args.push('-filter_complex', graph);
    const threads = String(input.threads ?? DEFAULT_ENCODER_THREADS);

    let encodedIndex = 0;
    plan.renditions.forEach((r) => {
      args.push('-map', r.mode === 'copy' ? '0:v:0' : `[v${encodedIndex++}]`);
    });
    if (plan.audio !== 'none') args.push('-map', this.audioOutput());

    plan.renditions.forEach((r, i) => {
      if (r.mode === 'copy') {
        args.push(`-c:v:${i}`, 'copy');
        return;
      }
      args.push(
        `-c:v:${i}`,
        'libx264',
        `-preset:v:${i}`,
        input.x264Preset ?? 'veryfast',
        `-profile:v:${i}`,
        'high',
        `-crf:v:${i}`,
        '23',
        `-maxrate:v:${i}`,
        `${r.maxrateKbps}k`,
        `-bufsize:v:${i}`,
        `${r.bufsizeKbps}k`,
        `-g:v:${i}`,
        String(plan.gopFrames),
        `-keyint_min:v:${i}`,
        String(plan.gopFrames),
        // No extra keyframes on scene cuts: they would differ between renditions.
        `-sc_threshold:v:${i}`,
        '0',
        // Keyframes at the same instants in every rendition, whatever the frame rate rounding.
        `-force_key_frames:v:${i}`,
        `expr:gte(t,n_forced*${GOP_SECONDS})`,
      );
      args.push(`-threads:v:${i}`, threads);
    });

    if (plan.audio !== 'none') args.push(...AUDIO_ENCODE_ARGS);

    args.push(
      // A remuxed stream runs ahead of the encoded ones; let the muxer queue it.
      '-max_muxing_queue_size',
      '4096',
      ...HLS_OUTPUT_ARGS,
      '-hls_segment_filename',
      '%v/seg_%05d.m4s',
      '-master_pl_name',
      MASTER_PLAYLIST,
      // Option and value are two arguments: the value contains spaces.
      '-var_stream_map',
      this.varStreamMap(),
      '%v/index.m3u8',
    );
    return args;
  }

  /**
   * `[0:v]fps?,split=N[s0][s1]…;[s0]scale=W:H,…[v0];…` for the encoded renditions, and the
   * mixing of the mark into the source's audio when there is one.
   */
  filterGraph(): string | undefined {
    const chains = [...this.videoChains()];
    if (this.marksAudio()) chains.push(...MARK_MIX_CHAINS);
    return chains.length > 0 ? chains.join(';') : undefined;
  }

  private videoChains(): string[] {
    const encoded = this.plan.renditions.filter((r) => r.mode === 'encode');
    if (encoded.length === 0) return [];
    const pre = this.plan.fpsFilter ? `fps=${this.plan.fpsFilter},` : '';
    const scale = (r: { width: number; height: number }) =>
      `scale=${r.width}:${r.height}:flags=bicubic,setsar=1,format=yuv420p`;
    if (encoded.length === 1) return [`[0:v]${pre}${scale(encoded[0]!)}[v0]`];
    const chains = [`[0:v]${pre}split=${encoded.length}${encoded.map((_, i) => `[s${i}]`).join('')}`];
    encoded.forEach((r, i) => chains.push(`[s${i}]${scale(r)}[v${i}]`));
    return chains;
  }

  private marksAudio(): boolean {
    return this.plan.audio === 'source' && this.input.markPcm !== undefined;
  }

  private audioOutput(): string {
    if (this.plan.audio === 'external') return '1:a:0';
    return this.marksAudio() ? '[marked]' : '0:a:0';
  }

  varStreamMap(): string {
    const group = this.plan.audio !== 'none' ? `,agroup:${AUDIO_GROUP}` : '';
    const entries = this.plan.renditions.map((r, i) => `v:${i}${group},name:${r.name}`);
    if (this.plan.audio !== 'none') entries.push(`a:0${group},name:${AUDIO_RENDITION},default:yes`);
    return entries.join(' ');
  }
}

/**
 * The audio rendition alone (`audio/` of a ladder), the mark added: what Save redoes when the
 * video renditions were written before the tracks (and so the watermark's codes) were known.
 * Same encoder settings and segmenting as the ladder's audio, so it replaces that folder.
 */
export class HlsAudioCommand {
  constructor(private readonly input: { source: string; sourceDemuxer: string; markPcm: { sampleRate: number } }) {}

  args(): string[] {
    return [
      ...FFMPEG_QUIET,
      '-nostats',
      '-progress',
      'pipe:1',
      ...safeInputArgs(this.input.source, this.input.sourceDemuxer),
      ...markInputArgs(this.input.markPcm.sampleRate),
      '-filter_complex',
      MARK_MIX_CHAINS.join(';'),
      '-map',
      '[marked]',
      ...AUDIO_ENCODE_ARGS,
      ...HLS_OUTPUT_ARGS,
      '-hls_segment_filename',
      `${AUDIO_RENDITION}/seg_%05d.m4s`,
      `${AUDIO_RENDITION}/index.m3u8`,
    ];
  }
}
