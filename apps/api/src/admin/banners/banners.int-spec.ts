import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { ImageKind, JobName } from '@app/contracts';
import { imageVersion } from '../../images/image-addresses.js';
import { QueueService } from '../../queue/queue.service.js';
import { startAdminKit, type AdminTestKit, type Answer } from '../testing/admin-kit.js';
import { formInit, HTML, png, SERVER_KEY } from '../testing/forms.js';
import { Seed } from '../testing/seed.js';

describe('admin banners', () => {
  let kit: AdminTestKit;
  let seed: Seed;
  let video: number;
  let playlist: number;
  let group: number;

  beforeAll(async () => {
    kit = await startAdminKit();
    seed = new Seed(kit.db);
    const genre = await seed.name('genres', 'Opera');
    video = await seed.video({ title: 'Aria', duration: 215 });
    await seed.link('video_genre_links', video, genre);
    const { trackIds } = await seed.album();
    await seed.trackPeople(trackIds[0]!, ['Maria'], ['Puccini']);
    await kit.db.query(
      'INSERT INTO video_tracks (video_id, album_track_id, position, start_time, end_time) VALUES ($1, $2, 1, 0, 100)',
      [video, trackIds[0]],
    );
    playlist = await seed.playlist({ title: 'Voices' });
    await seed.playlistVideos(playlist, [video]);
    group = await seed.group({ title: 'Classics' });
    await seed.groupPlaylists(group, [playlist]);
  });
  afterAll(async () => kit?.close());
  beforeEach(async () => {
    await kit.db.query('DELETE FROM banner_videos');
  });

  const add = (json: object) => kit.call('/cuviewTV/add_banner_video/', { method: 'POST', json });
  const titles = async () =>
    (await kit.call('/cuviewTV/get_banner_videos/')).body.map((b: Answer) => `${b.position}:${b.banner_title}`);

  it('walks the wizard: playlists of a video, themes of a playlist', async () => {
    expect((await kit.call(`/cuviewTV/get_playlists_for_banner/${video}/`)).body).toEqual([
      { id: playlist, title: 'Voices' },
    ]);
    expect((await kit.call(`/cuviewTV/get_themes_for_banner/${playlist}/`)).body).toEqual([
      { id: group, title: 'Classics' },
    ]);
    expect((await kit.call('/cuviewTV/get_playlists_for_banner/999999/')).status).toBe(404);
    expect((await kit.call('/cuviewTV/get_themes_for_banner/999999/')).status).toBe(404);
  });

  it('adds a banner (status 0 by default) with everything the main page shows', async () => {
    const { status, body } = await add({ video_id: video, playlist_id: playlist, group_id: group, title: 'Tonight' });
    expect(status).toBe(201);
    expect(body).toEqual({
      id: expect.any(Number),
      video_id: video,
      playlist_id: playlist,
      group_id: group,
      banner_title: 'Tonight',
      status: 0,
      position: 1,
      video_title: 'Aria',
      genres: [{ id: expect.any(Number), title: 'Opera' }],
      artists: 'Maria',
      composers: 'Puccini',
      playlist_title: 'Voices',
      group_title: 'Classics',
      video_duration: 215,
      has_image: false,
      video_image: null,
      banner_image: null,
      hidden_by: [],
      revision: 1,
    });
    expect(
      (await add({ video_id: video, playlist_id: playlist, group_id: group, title: 'On', status: 1 })).body,
    ).toMatchObject({ status: 1, position: 2 });
  });

  it('refuses a banner whose parts do not hold together, or without a title', async () => {
    const other = await seed.playlist();
    expect(await add({ video_id: video, playlist_id: other, group_id: group, title: 'x' })).toEqual({
      status: 400,
      body: { message: 'The video is not in this playlist' },
    });
    const lonely = await seed.group();
    expect(await add({ video_id: video, playlist_id: playlist, group_id: lonely, title: 'x' })).toEqual({
      status: 400,
      body: { message: 'The playlist is not in this theme' },
    });
    expect(await add({ video_id: video, playlist_id: playlist, group_id: group, title: ' ' })).toEqual({
      status: 400,
      body: { message: 'Please, Provide Title' },
    });
    expect((await add({ video_id: 'x', playlist_id: playlist, group_id: group, title: 'x' })).status).toBe(400);
  });

  it('says what keeps a banner that is on off the main page: its video, playlist or theme', async () => {
    const { body } = await add({ video_id: video, playlist_id: playlist, group_id: group, title: 'Live', status: 1 });
    const shown = async () =>
      (await kit.call('/cuviewTV/get_videos_for_banner/')).body.map((b: Answer) => b.title as string);
    const hiddenBy = async () => (await kit.call('/cuviewTV/get_banner_videos/')).body[0].hidden_by;
    expect(await shown()).toEqual(['Live']);
    expect(await hiddenBy()).toEqual([]);
    const access = (action: string) =>
      kit.call('/cuviewTV/admin/videos/bulk', { method: 'POST', json: { action, ids: [video] } });
    try {
      expect((await access('access_off')).status).toBe(200);
      expect(await shown()).toEqual([]);
      expect(await hiddenBy()).toEqual(['video']);
      await access('access_on');
      await kit.db.query('UPDATE videos SET hls_master_key = NULL WHERE id = $1', [video]);
      expect(await shown()).toEqual([]);
      expect(await hiddenBy()).toEqual(['stream']);
      await kit.db.query("UPDATE videos SET hls_master_key = 'hls/banner/master.m3u8' WHERE id = $1", [video]);
      expect(await shown()).toEqual(['Live']);
      await access('access_off');
      await kit.db.query('UPDATE playlists SET status = 0 WHERE id = $1', [playlist]);
      await kit.db.query('UPDATE groups SET status = 0 WHERE id = $1', [group]);
      expect((await kit.call('/cuviewTV/admin/banners/')).body.banners[0]).toMatchObject({
        id: body.id,
        status: 1,
        hidden_by: ['video', 'playlist', 'theme'],
      });
    } finally {
      await access('access_on');
      await kit.db.query('UPDATE playlists SET status = 1 WHERE id = $1', [playlist]);
      await kit.db.query('UPDATE groups SET status = 1 WHERE id = $1', [group]);
    }
  });

  it('edits title, status and image through the multipart form', async () => {
    const created = (await add({ video_id: video, playlist_id: playlist, group_id: group, title: 'Old' })).body;
    const edited = await kit.call(
      `/cuviewTV/edit_banner_video/${created.id}/`,
      formInit(
        [
          { name: 'data', value: JSON.stringify({ title: 'New', status: 1, extra: 'ignored' }) },
          { name: 'file', filename: 'b.png', data: await png() },
        ],
        'PUT',
      ),
    );
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ banner_title: 'New', status: 1, has_image: true });
    const [{ image_key: key }] = await kit.db.query('SELECT image_key FROM banner_videos WHERE id = $1', [created.id]);
    expect(key).toMatch(SERVER_KEY);
    expect((await readFile(join(kit.storageDir, key))).length).toBeGreaterThan(0);

    const keepStatus = await kit.call(
      `/cuviewTV/edit_banner_video/${created.id}/`,
      formInit([{ name: 'data', value: '{"title":"Newer"}' }], 'PUT'),
    );
    expect(keepStatus.body).toMatchObject({ banner_title: 'Newer', status: 1 });
    expect(
      (
        await kit.call(
          `/cuviewTV/edit_banner_video/${created.id}/`,
          formInit([{ name: 'data', value: '{"title":""}' }], 'PUT'),
        )
      ).body,
    ).toEqual({
      message: 'Please, Provide Title',
    });
    expect(
      (
        await kit.call(
          `/cuviewTV/edit_banner_video/${created.id}/`,
          formInit([{ name: 'data', value: '{oops' }], 'PUT'),
        )
      ).status,
    ).toBe(400);
    expect(
      (
        await kit.call(
          `/cuviewTV/edit_banner_video/${created.id}/`,
          formInit(
            [
              { name: 'data', value: '{"title":"x"}' },
              { name: 'file', filename: 'x.png', data: HTML },
            ],
            'PUT',
          ),
        )
      ).status,
    ).toBe(415);
    expect(
      (
        await kit.call(
          '/cuviewTV/edit_banner_video/999999/',
          formInit([{ name: 'data', value: '{"title":"x"}' }], 'PUT'),
        )
      ).status,
    ).toBe(404);
  });

  it('shows an uploaded image on the main page in place of the video’s, public only while the banner is shown there', async () => {
    const created = (
      await add({ video_id: video, playlist_id: playlist, group_id: group, title: 'Pictured', status: 1 })
    ).body;
    const upload = await png(120, 60);
    const edited = await kit.call(
      `/cuviewTV/edit_banner_video/${created.id}/`,
      formInit(
        [
          { name: 'data', value: JSON.stringify({ title: 'Pictured', status: 1 }) },
          { name: 'file', filename: 'b.png', data: upload },
        ],
        'PUT',
      ),
    );
    expect(edited.status).toBe(200);
    // Staff see it through a signed address, as they see hidden videos' pictures.
    expect(edited.body.banner_image).toMatch(new RegExp(`^/cuviewTV/image/s/\\d+/[\\w-]{43}/banner/${created.id}/$`));
    const [{ image_key: key }] = await kit.db.query('SELECT image_key FROM banner_videos WHERE id = $1', [created.id]);
    const job = await kit.api.app
      .get(QueueService)
      .findJob(JobName.ImageResize, { kind: ImageKind.Banner, id: created.id });
    expect(job?.data).toEqual({ kind: 'banner', id: created.id });

    // Viewers: the main page's answer names the banner's own picture, and its address answers it.
    const shown = async () =>
      ((await (await kit.api.request('/cuviewTV/get_videos_for_banner/')).json()) as Answer[]).find(
        (b) => b.id === created.id,
      );
    const version = imageVersion(key);
    expect((await shown()).banner_images).toEqual({
      300: `/cuviewTV/image/banner/${created.id}/300/${version}/`,
      600: `/cuviewTV/image/banner/${created.id}/600/${version}/`,
    });
    const stored = await readFile(join(kit.storageDir, key));
    const fetchImage = async (address: string) => {
      const response = await kit.api.request(address, { headers: { accept: 'image/webp,image/*' } });
      return {
        status: response.status,
        type: response.headers.get('content-type'),
        bytes: Buffer.from(await response.arrayBuffer()),
      };
    };
    for (const address of [(await shown()).banner_images[600], `/cuviewTV/image/banner/${created.id}/300/`]) {
      // The original stands in until the resize job (not run here) has made the sizes.
      expect(await fetchImage(address)).toEqual({ status: 200, type: 'image/png', bytes: stored });
    }

    // Hidden (its own access off, or its theme's): no public picture, but staff still see it.
    const hide = async (hidden: () => Promise<unknown>, show: () => Promise<unknown>) => {
      await hidden();
      try {
        expect(await shown()).toBeUndefined();
        for (const address of [
          `/cuviewTV/image/banner/${created.id}/600/${version}/`,
          `/cuviewTV/image/banner/${created.id}/300/`,
        ]) {
          expect((await fetchImage(address)).status).toBe(404);
        }
        const staff = (await kit.call('/cuviewTV/get_banner_videos/')).body.find((b: Answer) => b.id === created.id);
        expect(await fetchImage(`${staff.banner_image}600/`)).toMatchObject({ status: 200, type: 'image/png' });
      } finally {
        await show();
      }
    };
    await hide(
      () => kit.db.query('UPDATE banner_videos SET status = 0 WHERE id = $1', [created.id]),
      () => kit.db.query('UPDATE banner_videos SET status = 1 WHERE id = $1', [created.id]),
    );
    await hide(
      () => kit.db.query('UPDATE groups SET status = 0 WHERE id = $1', [group]),
      () => kit.db.query('UPDATE groups SET status = 1 WHERE id = $1', [group]),
    );
    expect((await fetchImage(`/cuviewTV/image/banner/${created.id}/300/`)).status).toBe(200);
  });

  it('arranges with move semantics and closes the gap on delete', async () => {
    for (const title of ['A', 'B', 'C', 'D'])
      await add({ video_id: video, playlist_id: playlist, group_id: group, title });
    const moved = await kit.call('/cuviewTV/arrange_banner_videos/4/1/');
    expect(moved.body.map((b: Answer) => b.banner_title)).toEqual(['D', 'A', 'B', 'C']);
    await kit.call('/cuviewTV/arrange_banner_videos/1/3/');
    expect(await titles()).toEqual(['1:A', '2:B', '3:D', '4:C']);
    expect((await kit.call('/cuviewTV/arrange_banner_videos/7/1/')).status).toBe(404);

    const b = (await kit.call('/cuviewTV/get_banner_videos/')).body[1];
    expect(await kit.call(`/cuviewTV/delete_banner_video/${b.id}/`, { method: 'DELETE' })).toEqual({
      status: 200,
      body: { message: 'Banner has been deleted' },
    });
    expect(await titles()).toEqual(['1:A', '2:D', '3:C']);
    expect((await kit.call(`/cuviewTV/delete_banner_video/${b.id}/`, { method: 'DELETE' })).status).toBe(404);
  });

  describe('two staff members editing the same banner', () => {
    const STALE = {
      message:
        'Someone else saved this banner after you opened it. Reload to see their changes, then make yours again.',
    };
    const edit = async (id: number, data: unknown, image?: Buffer) =>
      kit.call(
        `/cuviewTV/edit_banner_video/${id}/`,
        formInit(
          [
            { name: 'data', value: JSON.stringify(data) },
            ...(image ? [{ name: 'file', filename: 'b.png', data: image }] : []),
          ],
          'PUT',
        ),
      );
    const stored = async (id: number) =>
      (await kit.db.query('SELECT title, status, image_key, revision FROM banner_videos WHERE id = $1', [id]))[0];
    const storedFiles = async () => (await readdir(kit.storageDir, { recursive: true })).sort();

    it("refuses a save made from an older revision, keeping the other person's title, access and image", async () => {
      const created = (await add({ video_id: video, playlist_id: playlist, group_id: group, title: 'Tonight' })).body;
      const opened = (await kit.call('/cuviewTV/get_banner_videos/')).body.find((b: Answer) => b.id === created.id);
      expect(opened.revision).toBe(1);

      const first = await edit(created.id, { title: 'Tonight Only', status: 0, revision: opened.revision });
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({ banner_title: 'Tonight Only', revision: 2 });
      const files = await storedFiles();
      const second = await edit(created.id, { title: 'Tonight', status: 1, revision: opened.revision }, await png());
      expect(second).toEqual({ status: 409, body: STALE });
      expect(await stored(created.id)).toEqual({ title: 'Tonight Only', status: 0, image_key: null, revision: 2 });
      // The refused save's picture is not kept.
      expect(await storedFiles()).toEqual(files);
      expect((await edit(created.id, { title: 'Tonight', revision: first.body.revision })).status).toBe(200);
    });

    it('lets exactly one of two saves sent at once from the same revision through; no revision saves as before', async () => {
      const created = (await add({ video_id: video, playlist_id: playlist, group_id: group, title: 'Tonight' })).body;
      const answers = await Promise.all([
        edit(created.id, { title: 'From A', revision: 1 }),
        edit(created.id, { title: 'From B', status: 1, revision: 1 }),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      const winner = answers.find((answer) => answer.status === 200)!;
      expect(await stored(created.id)).toMatchObject({ title: winner.body.banner_title, revision: 2 });
      expect((await edit(created.id, { title: 'No revision' })).status).toBe(200);
      expect(await stored(created.id)).toMatchObject({ title: 'No revision', revision: 3 });
      expect(await edit(created.id, { title: 'x', revision: 0 })).toEqual({
        status: 400,
        body: { message: 'revision must be a whole number from 1' },
      });
    });
  });
});
