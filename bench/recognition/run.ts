/**
 * npm run bench:recognition — the fingerprint and the watermark on a generated corpus.
 *
 *   BENCH_RECOGNITION_QUICK=1 npm run bench:recognition   a small run (60 tracks, a few minutes)
 *   BENCH_RECOGNITION_PART=fingerprint|watermark           only one of the two engines
 *
 * The corpus is made by the deterministic synthesizer of the recognition tests: every
 * track has its own key, scale, tempo, metre, chord progressions, motif-based melody,
 * bass line, harmony style and drum pattern, each played by timbres drawn for that track
 * (see corpus.ts). Tracks are rendered at 48 kHz (the "masters"); the index gets them as
 * 8 kHz mono, the way the worker decodes them. Queries are cut from the 48 kHz masters at
 * random offsets, degraded (AAC through the real ffmpeg, pink noise, gain, ffmpeg's
 * 48 -> 44.1 kHz resampler) and only then brought to 8 kHz. Generated audio is cached
 * under bench/.cache/recognition; timings never include generation.
 *
 * Timings are wall-clock on one core (this process is single-threaded) of a machine that
 * may be shared with other work.
 */
import { mkdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import {
  embedWatermark,
  fingerprint,
  FP_SAMPLE_RATE,
  InMemoryFingerprintIndex,
  INDEX_OPTIONS,
  matchFingerprint,
  QUERY_OPTIONS,
  uniqueHashes,
  type FingerprintMatch,
} from '@app/recognition';
import { Prng } from '../../libs/recognition/src/dsp/prng.js';
import { snrDb } from '../../libs/recognition/src/testing/signals.js';
import {
  corpus,
  degrade,
  FP_CONDITIONS,
  log,
  planQueries,
  QUERY_LENGTHS,
  QUICK,
  queryAudio,
  stereo,
  excerpt,
  TRACK_SECONDS,
  TRACKS,
  WM_CHUNK,
  WM_CONDITIONS,
  WM_EXCERPT_SECONDS,
  WM_EXCERPTS,
  WM_UNMARKED,
  WM_WINDOW_SECONDS,
  WORK,
} from './corpus.js';
import { SOURCE_RATE, transformBatch } from './ffmpeg.js';
import { Pool } from './pool.js';

const PART = process.env.BENCH_RECOGNITION_PART ?? 'all';
if (!['all', 'fingerprint', 'watermark'].includes(PART)) {
  throw new Error(`BENCH_RECOGNITION_PART must be fingerprint, watermark or all, got ${PART}`);
}

function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = values.slice().sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

const pct = (n: number, d: number): string => (d === 0 ? '-' : `${((100 * n) / d).toFixed(1)} %`);
const fmt = (v: number, digits = 0): string => (Number.isFinite(v) ? v.toFixed(digits) : '-');

interface FingerprintReport {
  rows: string[][];
  summary: string[][];
}

async function runFingerprint(pool: Pool): Promise<FingerprintReport> {
  const audio = await corpus(pool);
  const perTrack = TRACK_SECONDS * FP_SAMPLE_RATE;
  const queries = planQueries();
  const qAudio = await queryAudio(queries, pool);

  log('indexing…');
  const index = new InMemoryFingerprintIndex();
  const pcm = new Float32Array(perTrack);
  let ingestMs = 0;
  for (let seed = 1; seed <= TRACKS; seed++) {
    const base = (seed - 1) * perTrack;
    for (let i = 0; i < perTrack; i++) pcm[i] = audio[base + i]! / 32767;
    const t0 = performance.now();
    index.add(seed, fingerprint(pcm, INDEX_OPTIONS));
    ingestMs += performance.now() - t0;
  }
  const t0 = performance.now();
  const stats = index.stats(); // merges the pending postings: part of ingest
  ingestMs += performance.now() - t0;

  log('querying…');
  const answers: (FingerprintMatch | null)[] = [];
  const times: number[] = [];
  // Warm-up (JIT) on a few queries, not counted.
  for (let i = 0; i < Math.min(5, queries.length); i++) {
    const fp = fingerprint(qAudio[i]!, QUERY_OPTIONS);
    matchFingerprint(fp, index.lookup(uniqueHashes(fp)));
  }
  queries.forEach((_, i) => {
    const q0 = performance.now();
    const fp = fingerprint(qAudio[i]!, QUERY_OPTIONS);
    const match = matchFingerprint(fp, index.lookup(uniqueHashes(fp)));
    times.push(performance.now() - q0);
    answers.push(match);
  });

  const rows: string[][] = [];
  for (const length of QUERY_LENGTHS) {
    for (const condition of FP_CONDITIONS) {
      const idx = queries.flatMap((q, i) => (q.indexed && q.length === length && q.condition === condition ? [i] : []));
      let correct = 0;
      let wrong = 0;
      const errors: number[] = [];
      for (const i of idx) {
        const a = answers[i];
        if (!a) continue;
        if (a.trackId !== queries[i]!.seed) {
          wrong++;
          continue;
        }
        correct++;
        errors.push(Math.abs(a.offsetSeconds - queries[i]!.offset) * 1000);
      }
      const t = idx.map((i) => times[i]!);
      rows.push([
        'fingerprint',
        `${length} s, ${condition.label}`,
        String(idx.length),
        pct(correct, idx.length),
        String(wrong),
        String(idx.length - correct - wrong),
        `${fmt(percentile(errors, 50))} / ${fmt(percentile(errors, 95))} / ${fmt(Math.max(...errors))}` +
          ` (${errors.filter((e) => e > 50).length} > 50)`,
        `${fmt(percentile(t, 50), 1)} / ${fmt(percentile(t, 95), 1)}`,
      ]);
    }
  }
  for (const length of QUERY_LENGTHS) {
    const idx = queries.flatMap((q, i) => (!q.indexed && q.length === length ? [i] : []));
    const accepted = idx.filter((i) => answers[i]).length;
    const t = idx.map((i) => times[i]!);
    rows.push([
      'fingerprint',
      `${length} s, NOT indexed (all 7 conditions)`,
      String(idx.length),
      `false positives: ${accepted} (${pct(accepted, idx.length)})`,
      '',
      String(idx.length - accepted),
      '',
      `${fmt(percentile(t, 50), 1)} / ${fmt(percentile(t, 95), 1)}`,
    ]);
  }
  // Why unknown audio is (not) accepted: score and runner-up (p5/p50/p95/max) of the best
  // candidate of every unindexed query, taken with no acceptance rule (untimed), next to
  // those of the correct answers.
  const unthresholded = { minScore: 0, minRatio: 0 };
  const spread = (v: number[]): string =>
    `${fmt(percentile(v, 5))}/${fmt(percentile(v, 50))}/${fmt(percentile(v, 95))}/${fmt(Math.max(...v))}`;
  for (const length of QUERY_LENGTHS) {
    const right = queries.flatMap((q, i) =>
      q.indexed && q.length === length && answers[i]?.trackId === q.seed ? [answers[i]] : [],
    );
    const unknown = queries.flatMap((q, i) => {
      if (q.indexed || q.length !== length) return [];
      const fp = fingerprint(qAudio[i]!, QUERY_OPTIONS);
      const best = matchFingerprint(fp, index.lookup(uniqueHashes(fp)), unthresholded);
      return best ? [best] : [];
    });
    for (const [label, set] of [
      ['correct answers', right],
      ['NOT indexed, best candidate', unknown],
    ] as const) {
      rows.push([
        'fingerprint',
        `${length} s, ${label}`,
        String(set.length),
        `score ${spread(set.map((m) => m.score))}; runner-up ${spread(set.map((m) => m.runnerUpScore))}`,
      ]);
    }
  }
  const five = queries.flatMap((q, i) => (q.length === 5 ? [times[i]!] : []));
  const indexed = queries.filter((q) => q.indexed);
  const wrongAll = queries.filter((q, i) => q.indexed && answers[i] && answers[i].trackId !== q.seed).length;
  const hours = stats.audioSeconds / 3600;
  const summary = [
    [
      'fingerprint',
      'query time, all 5 s queries (p50 / p95)',
      String(five.length),
      `${fmt(percentile(five, 50), 1)} / ${fmt(percentile(five, 95), 1)} ms`,
    ],
    [
      'fingerprint',
      'wrong track answered, all indexed queries',
      String(indexed.length),
      `${wrongAll} (${pct(wrongAll, indexed.length)})`,
    ],
    [
      'fingerprint',
      'index size',
      `${stats.tracks} tracks, ${fmt(hours, 2)} h`,
      `${fmt(stats.bytes / 1e6 / hours, 2)} MB per hour (${fmt(stats.postings / stats.audioSeconds, 1)} hashes/s x 8 B)`,
    ],
    [
      'fingerprint',
      'ingest speed (8 kHz PCM -> fingerprint -> index)',
      `${fmt(stats.audioSeconds)} s`,
      `${fmt(stats.audioSeconds / (ingestMs / 1000))}x realtime`,
    ],
  ];
  return { rows, summary };
}

// ---------------------------------------------------------------------------------------
// Watermark

interface WatermarkReport {
  rows: string[][];
  summary: string[][];
}

async function runWatermark(pool: Pool): Promise<WatermarkReport> {
  const prng = new Prng(0x3a7e);
  const results = new Map<string, { correct: number; wrong: number; none: number; times: number[] }>();
  for (const c of WM_CONDITIONS) results.set(c.id, { correct: 0, wrong: 0, none: 0, times: [] });
  const confidences: number[] = [];
  const snrs: number[] = [];
  let embedMs = 0;
  let embedSeconds = 0;
  const decode = (
    pcm: Float32Array,
    rate: number,
  ): Promise<{ payload: number | null; confidence: number; ms: number }> =>
    pool.run({ kind: 'decode', pcm, rate, channels: 2 });

  // Warm-up (JIT), not counted.
  embedWatermark(stereo(await excerpt(pool, 1, 0, 6)), SOURCE_RATE, 1, { channels: 2 });

  for (let c0 = 0; c0 < WM_EXCERPTS; c0 += WM_CHUNK) {
    const n = Math.min(WM_CHUNK, WM_EXCERPTS - c0);
    const plan = Array.from({ length: n }, () => ({
      seed: prng.int(1, TRACKS),
      offset: prng.range(0, TRACK_SECONDS - WM_EXCERPT_SECONDS),
      payload: prng.nextU32(),
      windowStart: prng.range(0, WM_EXCERPT_SECONDS - WM_WINDOW_SECONDS - 0.05),
    }));
    const hosts = await Promise.all(plan.map((p) => excerpt(pool, p.seed, p.offset, WM_EXCERPT_SECONDS)));
    // Embedding is timed here, on the main thread, with the pool idle.
    const marked = hosts.map((mono, k) => {
      const host = stereo(mono);
      const t0 = performance.now();
      const y = embedWatermark(host, SOURCE_RATE, plan[k]!.payload, { channels: 2 });
      embedMs += performance.now() - t0;
      embedSeconds += WM_EXCERPT_SECONDS;
      snrs.push(snrDb(host, y));
      return y;
    });
    for (const condition of WM_CONDITIONS) {
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
        if (d.payload === null) r.none++;
        else if (d.payload === plan[k]!.payload) {
          r.correct++;
          confidences.push(d.confidence);
        } else r.wrong++;
      });
    }
    log(`watermark: ${c0 + n}/${WM_EXCERPTS} excerpts`);
  }

  // Unmarked audio: half as is, half after AAC 128 kbps.
  const unmarked = (
    await Promise.all(
      Array.from({ length: WM_UNMARKED }, () => {
        const seed = prng.int(1, TRACKS);
        return excerpt(pool, seed, prng.range(0, TRACK_SECONDS - WM_WINDOW_SECONDS), WM_WINDOW_SECONDS);
      }),
    )
  ).map(stereo);
  const half = Math.floor(WM_UNMARKED / 2);
  const aac = transformBatch(unmarked.slice(half), 2, WM_CONDITIONS[1]!.transform!, WORK);
  const negatives = [...unmarked.slice(0, half), ...aac];
  const negativeAnswers = await Promise.all(negatives.map((x) => decode(x, SOURCE_RATE)));
  const falseAccepts = negativeAnswers.filter((d) => d.payload !== null).length;

  const rows: string[][] = [];
  let wrongTotal = 0;
  let decodes = 0;
  const allTimes: number[] = [];
  for (const condition of WM_CONDITIONS) {
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
      'confidence of correct decodes (min / p1 / median; accepted from 0.9)',
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
      'embedding speed (48 kHz stereo)',
      `${embedSeconds} s`,
      `${fmt(embedSeconds / (embedMs / 1000))}x realtime`,
    ],
    [
      'watermark',
      'decode time per 5 s window (p50 / p95)',
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
    const fp = PART === 'watermark' ? undefined : await runFingerprint(pool);
    const wm = PART === 'fingerprint' ? undefined : await runWatermark(pool);
    const minutes = (performance.now() - started) / 60000;
    console.log(
      `\n# recognition bench: ${TRACKS} generated tracks x ${TRACK_SECONDS} s; load average at start ${load}; ` +
        `${minutes.toFixed(1)} min${QUICK ? ' (QUICK run: below the issue minimums)' : ''}\n`,
    );
    const rows = [...(fp?.rows ?? []), ...(fp?.summary ?? []), ...(wm?.rows ?? []), ...(wm?.summary ?? [])];
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
  }
}

await main();
