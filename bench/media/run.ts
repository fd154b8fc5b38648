/**
 * npm run bench:media — the media pipeline against the PeerTube way, on generated clips.
 *
 *   BENCH_MEDIA_SECONDS=20 npm run bench:media   shorter clips for a quick look
 *   BENCH_MEDIA_PARTS=copy,first-frame npm run bench:media   only some parts
 *     (ladders, copy, images, storyboard, first-frame, session; all by default; storyboard and
 *     session run the real worker (session the api too) and need DATABASE_URL and REDIS_URL)
 *   BENCH_SESSION_FORM_SECONDS=30 BENCH_SESSION_RUNS=2   the staff session's form time and runs
 *
 * Clips are cached under bench/.cache/media. Figures are wall-clock on a shared machine:
 * CPU seconds (ffmpeg's own user+sys time) are printed beside them because they suffer
 * less from other work running at the same time.
 */
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import {
  extractPosterFrame,
  generateTestVideo,
  probeMedia,
  processImage,
  runProcess,
  scanKeyframes,
  transcodeHlsLadder,
  type HlsLadderResult,
  type MediaProbe,
  type TestVideoOptions,
} from '@app/media';
import { pino } from 'pino';
import { openWatermarkStream } from '../../apps/worker/src/recognition/audio-watermarker.js';
import { EmbedThreads } from '../../apps/worker/src/recognition/embed-threads.js';
import { RecognitionEngine } from '../../apps/worker/src/recognition/recognition-engine.js';
import { measureFirstFrame } from './first-frame.js';
import { runPeerTubeLadder, type PeerTubeRun } from './peertube-way.js';
import { measureStoryboardCost } from './storyboard.js';
import { runStaffSession, type SessionOrder, type SessionTimes } from './staff-session.js';
import { percentile } from '../lib/percentile.js';

const SECONDS = Number(process.env.BENCH_MEDIA_SECONDS ?? 60);
const PARTS = new Set(
  (process.env.BENCH_MEDIA_PARTS ?? 'ladders,copy,images,storyboard,first-frame,session').split(','),
);
/** The staff session's form-filling time (README: why 30 s) and how many sessions of each order. */
const FORM_SECONDS = Number(process.env.BENCH_SESSION_FORM_SECONDS ?? 30);
const SESSION_RUNS = Number(process.env.BENCH_SESSION_RUNS ?? 2);
const CACHE = resolve('bench/.cache/media');
const WORK = join(CACHE, 'work');

interface Clip {
  id: string;
  label: string;
  options: TestVideoOptions;
}

const CLIPS: Clip[] = [
  {
    id: '1080p30',
    label: `${SECONDS} s 1080p30 H.264 upload (camera-like noise, GOP 250)`,
    options: { width: 1920, height: 1080, seconds: SECONDS, fps: 30, noise: 6, gopFrames: 250 },
  },
  {
    id: '720p30',
    label: `${SECONDS} s 720p30 H.264 upload (camera-like noise, GOP 250)`,
    options: { width: 1280, height: 720, seconds: SECONDS, fps: 30, noise: 6, gopFrames: 250 },
  },
  {
    id: 'copy-1080p30',
    label: `${SECONDS} s 1080p30 H.264 yuv420p, 4 Mbit/s, 2 s GOP (streaming-ready)`,
    options: { width: 1920, height: 1080, seconds: SECONDS, fps: 30, noise: 2, gopFrames: 60, videoBitrate: '4000k' },
  },
];

