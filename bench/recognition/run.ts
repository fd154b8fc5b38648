/**
 * npm run bench:recognition — the fingerprint and the watermark, one table each.
 *
 *   BENCH_RECOGNITION_QUICK=1 npm run bench:recognition   a small run (a few minutes)
 *   BENCH_RECOGNITION_PART=fingerprint|watermark           only one of the two engines
 *   BENCH_RECOGNITION_DISTORTIONS=clean,speed1.02,pitch+1   only these fingerprint distortions
 *   BENCH_RECOGNITION_UNKNOWN_CUTS=300                      only the first 300 clean unknown cuts
 *   DATABASE_URL                                           the Postgres the fingerprint half
 *                                                          times the tracker's path on
 *
 * The fingerprint half runs on FluidSynth-rendered songs and the tracker's Postgres path
 * (fingerprint.ts). The watermark's corpus is FluidSynth songs of its own, stereo at 48 kHz
 * (corpus.ts): 10 s excerpts are marked with random codes drawn as the worker draws them
 * (1 .. 2^24 - 1, WATERMARK_CODE_BITS), degraded through the real ffmpeg (AAC, resampling,
 * asetrate speed, band limits, aecho) or in JavaScript (gain, pink noise) and decoded blind
 * from 5 s windows with the worker's codeBits; unmarked windows (clean and after AAC) count
 * every false accept, and are decoded once more with the CRC-16 alone (no code range) to
 * show what the known bits save. Generated audio is cached under bench/.cache/recognition;
 * timings never include generation.
 *
 *   BENCH_RECOGNITION_WM_CONDITIONS=clean,echo   only these watermark conditions
 *   BENCH_RECOGNITION_WM_EXCERPTS=40, _WM_UNMARKED=200   smaller watermark runs
 *   BENCH_RECOGNITION_WM_SEED=2                  other excerpts, codes and unmarked windows
 *                                                (the default seed draws the same ones every
 *                                                run, so two runs with one seed repeat each other)
 *   BENCH_RECOGNITION_WM_MASKING=0               embed without the masking model (maxLogGain in
 *                                                every tile), to compare with the shipped embedder
 *   BENCH_RECOGNITION_WM_OUTCOMES=file.tsv       write each marked window's outcome (excerpt,
 *                                                condition, correct/none/wrong), to pair two runs
 *
 * Timings are wall-clock on one core (this process is single-threaded) of a machine that
 * may be shared with other work.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import {
  DEFAULT_WATERMARK_TUNING,
  downmix,
  embedWatermark,
  watermarkMaskRatios,
  watermarkSignal,
} from '@app/recognition';
import { WATERMARK_CODE_BITS } from '../../apps/worker/src/recognition/recognition-engine.js';
import { Prng } from '../../libs/recognition/src/dsp/prng.js';
import { resample } from '../../libs/recognition/src/dsp/resample.js';
import { snrDb } from '../../libs/recognition/src/testing/signals.js';
import { percentile } from '../lib/percentile.js';
import { runFingerprintBench } from './fingerprint.js';
import {
  degrade,
  fmt,
  log,
  pct,
  QUICK,
  excerpt,
  TRACK_SECONDS,
  TRACKS,
  WM_CHUNK,
  WM_CONDITIONS,
  WM_EXCERPT_SECONDS,
  WM_EXCERPTS,
  WM_RUN_CONDITIONS,
  WM_UNMARKED,
  WM_WINDOW_SECONDS,
  WORK,
} from './corpus.js';
import { SOURCE_RATE, transformBatch } from './ffmpeg.js';
import { Pool } from './pool.js';

const PART = process.env.BENCH_RECOGNITION_PART ?? 'all';
const WM_SEED = Number(process.env.BENCH_RECOGNITION_WM_SEED ?? 0x3a7e);
if (!Number.isInteger(WM_SEED) || WM_SEED < 1 || WM_SEED >= 2 ** 32) {
  throw new Error(
    `BENCH_RECOGNITION_WM_SEED must be an integer from 1 to 2^32 - 1, got ${process.env.BENCH_RECOGNITION_WM_SEED}`,
  );
}
const WM_MASKING = process.env.BENCH_RECOGNITION_WM_MASKING ?? '1';
if (!['0', '1'].includes(WM_MASKING)) {
  throw new Error(`BENCH_RECOGNITION_WM_MASKING must be 0 or 1, got ${WM_MASKING}`);
}
const WM_TUNING = { ...DEFAULT_WATERMARK_TUNING, masking: WM_MASKING === '1' };
const WM_OUTCOMES = process.env.BENCH_RECOGNITION_WM_OUTCOMES;
if (!['all', 'fingerprint', 'watermark'].includes(PART)) {
  throw new Error(`BENCH_RECOGNITION_PART must be fingerprint, watermark or all, got ${PART}`);
}

// ---------------------------------------------------------------------------------------
// Watermark

interface WatermarkReport {
  rows: string[][];
  summary: string[][];
}

async function runWatermark(pool: Pool): Promise<WatermarkReport> {
  const prng = new Prng(WM_SEED);
  const results = new Map<string, { correct: number; wrong: number; none: number; times: number[] }>();
  for (const c of WM_RUN_CONDITIONS) results.set(c.id, { correct: 0, wrong: 0, none: 0, times: [] });
  const confidences: number[] = [];
  const snrs: number[] = [];
  /** Mark over masked threshold, every tile of every excerpt, and each excerpt's share above it. */
  const maskRatios: number[] = [];
  const overShares: number[] = [];
  const outcomes: string[] = [];
  let embedMs = 0;
  let embedSeconds = 0;
  let markMs = 0;
  const decode = (
    pcm: Float32Array,
    rate: number,
    codeRange = true,
  ): Promise<{ payload: number | null; confidence: number; ms: number }> =>
    pool.run({ kind: 'decode', pcm, rate, channels: 2, codeBits: codeRange ? WATERMARK_CODE_BITS : undefined });

  // Warm-up (JIT), not counted.
  embedWatermark(excerpt(1, 0, 6), SOURCE_RATE, 1, { channels: 2 });

  for (let c0 = 0; c0 < WM_EXCERPTS; c0 += WM_CHUNK) {
    const n = Math.min(WM_CHUNK, WM_EXCERPTS - c0);
    const plan = Array.from({ length: n }, () => ({
      seed: prng.int(1, TRACKS),
      offset: prng.range(0, TRACK_SECONDS - WM_EXCERPT_SECONDS),
      payload: prng.int(1, 2 ** WATERMARK_CODE_BITS - 1),
      windowStart: prng.range(0, WM_EXCERPT_SECONDS - WM_WINDOW_SECONDS - 0.05),
    }));
    const hosts = plan.map((p) => excerpt(p.seed, p.offset, WM_EXCERPT_SECONDS));
    // Embedding is timed here, on the main thread, with the pool idle.
    const marked = hosts.map((host, k) => {
      // The copy path's own share: the mark alone for the 16 kHz mono analysis (the
      // worker's ffmpeg resamples and mixes it).
      const analysis = resample(downmix(host, 2), SOURCE_RATE, 16_000);
      const t1 = performance.now();
      const mark = watermarkSignal(analysis, plan[k]!.payload, WM_TUNING);
      markMs += performance.now() - t1;
      const ratios = watermarkMaskRatios(analysis, mark);
      for (const r of ratios) maskRatios.push(r);
      overShares.push(ratios.filter((r) => r > 1).length / ratios.length);
      const t0 = performance.now();
      const y = embedWatermark(host, SOURCE_RATE, plan[k]!.payload, { channels: 2, tuning: WM_TUNING });
      embedMs += performance.now() - t0;
      embedSeconds += WM_EXCERPT_SECONDS;
      snrs.push(snrDb(host, y));
      return y;
    });
    for (const condition of WM_RUN_CONDITIONS) {
      const { pcm, rate } = degrade(
        marked,
        2,
        condition,
        plan.map((_, k) => c0 + k),
      );
      const r = results.get(condition.id)!;
      const decoded = await Promise.all(
        pcm.map((x, k) => {
          const start = Math.round(plan[k]!.windowStart * rate) * 2;
          return decode(x.slice(start, start + WM_WINDOW_SECONDS * rate * 2), rate);
        }),
      );
      decoded.forEach((d, k) => {
        r.times.push(d.ms);
        const outcome = d.payload === null ? 'none' : d.payload === plan[k]!.payload ? 'correct' : 'wrong';
        outcomes.push(`${c0 + k}\t${condition.id}\t${outcome}`);
        if (outcome === 'none') r.none++;
        else if (outcome === 'correct') {
          r.correct++;
          confidences.push(d.confidence);
        } else r.wrong++;
      });
    }
    log(`watermark: ${c0 + n}/${WM_EXCERPTS} excerpts`);
  }

  if (WM_OUTCOMES) writeFileSync(WM_OUTCOMES, `${outcomes.join('\n')}\n`);

  // Unmarked audio: half as is, half after AAC 128 kbps. Every one of these decodes runs the
  // speed search too (the plain decode finds nothing), so their time is the worst case.
  const unmarked = Array.from({ length: WM_UNMARKED }, () => {
    const seed = prng.int(1, TRACKS);
    return excerpt(seed, prng.range(0, TRACK_SECONDS - WM_WINDOW_SECONDS), WM_WINDOW_SECONDS);
  });
  const half = Math.floor(WM_UNMARKED / 2);
  const aac = transformBatch(unmarked.slice(half), 2, WM_CONDITIONS[1]!.transform!, WORK);
  const negatives = [...unmarked.slice(0, half), ...aac];
  const negativeAnswers: { payload: number | null; ms: number }[] = [];
  // The same windows with the CRC-16 alone (codeBits unset: any 32-bit payload), not timed.
  const crcOnlyAnswers: (number | null)[] = [];
  for (let k = 0; k < negatives.length; k += WM_CHUNK) {
    const chunk = negatives.slice(k, k + WM_CHUNK);
    // Decoding transfers the samples to the pool: the CRC-only decodes get copies.
    const copies = chunk.map((x) => x.slice());
    negativeAnswers.push(...(await Promise.all(chunk.map((x) => decode(x, SOURCE_RATE)))));
    const crcOnly = await Promise.all(copies.map((x) => decode(x, SOURCE_RATE, false)));
    crcOnlyAnswers.push(...crcOnly.map((d) => d.payload));
    log(`watermark: ${negativeAnswers.length}/${negatives.length} unmarked windows`);
  }
  const falseAccepts = negativeAnswers.filter((d) => d.payload !== null).length;
  const negativeTimes = negativeAnswers.map((d) => d.ms);
  const crcOnlyAccepts = crcOnlyAnswers.filter((p) => p !== null);
  const crcOnlyCodes = crcOnlyAccepts.filter((p) => p > 0 && p < 2 ** WATERMARK_CODE_BITS).length;
  for (const [k, p] of crcOnlyAnswers.entries()) {
    if (p !== null) log(`watermark: unmarked window ${k} passes with the CRC-16 alone as payload ${p}`);
  }

  const rows: string[][] = [];
  let wrongTotal = 0;
  let decodes = 0;
  const allTimes: number[] = [];
  for (const condition of WM_RUN_CONDITIONS) {
    const r = results.get(condition.id)!;
    wrongTotal += r.wrong;
    decodes += r.times.length;
    allTimes.push(...r.times);
    rows.push([
      'watermark',
      `${WM_WINDOW_SECONDS} s window, ${condition.label}`,
      String(r.times.length),
      pct(r.correct, r.times.length),
      String(r.wrong),
      String(r.none),
      '',
      `${fmt(percentile(r.times, 50))} / ${fmt(percentile(r.times, 95))}`,
    ]);
  }
  rows.push([
    'watermark',
    `${WM_WINDOW_SECONDS} s window, NOT marked (half clean, half AAC 128)`,
    String(negatives.length),
    `false accepts: ${falseAccepts} (${pct(falseAccepts, negatives.length)})`,
    '',
    String(negatives.length - falseAccepts),
    '',
    `${fmt(percentile(negativeTimes, 50))} / ${fmt(percentile(negativeTimes, 95))}`,
  ]);
  rows.push([
    'watermark',
    `the same, CRC-16 alone (no codeBits; in 1 .. 2^${WATERMARK_CODE_BITS} - 1 after the decode: ${crcOnlyCodes})`,
    String(negatives.length),
    `false accepts: ${crcOnlyAccepts.length} (${pct(crcOnlyAccepts.length, negatives.length)})`,
    '',
    String(negatives.length - crcOnlyAccepts.length),
    '',
    '',
  ]);
  const summary = [
    [
      'watermark',
      'false accepts, all decodes (wrong payload on marked + any on unmarked)',
      String(decodes + negatives.length),
      String(wrongTotal + falseAccepts),
    ],
    [
      'watermark',
      `confidence of correct decodes (min / p1 / median; accepted from ${DEFAULT_WATERMARK_TUNING.minConfidence})`,
      String(confidences.length),
      `${fmt(Math.min(...confidences), 3)} / ${fmt(percentile(confidences, 1), 3)} / ${fmt(percentile(confidences, 50), 3)}`,
    ],
    [
      'watermark',
      'embedding SNR (min / p5 / median)',
      String(snrs.length),
      `${fmt(Math.min(...snrs), 1)} / ${fmt(percentile(snrs, 5), 1)} / ${fmt(percentile(snrs, 50), 1)} dB`,
    ],
    [
      'watermark',
      `mark over its masked threshold (masking model ${WM_TUNING.masking ? 'on' : 'OFF'}): tiles above it / above +6 dB / p99`,
      `${maskRatios.length} tiles`,
      `${maskRatios.filter((r) => r > 1).length} / ${maskRatios.filter((r) => r > 4).length} / ${fmt(
        10 * Math.log10(percentile(maskRatios, 99)),
        1,
      )} dB`,
    ],
    [
      'watermark',
      "excerpts' share of tiles above the masked threshold (median / max)",
      String(overShares.length),
      `${fmt(100 * percentile(overShares, 50), 2)} / ${fmt(100 * Math.max(...overShares), 2)} %`,
    ],
    [
      'watermark',
      'embedding speed (48 kHz stereo)',
      `${embedSeconds} s`,
      `${fmt(embedSeconds / (embedMs / 1000))}x realtime`,
    ],
    [
      'watermark',
      "mark alone from the 16 kHz analysis (the copy path's share, see audio-watermarker.ts)",
      `${embedSeconds} s`,
      `${fmt(embedSeconds / (markMs / 1000))}x realtime`,
    ],
    [
      'watermark',
      'decode time per 5 s marked window (p50 / p95)',
      String(allTimes.length),
      `${fmt(percentile(allTimes, 50))} / ${fmt(percentile(allTimes, 95))} ms`,
    ],
  ];
  return { rows, summary };
}

