import { readFile, writeFile } from 'node:fs/promises';
import { FFMPEG_QUIET, runProcess, type MediaToolOptions } from '../process.js';

export interface TestVideoOptions {
  width: number;
  height: number;
  seconds: number;
  fps?: number;
  /** Add music-like stereo audio (AAC) — default true. */
  audio?: boolean;
  /** x264 keyframe interval in frames (default 2 s); scene-cut keyframes are off. */
  gopFrames?: number;
  /** Target average video bit rate, e.g. '600k' (CRF 23 when omitted). */
  videoBitrate?: string;
  /** Film-grain-like noise so the encoder has real work (0 = none). */
  noise?: number;
  pixFmt?: string;
  codec?: 'libx264' | 'mpeg4';
  container?: 'mp4' | 'matroska';
  /** MP4 with its index (moov) first, as web uploads usually are. */
  faststart?: boolean;
  x264Preset?: string;
}

/**
 * Writes a small synthetic clip (ffmpeg's testsrc2 pattern and a sine tone). Tests and
 * benches use it so no binary media lives in the repository.
 */
export class TestVideoCommand {
  constructor(
    private readonly output: string,
    private readonly o: TestVideoOptions,
  ) {}

  args(): string[] {
    const { width, height, seconds } = this.o;
    const fps = this.o.fps ?? 30;
    const noise = this.o.noise ? `,noise=alls=${this.o.noise}:allf=t+u` : '';
    const args = [...FFMPEG_QUIET];
    args.push('-f', 'lavfi', '-i', `testsrc2=s=${width}x${height}:r=${fps}:d=${seconds}${noise}`);
    if (this.o.audio !== false) {
      // An A major chord with a slow tremolo over soft pink noise: broadband and changing like
      // music. A pure sine is a pathological case for the AAC encoder's search (several
      // times slower), so it would make audio timings unrepresentative.
      const left = '0.2*sin(2*PI*220*t)*(1+0.5*sin(2*PI*2*t))+0.15*sin(2*PI*277.2*t)+0.15*sin(2*PI*329.6*t)';
      const right = '0.2*sin(2*PI*220*t)+0.15*sin(2*PI*277.2*t)*(1+0.5*sin(2*PI*3*t))+0.15*sin(2*PI*329.6*t)';
      args.push('-f', 'lavfi', '-i', `aevalsrc=${left}|${right}:s=48000:d=${seconds}`);
      args.push('-f', 'lavfi', '-i', `anoisesrc=c=pink:r=48000:a=0.03:d=${seconds}`);
      args.push('-filter_complex', '[2:a]pan=stereo|c0=c0|c1=c0[noise];[1:a][noise]amix=inputs=2:normalize=0[a]');
    }
    args.push('-map', '0:v');
    if (this.o.audio !== false) args.push('-map', '[a]', '-c:a', 'aac', '-b:a', '128k', '-ac', '2');
    const codec = this.o.codec ?? 'libx264';
    args.push('-c:v', codec, '-pix_fmt', this.o.pixFmt ?? 'yuv420p');
    if (codec === 'libx264') {
      args.push(
        '-preset',
        this.o.x264Preset ?? 'veryfast',
        '-g',
        String(this.o.gopFrames ?? fps * 2),
        '-sc_threshold',
        '0',
      );
      if (this.o.videoBitrate) {
        args.push('-b:v', this.o.videoBitrate, '-maxrate', this.o.videoBitrate, '-bufsize', this.o.videoBitrate);
      } else {
        args.push('-crf', '23');
      }
    } else if (this.o.videoBitrate) {
      args.push('-b:v', this.o.videoBitrate);
    }
    if (this.o.faststart) args.push('-movflags', '+faststart');
    args.push('-f', this.o.container ?? 'mp4', this.output);
    return args;
  }
}

export async function generateTestVideo(
  output: string,
  options: TestVideoOptions,
  tools: MediaToolOptions = {},
): Promise<string> {
  await runProcess(tools.ffmpegPath ?? 'ffmpeg', new TestVideoCommand(output, options).args(), { timeoutMs: 600_000 });
  return output;
}

/** A tone sweep of `seconds` in the container that the extension of `output` names (mp3, flac, wav, m4a). */
export async function generateTestAudio(
  output: string,
  seconds: number,
  tools: MediaToolOptions = {},
): Promise<string> {
  await runProcess(
    tools.ffmpegPath ?? 'ffmpeg',
    [
      ...FFMPEG_QUIET,
      '-f',
      'lavfi',
      '-i',
      `sine=f=330:r=44100:d=${seconds}`,
      '-f',
      'lavfi',
      '-i',
      `sine=f=550:r=44100:d=${seconds}`,
      '-filter_complex',
      '[0:a][1:a]amerge=inputs=2[a]',
      '-map',
      '[a]',
      output,
    ],
    { timeoutMs: 120_000 },
  );
  return output;
}

/** Keeps the first `fraction` of a file: an upload cut short in transfer. */
export async function truncateCopy(source: string, output: string, fraction: number): Promise<string> {
  const bytes = await readFile(source);
  await writeFile(output, bytes.subarray(0, Math.floor(bytes.length * fraction)));
  return output;
}
