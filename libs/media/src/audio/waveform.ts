import type { MediaToolOptions } from '../process.js';
import { extractAudioPcm } from './pcm.js';

/**
 * Decoded at a low rate: a waveform drawn a few hundred pixels wide needs loudness, not pitch,
 * and one hour of mono float at 2 kHz is 29 MB (48 kHz stereo would be 1.4 GB).
 */
export const WAVEFORM_SAMPLE_RATE = 2000;
/** Points in a waveform: enough for a 1280 px dialog, small enough to send as JSON (~8 KB). */
export const WAVEFORM_POINTS = 1500;

/** The JSON stored beside an excerpt or a video's ladder, and answered by the api as is. */
export interface Waveform {
  /** Seconds covered by the peaks. */
  duration: number;
  /** Loudest absolute sample of each equal slice of the audio, 0..1, three decimals. */
  peaks: number[];
}

/** The audio's loudness as `points` peaks (fewer for audio shorter than that many samples). */
export function peaksFromPcm(samples: Float32Array, sampleRate: number, points = WAVEFORM_POINTS): Waveform {
  const count = Math.max(0, Math.min(points, samples.length));
  const peaks = new Array<number>(count);
  for (let i = 0; i < count; i++) {
    const from = Math.floor((i * samples.length) / count);
    const to = Math.floor(((i + 1) * samples.length) / count);
    let peak = 0;
    for (let s = from; s < to; s++) {
      const value = Math.abs(samples[s]);
      if (value > peak) peak = value;
    }
    peaks[i] = Math.round(Math.min(1, peak) * 1000) / 1000;
  }
  return { duration: Math.round((samples.length / sampleRate) * 1000) / 1000, peaks };
}

/** Decodes the first audio stream once (mono, low rate) and answers its waveform. */
export async function computeWaveform(
  input: string,
  options: MediaToolOptions & { points?: number; maxSeconds?: number } = {},
): Promise<Waveform> {
  const samples = await extractAudioPcm(
    input,
    { sampleRate: WAVEFORM_SAMPLE_RATE, channels: 1 },
    { ...options, duration: options.maxSeconds, timeoutMs: options.timeoutMs ?? 300_000 },
  );
  return peaksFromPcm(samples, WAVEFORM_SAMPLE_RATE, options.points);
}

/**
 * Where a waveform lives: beside the media it was drawn from (`excerpts/a.m4a` →
 * `excerpts/a.waveform.json`, `hls/7/r/master.m3u8` → `hls/7/r/master.waveform.json`), so it
 * is replaced and deleted with it.
 */
export function waveformKeyBeside(key: string): string {
  return key.replace(/(\.[^./]+)?$/, '.waveform.json');
}