// ---------------------------------------------------------------------------------------

function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]): string =>
    `| ${widths.map((w, i) => (i >= 2 ? (cells[i] ?? '').padStart(w) : (cells[i] ?? '').padEnd(w))).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((w, i) => (i >= 2 ? `${'-'.repeat(w + 1)}:` : '-'.repeat(w + 2))).join('|')}|`);
  for (const r of rows) console.log(line(r));
}

async function main(): Promise<void> {
  mkdirSync(WORK, { recursive: true });
  const started = performance.now();
  const load = loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  const pool = new Pool();
  try {
    const fp = PART === 'watermark' ? undefined : await runFingerprintBench();
    const wm = PART === 'fingerprint' ? undefined : await runWatermark(pool);
    const minutes = (performance.now() - started) / 60000;
    console.log(
      `\n# recognition bench: load average at start ${load}; ${minutes.toFixed(1)} min` +
        `${QUICK ? ' (QUICK run: below the issue minimums)' : ''}\n`,
    );
    if (fp) {
      console.log('## fingerprint\n');
      printTable(fp.header, fp.rows);
      console.log(`\n${fp.notes.map((n) => `- ${n}`).join('\n')}\n`);
    }
    if (!wm) return;
    console.log(
      `## watermark (${TRACKS} FluidSynth songs x ${TRACK_SECONDS} s, stereo 48 kHz; codes 1 .. ` +
        `2^${WATERMARK_CODE_BITS} - 1 decoded with codeBits ${WATERMARK_CODE_BITS}, as the worker's; seed ${WM_SEED})\n`,
    );
    const rows = [...wm.rows, ...wm.summary];
    printTable(
      [
        'engine',
        'condition',
        'n',
        'top-1 / correct',
        'wrong',
        'no answer',
        'offset error p50/p95/max ms',
        'time p50/p95 ms',
      ],
      rows,
    );
  } finally {
    await pool.close();
    rmSync(WORK, { recursive: true, force: true });
  }
}

await main();