/** CPU seconds of reaped child processes (cutime + cstime of /proc/self/stat). */
async function childCpuSeconds(): Promise<number> {
  const text = await readFile('/proc/self/stat', 'utf8');
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

async function measure<T>(fn: () => Promise<T>): Promise<{ value: T; wallS: number; cpuS: number }> {
  const cpu0 = await childCpuSeconds();
  const t0 = performance.now();
  const value = await fn();
  return { value, wallS: (performance.now() - t0) / 1000, cpuS: (await childCpuSeconds()) - cpu0 };
}

async function clipFile(clip: Clip): Promise<string> {
  // v2: music-like audio (a pure tone made the AAC encoder several times slower).
  const file = join(CACHE, `${clip.id}-${SECONDS}s-v2.mp4`);
  const exists = await stat(file).then(
    (s) => s.size > 0,
    () => false,
  );
  if (!exists) {
    process.stdout.write(`generating ${clip.id} (cached afterwards)… `);
    const t = performance.now();
    await generateTestVideo(file, clip.options);
    console.log(`${((performance.now() - t) / 1000).toFixed(0)} s`);
  }
  return file;
}

const fmt = (n: number, digits = 1) => n.toFixed(digits);
const kbps = (bits: number) => `${Math.round(bits / 1000)}`;
const mb = (bytes: number | undefined) => (bytes ? `${Math.round(bytes / 1024 / 1024)} MB` : 'n/a');

function row(cells: string[], widths: number[]): string {
  return cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
}

function printComparison(
  clip: Clip,
  probe: MediaProbe,
  ours: { value: HlsLadderResult; wallS: number; cpuS: number },
  theirs: { value: PeerTubeRun; wallS: number; cpuS: number },
) {
  const d = probe.durationSeconds;
  const v = probe.video!;
  console.log(`\n## ${clip.label}`);
  console.log(
    `source: ${v.codec} ${v.width}x${v.height} ${fmt(v.fps ?? 0, 2)} fps, ${kbps(v.bitRate ?? 0)} kbit/s; ` +
      `top rendition: ${ours.value.renditions[0]!.mode}` +
      (ours.value.plan.copyRefusedBecause ? ` (${ours.value.plan.copyRefusedBecause})` : ''),
  );
  const w = [26, 16, 22];
  console.log(row(['', 'ours: 1 process', `PeerTube way: ${theirs.value.renditions.length} proc.`], w));
  console.log(row(['wall time', `${fmt(ours.wallS)} s`, `${fmt(theirs.wallS)} s`], w));
  console.log(row(['× realtime', `${fmt(d / ours.wallS, 2)}×`, `${fmt(d / theirs.wallS, 2)}×`], w));
  console.log(row(['ffmpeg CPU time', `${fmt(ours.cpuS)} s`, `${fmt(theirs.cpuS)} s`], w));
  console.log(row(['ffmpeg peak RSS', mb(ours.value.peakRssBytes), mb(theirs.value.peakRssBytes)], w));
  for (const r of ours.value.renditions) {
    const t = theirs.value.renditions.find((x) => x.name === r.name);
    console.log(
      row(
        [`video kbit/s ${r.name}`, `${kbps(r.videoBitRate)} ${r.mode}`, t ? `${kbps(t.videoBitRate)} ${t.mode}` : '-'],
        w,
      ),
    );
  }
  if (ours.value.audio)
    console.log(row(['audio kbit/s (1 rendition)', kbps(ours.value.audio.bitRate), 'copied per res.'], w));
  const wallRatio = theirs.wallS / ours.wallS;
  const cpuRatio = theirs.cpuS / ours.cpuS;
  console.log(
    `throughput ours/PeerTube: ${fmt(wallRatio, 2)}× by wall time, ${fmt(cpuRatio, 2)}× by CPU time ` +
      `(goal ≥ 1.3×: ${wallRatio >= 1.3 ? 'met' : 'NOT met'} by wall, ${cpuRatio >= 1.3 ? 'met' : 'NOT met'} by CPU)`,
  );
  return { wallRatio, cpuRatio };
}

async function main() {
  await mkdir(CACHE, { recursive: true });
  await rm(WORK, { recursive: true, force: true });
  const load = (await readFile('/proc/loadavg', 'utf8')).split(' ').slice(0, 3).join(' ');
  console.log(`# media bench — ${SECONDS} s clips, load average at start ${load}`);
  console.log('The machine is shared with other work: wall times are noisy; CPU times less so.');
  const summary: Record<string, unknown> = { seconds: SECONDS, date: new Date().toISOString(), loadAtStart: load };

  for (const clip of PARTS.has('ladders') ? CLIPS : []) {
    const source = await clipFile(clip);
    const probe = await probeMedia(source, 'video');
    const ours = await measure(() => transcodeHlsLadder({ source, probe, outputDir: join(WORK, clip.id, 'ours') }));
    const theirs = await measure(() =>
      runPeerTubeLadder(source, probe, join(WORK, clip.id, 'peertube'), ours.value.renditions[0]!.mode === 'copy'),
    );
    const ratios = printComparison(clip, probe, ours, theirs);
    summary[clip.id] = {
      ours: {
        wallS: ours.wallS,
        cpuS: ours.cpuS,
        xRealtime: probe.durationSeconds / ours.wallS,
        peakRssBytes: ours.value.peakRssBytes,
        renditions: ours.value.renditions.map((r) => ({
          name: r.name,
          mode: r.mode,
          kbps: Math.round(r.videoBitRate / 1000),
        })),
      },
      peertube: {
        wallS: theirs.wallS,
        cpuS: theirs.cpuS,
        xRealtime: probe.durationSeconds / theirs.wallS,
        peakRssBytes: theirs.value.peakRssBytes,
        renditions: theirs.value.renditions.map((r) => ({
          name: r.name,
          mode: r.mode,
          kbps: Math.round(r.videoBitRate / 1000),
        })),
      },
      ...ratios,
    };
    await rm(join(WORK, clip.id), { recursive: true, force: true });
  }

  // Copy path end to end: the source is the only rendition, so the video is remuxed; the
  // audio goes through the watermark step (decode to PCM, embed) and is encoded once.
  if (PARTS.has('copy')) {
    const clip = CLIPS.find((c) => c.id === 'copy-1080p30')!;
    const source = await clipFile(clip);
    const dir = join(WORK, 'copy-only');
    await mkdir(dir, { recursive: true });
    const steps: { name: string; wallS: number; cpuS: number }[] = [];
    const step = async <T>(name: string, fn: () => Promise<T>): Promise<T> => {
      const m = await measure(fn);
      steps.push({ name, wallS: m.wallS, cpuS: m.cpuS });
      return m.value;
    };
    const engine = new RecognitionEngine();
    // The worker starts its embedding threads once per process and keeps them: warm them up
    // (load and compile their code on a block of the usual size) before the clock starts, as in
    // a worker that has run a job before. A cold thread makes the first block about 3x slower.
    const threads = new EmbedThreads();
    const { sampleRate, channels } = engine.markHostFormat;
    const warmUp = (): Float32Array =>
      Float32Array.from(
        { length: 30 * sampleRate * channels },
        (_, i) => 0.1 * Math.sin(i * 0.01 + Math.sin(i * 1e-4)),
      );
    for (let round = 0; round < 3; round++) {
      await Promise.all(Array.from({ length: threads.size }, () => threads.mark(warmUp(), channels, 1)));
    }
    const t0 = performance.now();
    const cpu0 = await childCpuSeconds();
    const probe = await step('probe', () => probeMedia(source, 'video'));
    // As the worker does it: the keyframe scan runs while the audio decodes, and the watermark
    // is made (on every core) while ffmpeg remuxes the video, adds the mark and encodes the audio.
    const [mark, keyframes] = await step('audio → 16 kHz PCM ‖ keyframe scan', () =>
      Promise.all([
        openWatermarkStream({
          source,
          probe,
          dir,
          spans: [{ start: 0, end: probe.durationSeconds, videoTrackId: null, albumTrackId: null }],
          codeOf: new Map([[null, 0x5a5a5a]]),
          engine,
          threads,
          signal: new AbortController().signal,
          log: pino({ level: 'silent' }),
        }),
        scanKeyframes(source, probe.container),
      ]),
    );
    const result = await step('make watermark ‖ remux video + mix, encode AAC', async () => {
      try {
        return await transcodeHlsLadder({
          source,
          probe,
          keyframes,
          outputDir: join(dir, 'hls'),
          audioMark: mark,
          plan: { onlyShortSides: [1080] },
        });
      } finally {
        await mark?.dispose();
      }
    });
    const total = (performance.now() - t0) / 1000;
    const totalCpu = (await childCpuSeconds()) - cpu0;
    await threads.close();
    const x = probe.durationSeconds / total;
    console.log(`\n## Copy path end to end (${clip.label}, 1080p only)`);
    console.log(`modes: ${result.renditions.map((r) => `${r.name} ${r.mode}`).join(', ')}`);
    const w = [44, 10, 14];
    console.log(row(['step', 'wall', 'ffmpeg CPU'], w));
    for (const s of steps) console.log(row([s.name, `${fmt(s.wallS, 2)} s`, `${fmt(s.cpuS, 2)} s`], w));
    console.log(row(['total', `${fmt(total, 2)} s`, `${fmt(totalCpu, 2)} s`], w));
    console.log(
      `× realtime: ${fmt(x)}× by wall time (goal ≥ 50×: ${x >= 50 ? 'met' : 'NOT met'}); ` +
        `${fmt(probe.durationSeconds / totalCpu)}× per CPU-second of ffmpeg work`,
    );
    summary.copyPath = { totalS: total, cpuS: totalCpu, xRealtime: x, steps };
  }

  // image.resize: a 1920×1080 poster frame and a 12 MP phone-sized photo, 300/600 px WebP+JPEG.
  if (PARTS.has('images')) {
    const source = await clipFile(CLIPS[0]!);
    const dir = join(WORK, 'images');
    await mkdir(dir, { recursive: true });
    const poster = await extractPosterFrame(source, join(dir, 'poster.jpg'));
    await runProcess('ffmpeg', [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'testsrc2=s=4000x3000:d=1,noise=alls=10:allf=u',
      '-frames:v',
      '1',
      '-q:v',
      '3',
      join(dir, 'photo-12mp.jpg'),
    ]);
    console.log('\n## image.resize (300 + 600 px, WebP + JPEG, metadata stripped)');
    const results: Record<string, { p50: number; p95: number }> = {};
    for (const [name, file] of [
      ['1920×1080 JPEG', poster.output],
      ['4000×3000 JPEG', join(dir, 'photo-12mp.jpg')],
    ] as const) {
      const data = await readFile(file);
      for (let i = 0; i < 3; i++) await processImage(data);
      const times: number[] = [];
      for (let i = 0; i < 30; i++) {
        const t = performance.now();
        await processImage(data);
        times.push(performance.now() - t);
      }
      const p50 = percentile(times, 50);
      const p95 = percentile(times, 95);
      results[name] = { p50, p95 };
      console.log(
        row(
          [
            name,
            `p50 ${fmt(p50, 0)} ms`,
            `p95 ${fmt(p95, 0)} ms`,
            `(goal p50 < 150 ms: ${p50 < 150 ? 'met' : 'NOT met'})`,
          ],
          [18, 12, 12, 10],
        ),
      );
    }
    summary.images = results;
  }

  // The seek-bar storyboard: its share of a real 1080p video.transcode job, and of its storage.
  if (PARTS.has('storyboard')) {
    const clip: Clip = {
      id: '1080p30-plain',
      label: `${SECONDS} s 1080p30 H.264 upload (testsrc2 + tones, GOP 250)`,
      options: { width: 1920, height: 1080, seconds: SECONDS, fps: 30, gopFrames: 250 },
    };
    const cost = await measureStoryboardCost(await clipFile(clip));
    const before = cost.jobS - cost.storyboardS;
    const timeShare = (cost.storyboardS / before) * 100;
    const sizeShare = (cost.storyboardBytes / cost.ladderBytes) * 100;
    console.log(`\n## Seek-bar storyboard (${clip.label}, worker video.transcode job)`);
    const w = [34, 18, 18, 12];
    console.log(row(['', 'without storyboard', 'with storyboard', 'added'], w));
    console.log(
      row(['transcode job wall time', `${fmt(before, 2)} s`, `${fmt(cost.jobS, 2)} s`, `+${fmt(timeShare, 2)} %`], w),
    );
    console.log(
      row(
        [
          'storage (ladder + storyboard)',
          mb(cost.ladderBytes),
          mb(cost.ladderBytes + cost.storyboardBytes),
          `+${fmt(sizeShare, 3)} %`,
        ],
        w,
      ),
    );
    console.log(
      `storyboard: ${cost.sheets} sheet(s), ${Math.round(cost.storyboardBytes / 1024)} KB, ${fmt(cost.storyboardS, 2)} s ` +
        `(goals: time < 10 %: ${timeShare < 10 ? 'met' : 'NOT met'}; storage < 5 %: ${sizeShare < 5 ? 'met' : 'NOT met'})`,
    );
    summary.storyboard = { ...cost, timeSharePercent: timeShare, storageSharePercent: sizeShare };
  }

  // Issue 15's goal: upload to Ready for a 40 s 720p clip, transcode on Save vs at the upload's end.
  if (PARTS.has('session')) {
    const clip: Clip = {
      id: 'session-720p30',
      label: '40 s 720p30 H.264 upload (camera-like noise, GOP 250)',
      options: { width: 1280, height: 720, seconds: 40, fps: 30, noise: 6, gopFrames: 250 },
    };
    const source = await clipFile(clip);
    const runs: Record<SessionOrder, SessionTimes[]> = { before: [], after: [] };
    // Alternated, so a change in the machine's load falls on both orders alike.
    for (let i = 0; i < SESSION_RUNS; i++) {
      for (const order of ['before', 'after'] as const) {
        const times = await runStaffSession(source, order, FORM_SECONDS);
        runs[order].push(times);
        console.log(
          `  session ${order} #${i + 1}: upload ${fmt(times.uploadS)} s, form ${fmt(times.formS)} s, ` +
            `Save→Ready ${fmt(times.saveToReadyS)} s, total ${fmt(times.totalS)} s (at Save: ${times.atSave})`,
        );
      }
    }
    const median = (order: SessionOrder, pick: (t: SessionTimes) => number) => percentile(runs[order].map(pick), 50);
    console.log(`\n## Staff session: upload, ${FORM_SECONDS} s of form, Save, Ready (${clip.label})`);
    const w = [30, 26, 26, 10];
    console.log(row(['median of ' + SESSION_RUNS, 'before: transcode on Save', 'after: at upload end', 'change'], w));
    const lines: [string, (t: SessionTimes) => number][] = [
      ['upload', (t) => t.uploadS],
      ['form (fixed)', (t) => t.formS],
      ['Save → Ready', (t) => t.saveToReadyS],
      ['upload → Ready', (t) => t.totalS],
    ];
    for (const [label, pick] of lines) {
      const b = median('before', pick);
      const a = median('after', pick);
      console.log(row([label, `${fmt(b)} s`, `${fmt(a)} s`, `${fmt(((a - b) / b) * 100, 0)} %`], w));
    }
    const gain = 1 - median('after', (t) => t.totalS) / median('before', (t) => t.totalS);
    console.log(`upload → Ready ${fmt(gain * 100, 0)} % sooner (goal ≥ 30 %: ${gain >= 0.3 ? 'met' : 'NOT met'})`);
    summary.session = { formSeconds: FORM_SECONDS, runs, gainPercent: gain * 100 };
  }

  if (PARTS.has('ladders')) {
    const ours1080 = (summary['1080p30'] as { ours: { peakRssBytes?: number } }).ours.peakRssBytes;
    console.log('\n## Memory during the 1080p ladder');
    console.log(
      `ffmpeg peak RSS (VmHWM): ${mb(ours1080)} (goal < 600 MB: ${(ours1080 ?? Infinity) < 600 * 1024 * 1024 ? 'met' : 'NOT met'})`,
    );
  }
  console.log(`this Node process peak RSS: ${mb(process.resourceUsage().maxRSS * 1024)}`);

  if (PARTS.has('first-frame')) {
    console.log('\n## Time to first frame (Chromium + hls.js, ladder served by the api, 20 cold loads)');
    const firstFrame = await measureFirstFrame(20);
    console.log(
      `p50 ${fmt(firstFrame.p50, 0)} ms, p95 ${fmt(firstFrame.p95, 0)} ms ` +
        `(goal p50 < 500 ms: ${firstFrame.p50 < 500 ? 'met' : 'NOT met'})`,
    );
    summary.firstFrame = firstFrame;
  }

  await writeFile(join(CACHE, 'latest.json'), JSON.stringify(summary, null, 2));
  await rm(WORK, { recursive: true, force: true });
  console.log(`\nsummary written to ${join(CACHE, 'latest.json')}`);
}

await main();
// The api app and Chromium are closed; a pool timer of a dependency must not hold the exit.
process.exit(0);
