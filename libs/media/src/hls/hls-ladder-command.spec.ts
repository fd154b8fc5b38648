import { describe, expect, it } from '@jest/globals';
import { HlsAudioCommand, HlsLadderCommand } from './hls-ladder-command.js';
import type { LadderPlan, PlannedRendition } from './ladder-plan.js';

const rung = (
  name: string,
  width: number,
  height: number,
  maxrateKbps: number,
  mode: 'encode' | 'copy' = 'encode',
): PlannedRendition => ({
  name,
  width,
  height,
  mode,
  maxrateKbps,
  bufsizeKbps: maxrateKbps * 2,
});

const plan = (renditions: PlannedRendition[], extra: Partial<LadderPlan> = {}): LadderPlan => ({
  renditions,
  fps: 30,
  gopFrames: 60,
  audio: 'source',
  ...extra,
});

/** The value that follows `option` in the argument array. */
function valueOf(args: string[], option: string): string | undefined {
  const i = args.indexOf(option);
  return i >= 0 ? args[i + 1] : undefined;
}

const input = { source: '/data/in/source.mp4', sourceDemuxer: 'mov' };

describe('HlsLadderCommand', () => {
  const threeRungs = plan([rung('720p', 1280, 720, 3000), rung('480p', 854, 480, 1500), rung('360p', 640, 360, 900)]);

  it('reads the source through the file protocol only, with the sniffed demuxer', () => {
    const args = new HlsLadderCommand(threeRungs, input).args();
    expect(args.slice(args.indexOf('-protocol_whitelist'), args.indexOf('-i') + 2)).toEqual([
      '-protocol_whitelist',
      'file',
      '-f',
      'mov',
      '-i',
      'file:/data/in/source.mp4',
    ]);
  });

  it('decodes once and splits into one scaler per rendition', () => {
    const args = new HlsLadderCommand(threeRungs, input).args();
    expect(args.filter((a) => a === '-i')).toHaveLength(1);
    expect(valueOf(args, '-filter_complex')).toBe(
      '[0:v]split=3[s0][s1][s2];' +
        '[s0]scale=1280:720:flags=bicubic,setsar=1,format=yuv420p[v0];' +
        '[s1]scale=854:480:flags=bicubic,setsar=1,format=yuv420p[v1];' +
        '[s2]scale=640:360:flags=bicubic,setsar=1,format=yuv420p[v2]',
    );
    expect(args.filter((a, i) => args[i - 1] === '-map')).toEqual(['[v0]', '[v1]', '[v2]', '0:a:0']);
  });

  it('caps each rendition and aligns keyframes every 2 s without scene cuts', () => {
    const args = new HlsLadderCommand(threeRungs, input).args();
    expect(valueOf(args, '-c:v:1')).toBe('libx264');
    expect(valueOf(args, '-preset:v:1')).toBe('veryfast');
    expect(valueOf(args, '-maxrate:v:1')).toBe('1500k');
    expect(valueOf(args, '-bufsize:v:1')).toBe('3000k');
    expect(valueOf(args, '-g:v:2')).toBe('60');
    expect(valueOf(args, '-sc_threshold:v:0')).toBe('0');
    expect(valueOf(args, '-force_key_frames:v:0')).toBe('expr:gte(t,n_forced*2)');
    // A fixed thread count per encoder keeps memory independent of the machine's cores.
    expect(valueOf(args, '-threads:v:0')).toBe('2');
    expect(valueOf(new HlsLadderCommand(threeRungs, { ...input, threads: 4 }).args(), '-threads:v:2')).toBe('4');
  });

  it('encodes one AAC-LC 48 kHz stereo audio rendition shared by every variant', () => {
    const args = new HlsLadderCommand(threeRungs, input).args();
    expect([valueOf(args, '-c:a'), valueOf(args, '-ar'), valueOf(args, '-ac')]).toEqual(['aac', '48000', '2']);
    expect(valueOf(args, '-aac_coder')).toBe('fast');
    // Intensity stereo drops the watermark (the same in both channels) from the bands it codes.
    expect(valueOf(args, '-aac_is')).toBe('0');
    expect(valueOf(args, '-var_stream_map')).toBe(
      'v:0,agroup:aud,name:720p v:1,agroup:aud,name:480p v:2,agroup:aud,name:360p a:0,agroup:aud,name:audio,default:yes',
    );
  });

  it('writes fMP4 HLS with a master playlist, option and value as separate arguments', () => {
    const args = new HlsLadderCommand(threeRungs, input).args();
    expect(valueOf(args, '-f')).toBe('mov'); // input demuxer comes first…
    expect(args.slice(-19, -1)).toEqual([
      '-f',
      'hls',
      '-hls_time',
      '4',
      '-hls_playlist_type',
      'vod',
      '-hls_segment_type',
      'fmp4',
      '-hls_flags',
      'independent_segments',
      '-hls_fmp4_init_filename',
      'init.mp4',
      '-hls_segment_filename',
      '%v/seg_%05d.m4s',
      '-master_pl_name',
      'master.m3u8',
      '-var_stream_map',
      expect.any(String),
    ]);
    expect(args.at(-1)).toBe('%v/index.m3u8');
    expect(valueOf(args, '-progress')).toBe('pipe:1');
  });

  it('maps the source stream directly for a remuxed rendition and encodes the others', () => {
    const copyPlan = plan([
      rung('720p', 1280, 720, 2000, 'copy'),
      rung('480p', 854, 480, 1500),
      rung('360p', 640, 360, 900),
    ]);
    const args = new HlsLadderCommand(copyPlan, input).args();
    expect(args.filter((a, i) => args[i - 1] === '-map')).toEqual(['0:v:0', '[v0]', '[v1]', '0:a:0']);
    expect(valueOf(args, '-c:v:0')).toBe('copy');
    expect(valueOf(args, '-maxrate:v:0')).toBeUndefined();
    expect(valueOf(args, '-c:v:1')).toBe('libx264');
    expect(valueOf(args, '-filter_complex')).toMatch(/^\[0:v\]split=2\[s0\]\[s1\];/);
  });

  it('has no filter graph at all when the only rendition is a remux', () => {
    const args = new HlsLadderCommand(plan([rung('720p', 1280, 720, 2000, 'copy')]), input).args();
    expect(args).not.toContain('-filter_complex');
    expect(args).not.toContain('libx264');
    expect(valueOf(args, '-c:v:0')).toBe('copy');
  });

  it('takes the audio from a watermarked WAV when given one', () => {
    const args = new HlsLadderCommand(plan([rung('360p', 640, 360, 900)], { audio: 'external' }), {
      ...input,
      audioWav: '/tmp/job/audio.wav',
    }).args();
    const inputs = args.flatMap((a, i) => (a === '-i' ? [args[i + 1]] : []));
    expect(inputs).toEqual(['file:/data/in/source.mp4', 'file:/tmp/job/audio.wav']);
    expect(args.filter((a, i) => args[i - 1] === '-map')).toEqual(['[v0]', '1:a:0']);
    expect(valueOf(args, '-filter_complex')).toBe('[0:v]scale=640:360:flags=bicubic,setsar=1,format=yuv420p[v0]');
  });

  it('adds a mark read from stdin only to the source’s audio, in both channels, at its own level', () => {
    const args = new HlsLadderCommand(plan([rung('720p', 1280, 720, 2000, 'copy')]), {
      ...input,
      markPcm: { sampleRate: 16000 },
    }).args();
    const second = args.indexOf('-i', args.indexOf('-i') + 1);
    expect(args.slice(second - 8, second + 2)).toEqual([
      ...['-protocol_whitelist', 'pipe', '-f', 'f32le', '-ar', '16000', '-ac', '1'],
      ...['-i', 'pipe:0'],
    ]);
    expect(args).not.toContain('-itsoffset');
    expect(valueOf(args, '-filter_complex')!.split(';')).toEqual([
      '[0:a:0]aresample=48000,aformat=sample_fmts=fltp:channel_layouts=stereo[host]',
      '[1:a:0]aresample=48000,pan=stereo|c0=c0|c1=c0[mark]',
      '[host][mark]amix=inputs=2:normalize=0:duration=first[marked]',
    ]);
    expect(args.filter((a, i) => args[i - 1] === '-map')).toEqual(['0:v:0', '[marked]']);
  });

  it('leaves audio out for a silent video', () => {
    const args = new HlsLadderCommand(plan([rung('360p', 640, 360, 900)], { audio: 'none' }), input).args();
    expect(args).not.toContain('-c:a');
    expect(valueOf(args, '-var_stream_map')).toBe('v:0,name:360p');
  });

  it('drops frames once, before the split, for sources above 60 fps', () => {
    const fast = plan([rung('720p', 1280, 720, 4500), rung('480p', 854, 480, 2250)], {
      fps: 60,
      fpsFilter: 60,
      gopFrames: 120,
    });
    expect(new HlsLadderCommand(fast, input).filterGraph()).toMatch(/^\[0:v\]fps=60,split=2/);
  });
});

describe('HlsAudioCommand', () => {
  it("writes the ladder's audio rendition alone, the mark added, with the ladder's encoder and segmenting", () => {
    const audio = new HlsAudioCommand({ ...input, markPcm: { sampleRate: 16000 } }).args();
    const ladder = new HlsLadderCommand(plan([rung('720p', 1280, 720, 2000, 'copy')]), {
      ...input,
      markPcm: { sampleRate: 16000 },
    }).args();
    // The same mix of the mark, and the same AAC settings, as the ladder's audio.
    expect(valueOf(audio, '-filter_complex')).toBe(valueOf(ladder, '-filter_complex'));
    for (const option of ['-c:a', '-aac_coder', '-aac_is', '-b:a', '-ar', '-ac', '-hls_time', '-hls_segment_type']) {
      expect([option, valueOf(audio, option)]).toEqual([option, valueOf(ladder, option)]);
    }
    expect(audio.filter((a, i) => audio[i - 1] === '-map')).toEqual(['[marked]']);
    expect(audio).not.toContain('-var_stream_map');
    expect(audio.slice(-3)).toEqual(['-hls_segment_filename', 'audio/seg_%05d.m4s', 'audio/index.m3u8']);
  });
});
