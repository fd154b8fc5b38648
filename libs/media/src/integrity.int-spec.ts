import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { BadMediaError } from './errors.js';
import { transcodeHlsLadder } from './hls/transcode-hls.js';
import { checkMediaEnd } from './integrity.js';
import { probeMedia } from './probe.js';
import { generateTestVideo, truncateCopy } from './testing/generate.js';

jest.setTimeout(120_000);

let dir: string;
const file = (name: string) => join(dir, name);

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'media-integrity-'));
  await Promise.all([
    generateTestVideo(file('whole.mp4'), { width: 320, height: 240, seconds: 30, faststart: true }),
    generateTestVideo(file('whole.mkv'), { width: 320, height: 240, seconds: 30, container: 'matroska' }),
  ]);
  await truncateCopy(file('whole.mp4'), file('cut.mp4'), 0.1);
  await truncateCopy(file('whole.mkv'), file('cut.mkv'), 0.1);
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('checkMediaEnd (the upload reads to its end)', () => {
  it('passes whole files', async () => {
    for (const name of ['whole.mp4', 'whole.mkv']) {
      const probe = await probeMedia(file(name), 'video');
      const check = await checkMediaEnd(file(name), probe);
      expect(check.endSeconds).toBeCloseTo(30, 0);
    }
  });

  it('refuses a faststart MP4 cut to its first 10 %, which still probes as 30 s, saying where it ends', async () => {
    const probe = await probeMedia(file('cut.mp4'), 'video');
    expect(probe.durationSeconds).toBeCloseTo(30, 0);
    const refused = await checkMediaEnd(file('cut.mp4'), probe).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(BadMediaError);
    expect(refused).toMatchObject({ reason: 'truncated' });
    expect((refused as Error).message).toMatch(
      /^The upload ends at \d(\.\d)? s of 30 s: the file is truncated; upload it again$/,
    );
  });

  it('refuses a Matroska file cut short', async () => {
    const probe = await probeMedia(file('cut.mkv'), 'video');
    await expect(checkMediaEnd(file('cut.mkv'), probe)).rejects.toMatchObject({
      reason: 'truncated',
      message: expect.stringMatching(/^The upload ends at \d(\.\d)? s of 30 s/),
    });
  });
});

describe('transcodeHlsLadder checks what it wrote', () => {
  it('fails a ladder shorter than its source promised instead of returning it', async () => {
    const refused = await transcodeHlsLadder({
      source: file('cut.mp4'),
      outputDir: file('ladder'),
      x264Preset: 'ultrafast',
    }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(BadMediaError);
    expect((refused as Error).message).toMatch(/^The upload ends at \d(\.\d)? s of 30 s: the file is truncated/);
  });
});
