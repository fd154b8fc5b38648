import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import { planLadder, probeMedia, scanKeyframesIfCopyPossible } from '@app/media';
import { fullProfile, smallProfile } from './catalogue.js';
import { renderAlbums } from './music.js';
import { renderVideos } from './videos.js';

// The small profile's music is cached where the seed's tests cache it.
const cacheDir = resolve(process.env.DEMO_MEDIA_DIR || '.data/demo-media');

describe('demo videos', () => {
  let work: string;
  afterAll(() => (work ? rm(work, { recursive: true, force: true }) : Promise.resolve()));

  it('are made at the full catalogue size the way the ladder remuxes them, with their poster frame', async () => {
    work = await mkdtemp(join(tmpdir(), 'cuview-demo-video-'));
    const small = smallProfile();
    const albums = await renderAlbums(small, cacheDir, () => undefined);
    // One H.264 video of the small catalogue, at the full catalogue's frame.
    const video = small.videos.find((v) => v.codec === 'h264')!;
    const profile = { ...small, videos: [video], frame: fullProfile().frame };
    const [made] = await renderVideos(profile, albums, work, () => undefined);

    const probe = await probeMedia(made!.path, 'video');
    const keyframes = await scanKeyframesIfCopyPossible(made!.path, probe, { externalAudio: true });
    const plan = planLadder(probe, { keyframes, externalAudio: true });
    // A large player gets 360p, a phone 240p (issue 12: playback was 240p in a large frame),
    // and the 360p rendition costs no encode.
    expect(plan.renditions.map((r) => `${r.name}:${r.mode}`)).toEqual(['360p:copy', '240p:encode']);

    const poster = await sharp(made!.poster).metadata();
    expect(poster).toMatchObject({ format: 'jpeg', width: 640, height: 360 });
  });
});
