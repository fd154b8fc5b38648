import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { downmix, resample } from '../dsp/resample.js';
import { addPinkNoise, snrDb } from '../testing/signals.js';
import { SynthTrack } from '../testing/synth.js';
import { bitsToNumber, convEncode, crc16, numberToBits, viterbiDecode } from './channel-code.js';
import {
  decodeWatermark,
  DEFAULT_WATERMARK_TUNING,
  embedWatermark,
  WATERMARK_PERIOD_SECONDS,
  WATERMARK_SAMPLE_RATE,
  watermarkMaskRatios,
  watermarkSignal,
} from './watermark.js';

const RATE = 48_000;
const PAYLOAD = 0xc0ffee42;
const dir = mkdtempSync(join(tmpdir(), 'recognition-wm-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function stereo(mono: Float32Array): Float32Array {
  const out = new Float32Array(mono.length * 2);
  for (let i = 0; i < mono.length; i++) out[2 * i] = out[2 * i + 1] = mono[i]!;
  return out;
}

/** A 5 s window of interleaved stereo starting at `seconds`. */
function window(pcm: Float32Array, rate: number, seconds: number): Float32Array {
  const start = Math.round(seconds * rate) * 2;
  return pcm.subarray(start, start + 5 * rate * 2);
}

const quiet = ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y'];
const rawIn = ['-f', 'f32le', '-ar', String(RATE), '-ac', '2'];

function readFloats(file: string): Float32Array {
  const b = readFileSync(file);
  return new Float32Array(b.buffer, b.byteOffset, b.byteLength / 4);
}

/** Round trip through the real ffmpeg: AAC-LC at `kbps` in an .m4a, decoded to float. */
function aacRoundTrip(pcm: Float32Array, kbps: number): Float32Array {
  const raw = join(dir, 'in.f32');
  const m4a = join(dir, 'out.m4a');
  writeFileSync(raw, pcm);
  execFileSync('ffmpeg', [...quiet, ...rawIn, '-i', raw, '-c:a', 'aac', '-b:a', `${kbps}k`, m4a]);
  execFileSync('ffmpeg', [...quiet, '-i', m4a, '-f', 'f32le', '-ac', '2', '-ar', String(RATE), raw]);
  return readFloats(raw);
}

/** Stereo `pcm` through the real ffmpeg's filter chain `af`, back at RATE. */
function ffmpegFilter(pcm: Float32Array, af: string): Float32Array {
  const raw = join(dir, 'in.f32');
  const out = join(dir, 'out.f32');
  writeFileSync(raw, pcm);
  execFileSync('ffmpeg', [...quiet, ...rawIn, '-i', raw, '-af', af, ...rawIn, out]);
  return readFloats(out);
}

/** Tape-style speed change (tempo and pitch together), as a turntable or a tape deck makes it. */
const speedFilter = (speed: number): string => `asetrate=${Math.round(RATE * speed)},aresample=${RATE}`;

// 9 s of a generated song at 48 kHz stereo, marked once for all the tests.
const host = stereo(new SynthTrack(21, 30).render(RATE, 6, 9));
const marked = embedWatermark(host, RATE, PAYLOAD, { channels: 2 });

describe('audio watermark', () => {
  it('is a small change of the audio (SNR of at least 30 dB)', () => {
    expect(marked.length).toBe(host.length);
    expect(snrDb(host, marked)).toBeGreaterThan(30);
  });

  it("stays under the masking model's threshold in every tile, which the model is what keeps", () => {
    // The loudest tile of the mark over its masked threshold, in dB (0: just masked).
    const worstDb = (host16k: Float32Array, masking: boolean): number => {
      const mark = watermarkSignal(host16k, PAYLOAD, { ...DEFAULT_WATERMARK_TUNING, masking });
      return 10 * Math.log10(Math.max(...watermarkMaskRatios(host16k, mark)));
    };
    for (const seed of [21, 14]) {
      const host16k = resample(new SynthTrack(seed, 30).render(RATE, 6, 9), RATE, WATERMARK_SAMPLE_RATE);
      expect(worstDb(host16k, true)).toBeLessThan(1);
      // The same embedder with one level for every tile goes well over it somewhere.
      expect(worstDb(host16k, false)).toBeGreaterThan(6);
    }
  });

  it('decodes blind from a 5 s window at any position', () => {
    for (const at of [0, 1.234, 3.9]) {
      expect(decodeWatermark(window(marked, RATE, at), RATE, { channels: 2 })?.payload).toBe(PAYLOAD);
    }
  });

  it('survives a real ffmpeg AAC 128 kbps round trip', () => {
    const decoded = aacRoundTrip(marked, 128);
    const found = decodeWatermark(window(decoded, RATE, 2.5), RATE, { channels: 2 });
    expect(found?.payload).toBe(PAYLOAD);
    expect(found!.confidence).toBeGreaterThan(0.9);
  });

  it('survives gain changes, a downmix and a change of sample rate', () => {
    const quieter = marked.map((v) => v * 0.5);
    expect(decodeWatermark(window(quieter, RATE, 1), RATE, { channels: 2 })?.payload).toBe(PAYLOAD);
    const mono44 = resample(downmix(marked, 2), RATE, 44_100);
    const found = decodeWatermark(mono44.subarray(44_100 * 3, 44_100 * 8), 44_100);
    expect(found?.payload).toBe(PAYLOAD);
  });

  it('finds the mark played 2 % faster or slower (tempo and pitch), and roughly the speed', () => {
    for (const speed of [1.02, 0.98]) {
      const found = decodeWatermark(window(ffmpegFilter(marked, speedFilter(speed)), RATE, 1.5), RATE, {
        channels: 2,
      });
      expect(found?.payload).toBe(PAYLOAD);
      // The first speed tried that decodes: within a grid step or so of the true one.
      expect(Math.abs(found!.speed - speed)).toBeLessThan(0.01);
    }
  });

  it('survives a telephone band (300-3400 Hz)', () => {
    const phone = ffmpegFilter(marked, 'highpass=f=300,lowpass=f=3400');
    expect(decodeWatermark(window(phone, RATE, 2), RATE, { channels: 2 })?.payload).toBe(PAYLOAD);
  });

  it('survives a strong 150 ms echo, which it finds and removes', () => {
    const echoed = ffmpegFilter(marked, 'aecho=0.8:0.8:150:0.5');
    const found = decodeWatermark(window(echoed, RATE, 2), RATE, { channels: 2 });
    expect(found?.payload).toBe(PAYLOAD);
    expect(found!.speed).toBe(1);
  });

  it('finds nothing in unmarked audio, even after the speed and echo searches', () => {
    for (const af of ['anull', 'aecho=0.8:0.8:150:0.5', speedFilter(1.02)]) {
      const unmarked = ffmpegFilter(host, af);
      for (const at of [0.3, 3.7])
        expect(decodeWatermark(window(unmarked, RATE, at), RATE, { channels: 2 })).toBeNull();
    }
  });

  it('answers nothing, never another code, when pink noise drowns the mark', () => {
    const mono = downmix(marked, 2);
    for (const [db, seed] of [
      [0, 1],
      [5, 2],
      [10, 3],
    ] as const) {
      const noisy = addPinkNoise(mono, db, seed).subarray(RATE, RATE * 6);
      expect([null, PAYLOAD]).toContain(decodeWatermark(noisy, RATE)?.payload ?? null);
    }
  });

  it('finds nothing in unmarked audio, and needs a whole period', () => {
    expect(decodeWatermark(window(host, RATE, 2), RATE, { channels: 2 })).toBeNull();
    const short = window(marked, RATE, 0).subarray(0, Math.round(WATERMARK_PERIOD_SECONDS * 0.9 * RATE) * 2);
    expect(decodeWatermark(short, RATE, { channels: 2 })).toBeNull();
  });

  it('with codeBits, answers only codes 1 .. 2^codeBits - 1: no payload above them, nor 0', () => {
    const at = (pcm: Float32Array, codeBits?: number) =>
      decodeWatermark(window(pcm, RATE, 1), RATE, { channels: 2, codeBits })?.payload ?? null;
    // PAYLOAD has bits above 24 set: a mark, but no 24-bit code, even after both searches.
    expect(at(marked)).toBe(PAYLOAD);
    expect(at(marked, 24)).toBeNull();
    for (const [payload, isCode] of [
      [2 ** 24 - 1, true],
      [0x000001, true],
      [2 ** 24, false],
      [0, false],
    ] as const) {
      const mark = embedWatermark(host, RATE, payload, { channels: 2 });
      expect(at(mark)).toBe(payload);
      expect(at(mark, 24)).toBe(isCode ? payload : null);
    }
    expect(() => at(marked, 33)).toThrow(/codeBits/);
    expect(() => at(marked, 0)).toThrow(/codeBits/);
  });

  it('rejects payloads that are not unsigned 32-bit integers', () => {
    expect(() => embedWatermark(host, RATE, -1)).toThrow(/payload/);
    expect(() => embedWatermark(host, RATE, 2 ** 32)).toThrow(/payload/);
    expect(() => embedWatermark(host, 8000, 1)).toThrow(/sample rate/);
  });
});

describe('channel code', () => {
  it('corrects scattered errors in a convolutionally coded message and keeps the CRC', () => {
    const bits = numberToBits(0x1234abcd, 32);
    const message = [...bits, ...numberToBits(crc16(bits), 16)];
    const soft = convEncode(message).map((b): number => (b ? 1 : -1));
    for (const i of [3, 17, 40, 61, 88]) soft[i] = -soft[i]!; // five flipped coded bits
    const decoded = viterbiDecode(soft, message.length);
    expect(decoded).toEqual(message);
    expect(bitsToNumber(decoded.slice(0, 32))).toBe(0x1234abcd);
    expect(crc16(decoded.slice(0, 32))).toBe(bitsToNumber(decoded.slice(32)));
  });
});
