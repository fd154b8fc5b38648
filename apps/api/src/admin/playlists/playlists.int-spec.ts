import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ImageKind, JobName } from '@app/contracts';
import { QueueService } from '../../queue/queue.service.js';
import { createUser, startAdminKit, type AdminTestKit, type Answer } from '../testing/admin-kit.js';
import { formInit, HTML, jpeg, png, SERVER_KEY } from '../testing/forms.js';
import { Seed } from '../testing/seed.js';

describe('admin playlists', () => {
  let kit: AdminTestKit;
  let seed: Seed;

  beforeAll(async () => {
    kit = await startAdminKit();
    seed = new Seed(kit.db);
  });
  afterAll(async () => kit?.close());

  const ids = (list: Answer[]) => list.map((item) => item.id);
  const thumbnailKey = async (id: number): Promise<string | null> =>
    (await kit.db.query('SELECT thumbnail_key FROM playlists WHERE id = $1', [id]))[0].thumbnail_key;

  it('adds a playlist with a thumbnail, and without one', async () => {
    const withImage = await kit.call(
      '/cuviewTV/add_playlist_for_admin/',
      formInit([
        { name: 'title', value: 'Morning Jazz' },
        { name: 'status', value: '0' },
        { name: 'image', filename: 'cover.jpg', data: await jpeg(), contentType: 'image/jpeg' },
      ]),
    );
    expect(withImage.status).toBe(201);
    expect(withImage.body).toEqual({
      id: expect.any(Number),
      title: 'Morning Jazz',
      status: 0,
      updated: expect.any(String),
      duration: 0,
      number_of_videos: 0,
      video_id: null,
      has_thumbnail: true,
      image: expect.stringMatching(/^\/cuviewTV\/image\/s\/\d+\/[\w-]{43}\/playlist\/\d+\/$/),
      videos: [],
      groups: [],
      revision: 1,
    });
    expect(await thumbnailKey(withImage.body.id)).toMatch(SERVER_KEY);
    const job = await kit.api.app
      .get(QueueService)
      .findJob(JobName.ImageResize, { kind: ImageKind.Playlist, id: withImage.body.id });
    expect(job).not.toBeNull();

    const without = await kit.call('/cuviewTV/add_playlist_for_admin/', formInit([{ name: 'title', value: 'Bare' }]));
    expect(without.status).toBe(201);
    expect(without.body).toMatchObject({ title: 'Bare', status: 1, has_thumbnail: false });

    const noTitle = await kit.call(
      '/cuviewTV/add_playlist_for_admin/',
      formInit([{ name: 'image', filename: 'x.png', data: await png() }]),
    );
    expect(noTitle).toEqual({ status: 400, body: { message: 'Please, Provide Title' } });
    const notImage = await kit.call(
      '/cuviewTV/add_playlist_for_admin/',
      formInit([
        { name: 'title', value: 'X' },
        { name: 'image', filename: 'x.png', data: HTML },
      ]),
    );
    expect(notImage.status).toBe(415);
  });

  it('lists, counts, searches and suggests editorial playlists only, 10 per page', async () => {
    for (let i = 1; i <= 12; i++) await seed.playlist({ title: `Spider-Man Mix ${i}` });
    const owner = await createUser(kit.db, false);
    await seed.playlist({ title: 'Spider-Man private', userId: owner });
    const total = (await kit.call('/cuviewTV/get_playlists_length/')).body.playlistLength;
    const page1 = await kit.call('/cuviewTV/get_playlists_for_admin/1/');
    expect(page1.body.playlists).toHaveLength(10);
    expect(page1.body.playlistLength).toBe(total);
    // Newest first.
    expect(page1.body.playlists[0].title).toBe('Spider-Man Mix 12');

    const search = await kit.call('/cuviewTV/get_playlists_search_results/spider%20man/2/');
    expect(search.body.playlistLength).toBe(12);
    expect(search.body.playlists).toHaveLength(2);
    expect(search.body.playlists.map((p: Answer) => p.title)).not.toContain('Spider-Man private');
    expect((await kit.call('/cuviewTV/get_playlists_length_for_search/SPIDERMAN/')).body).toEqual({
      playlistLength: 0,
    });
    expect((await kit.call('/cuviewTV/get_playlists_length_for_search/spider-man/')).body).toEqual({
      playlistLength: 12,
    });

    const suggestions = await kit.call('/cuviewTV/playlist_search_suggestions/mix 1/', { method: 'POST' });
    expect(suggestions.status).toBe(200);
    expect(suggestions.body.length).toBeLessThanOrEqual(10);
    expect(suggestions.body[0]).toEqual({ id: expect.any(Number), title: expect.stringMatching(/^Spider-Man Mix 1/) });
  });

  it('adds videos, shows them in order with duration, reorders with positions, removes one', async () => {
    const playlist = await seed.playlist({ title: 'Order' });
    const [a, b, c] = [
      await seed.video({ title: 'A', duration: 10 }),
      await seed.video({ title: 'B', duration: 20 }),
      await seed.video({ title: 'C', duration: 30, status: 0 }),
    ];
    const added = await kit.call(`/cuviewTV/add_playlist_video_for_admin/${playlist}/`, {
      method: 'POST',
      json: { video_list: [b, a, c, a] },
    });
    expect(added.status).toBe(200);
    expect(ids(added.body.videos)).toEqual([b, a, c]);
    expect(added.body.videos.map((v: Answer) => v.position)).toEqual([1, 2, 3]);
    expect(added.body).toMatchObject({ duration: 30, number_of_videos: 3, video_id: b });
    expect(added.body.videos[0]).toMatchObject({ title: 'B', genres: [], processing_state: 'ready' });

    const again = await kit.call(`/cuviewTV/add_playlist_video_for_admin/${playlist}/`, {
      method: 'POST',
      json: { video_list: [a] },
    });
    expect(again.body.number_of_videos).toBe(3);
    expect(
      (
        await kit.call(`/cuviewTV/add_playlist_video_for_admin/${playlist}/`, {
          method: 'POST',
          json: { video_list: [] },
        })
      ).body,
    ).toEqual({
      message: 'please, choose a video',
    });
    expect(
      (
        await kit.call(`/cuviewTV/add_playlist_video_for_admin/${playlist}/`, {
          method: 'POST',
          json: { video_list: [999999] },
        })
      ).status,
    ).toBe(404);

    const edited = await kit.call(`/cuviewTV/edit_playlist_for_admin/${playlist}/`, {
      method: 'PUT',
      json: {
        title: 'Reordered',
        status: 0,
        positions: [
          { id: a, position: 1 },
          { id: b, position: 2 },
        ],
      },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ title: 'Reordered', status: 0 });
    expect(ids(edited.body.videos)).toEqual([a, b, c]);

    const removed = await kit.call(`/cuviewTV/delete_playlist_video_for_admin/${a}/${playlist}/`, { method: 'DELETE' });
    expect(removed).toEqual({
      status: 200,
      body: { message: 'Video has been deleted from playlist', revision: edited.body.revision + 1 },
    });
    const info = await kit.call(`/cuviewTV/get_playlist_info/${playlist}/`);
    expect(info.body.revision).toBe(removed.body.revision);
    expect(ids(info.body.videos)).toEqual([b, c]);
    expect(info.body.videos.map((v: Answer) => v.position)).toEqual([1, 2]);
    expect(
      (await kit.call(`/cuviewTV/delete_playlist_video_for_admin/${a}/${playlist}/`, { method: 'DELETE' })).status,
    ).toBe(404);
  });

  it('refuses bad edits', async () => {
    const playlist = await seed.playlist();
    const video = await seed.video();
    await seed.playlistVideos(playlist, [video]);
    expect(
      (await kit.call(`/cuviewTV/edit_playlist_for_admin/${playlist}/`, { method: 'PUT', json: { title: '' } })).body,
    ).toEqual({
      message: 'Please, Provide Title',
    });
    const dup = await kit.call(`/cuviewTV/edit_playlist_for_admin/${playlist}/`, {
      method: 'PUT',
      json: {
        positions: [
          { id: video, position: 1 },
          { id: video, position: 1 },
        ],
      },
    });
    expect(dup.status).toBe(400);
    const badEntry = await kit.call(`/cuviewTV/edit_playlist_for_admin/${playlist}/`, {
      method: 'PUT',
      json: { positions: [{ id: video, position: 'x' }] },
    });
    expect(badEntry.status).toBe(400);
    expect(
      (await kit.call('/cuviewTV/edit_playlist_for_admin/999999/', { method: 'PUT', json: { title: 'x' } })).status,
    ).toBe(404);
    const owner = await createUser(kit.db, false);
    const personal = await seed.playlist({ userId: owner });
    expect((await kit.call(`/cuviewTV/get_playlist_info/${personal}/`)).status).toBe(404);
    expect((await kit.call(`/cuviewTV/delete_playlist_for_admin/${personal}/`, { method: 'DELETE' })).status).toBe(404);
  });

  it('replaces the thumbnail and removes the old file', async () => {
    const created = await kit.call(
      '/cuviewTV/add_playlist_for_admin/',
      formInit([
        { name: 'title', value: 'Thumbs' },
        { name: 'image', filename: 'a.png', data: await png() },
      ]),
    );
    const first = (await thumbnailKey(created.body.id))!;
    const replaced = await kit.call(
      `/cuviewTV/edit_playlist_thumbnail/${created.body.id}/`,
      formInit([{ name: 'image', filename: 'b.jpg', data: await jpeg() }], 'PUT'),
    );
    expect(replaced.status).toBe(200);
    const second = (await thumbnailKey(created.body.id))!;
    expect(second).toMatch(/\.jpg$/);
    await expect(readFile(join(kit.storageDir, first))).rejects.toThrow();
    expect((await readFile(join(kit.storageDir, second))).length).toBeGreaterThan(0);
    const missing = await kit.call(`/cuviewTV/edit_playlist_thumbnail/${created.body.id}/`, formInit([], 'PUT'));
    expect(missing.status).toBe(400);
  });

  it('adds to and removes from a theme (idempotent add), banners in that context go too', async () => {
    const group = await seed.group();
    const [p1, p2] = [await seed.playlist(), await seed.playlist()];
    const video = await seed.video();
    await seed.playlistVideos(p2, [video]);
    expect((await kit.call(`/cuviewTV/add_playlist_to_group/${group}/${p1}/`)).body).toEqual({
      message: 'Playlist Has Been Added To Group',
      group_id: group,
      playlist_id: p1,
      position: 1,
      revision: 2,
    });
    expect((await kit.call(`/cuviewTV/add_playlist_to_group/${group}/${p2}/`)).body.position).toBe(2);
    expect((await kit.call(`/cuviewTV/add_playlist_to_group/${group}/${p1}/`)).body.position).toBe(1);
    expect((await kit.call(`/cuviewTV/add_playlist_to_group/999999/${p1}/`)).status).toBe(404);
    expect((await kit.call(`/cuviewTV/get_playlist_info/${p1}/`)).body.groups).toEqual([group]);
    await seed.banner(video, p2, group, 'in context');
    // The playlist's editor names the banner its video shows in, which leaves with the video.
    const [shown] = (await kit.call(`/cuviewTV/get_playlist_info/${p2}/`)).body.videos;
    expect(shown).toMatchObject({ id: video, banner_titles: ['in context'] });
    expect((await kit.call(`/cuviewTV/get_playlist_info/${p1}/`)).body.videos).toEqual([]);

    expect(await kit.call(`/cuviewTV/delete_playlist_from_group/${group}/${p1}/`, { method: 'DELETE' })).toEqual({
      status: 200,
      body: { message: 'Playlist Has Been Deleted From Group', revision: 4 },
    });
    const positions = await kit.db.query('SELECT playlist_id, position FROM group_playlists WHERE group_id = $1', [
      group,
    ]);
    expect(positions).toEqual([{ playlist_id: p2, position: 1 }]);
    await kit.call(`/cuviewTV/delete_playlist_from_group/${group}/${p2}/`, { method: 'DELETE' });
    expect(await kit.db.query('SELECT 1 FROM banner_videos WHERE title = $1', ['in context'])).toEqual([]);
    expect((await kit.call(`/cuviewTV/delete_playlist_from_group/${group}/${p2}/`, { method: 'DELETE' })).status).toBe(
      404,
    );
  });

  it('deletes a playlist with its thumbnail; its themes close the gap', async () => {
    const group = await seed.group();
    const created = await kit.call(
      '/cuviewTV/add_playlist_for_admin/',
      formInit([
        { name: 'title', value: 'Doomed' },
        { name: 'image', filename: 'a.png', data: await png() },
      ]),
    );
    const other = await seed.playlist();
    await seed.groupPlaylists(group, [created.body.id, other]);
    const key = (await thumbnailKey(created.body.id))!;
    expect(await kit.call(`/cuviewTV/delete_playlist_for_admin/${created.body.id}/`, { method: 'DELETE' })).toEqual({
      status: 200,
      body: { message: 'Playlist Has Been Deleted' },
    });
    await expect(readFile(join(kit.storageDir, key))).rejects.toThrow();
    expect(
      await kit.db.query('SELECT playlist_id, position FROM group_playlists WHERE group_id = $1', [group]),
    ).toEqual([{ playlist_id: other, position: 1 }]);
    expect((await kit.call(`/cuviewTV/get_playlist_info/${created.body.id}/`)).status).toBe(404);
  });

  describe('two staff members editing the same playlist', () => {
    const STALE = {
      message:
        'Someone else saved this playlist after you opened it. Reload to see their changes, then make yours again.',
    };
    const edit = (playlist: number, json: unknown) =>
      kit.call(`/cuviewTV/edit_playlist_for_admin/${playlist}/`, { method: 'PUT', json });
    const stored = async (playlist: number) => ({
      ...(await kit.db.query('SELECT title, status, revision FROM playlists WHERE id = $1', [playlist]))[0],
      order: (
        await kit.db.query('SELECT video_id FROM playlist_videos WHERE playlist_id = $1 ORDER BY position', [playlist])
      ).map((row: Answer) => row.video_id),
    });

    it("refuses a save made from an older revision: title, access and order stay the other person's", async () => {
      const playlist = await seed.playlist({ title: 'Late Night' });
      const [a, b, c] = [await seed.video(), await seed.video(), await seed.video()];
      await seed.playlistVideos(playlist, [a, b, c]);
      const opened = (await kit.call(`/cuviewTV/get_playlist_info/${playlist}/`)).body;
      expect(opened.revision).toBe(1);

      const first = await edit(playlist, { title: 'Late Night Jazz', status: 1, revision: opened.revision });
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({ title: 'Late Night Jazz', revision: 2 });
      const second = await edit(playlist, {
        title: 'Late Night',
        status: 0,
        positions: [
          { id: c, position: 1 },
          { id: a, position: 2 },
          { id: b, position: 3 },
        ],
        revision: opened.revision,
      });
      expect(second).toEqual({ status: 409, body: STALE });
      expect(await stored(playlist)).toEqual({ title: 'Late Night Jazz', status: 1, revision: 2, order: [a, b, c] });
      // The answer's revision is the next save's.
      expect((await edit(playlist, { title: 'Late Night', revision: first.body.revision })).status).toBe(200);
    });

    it('lets exactly one of two saves sent at once from the same revision through', async () => {
      const playlist = await seed.playlist({ title: 'Late Night' });
      const [a, b] = [await seed.video(), await seed.video()];
      await seed.playlistVideos(playlist, [a, b]);
      const swap = [
        { id: b, position: 1 },
        { id: a, position: 2 },
      ];
      const answers = await Promise.all([
        edit(playlist, { title: 'From A', positions: swap, revision: 1 }),
        edit(playlist, { title: 'From B', revision: 1 }),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      const winner = answers.find((answer) => answer.status === 200)!;
      expect(await stored(playlist)).toMatchObject({ title: winner.body.title, revision: 2 });
    });

    it('a removal by someone else makes a save from before it a 409 in plain words, not a list error', async () => {
      const playlist = await seed.playlist({ title: 'Late Night' });
      const [a, b] = [await seed.video(), await seed.video()];
      await seed.playlistVideos(playlist, [a, b]);
      const removed = await kit.call(`/cuviewTV/delete_playlist_video_for_admin/${a}/${playlist}/`, {
        method: 'DELETE',
      });
      expect(removed.body.revision).toBe(2);
      const stale = await edit(playlist, {
        positions: [
          { id: b, position: 1 },
          { id: a, position: 2 },
        ],
        revision: 1,
      });
      expect(stale).toEqual({ status: 409, body: STALE });
      // Whoever removed it goes on from the revision the removal answered.
      expect((await edit(playlist, { title: 'Late Night', revision: removed.body.revision })).status).toBe(200);
      expect(await stored(playlist)).toMatchObject({ revision: 3, order: [b] });
    });

    it('saves without a revision as before; a revision that is not a whole number is a 400', async () => {
      const playlist = await seed.playlist({ title: 'Late Night' });
      expect((await edit(playlist, { title: 'No revision' })).status).toBe(200);
      expect(await stored(playlist)).toMatchObject({ title: 'No revision', revision: 2 });
      expect(await edit(playlist, { title: 'x', revision: 'two' })).toEqual({
        status: 400,
        body: { message: 'revision must be a whole number from 1' },
      });
      expect((await edit(999999, { title: 'x', revision: 1 })).status).toBe(404);
    });
  });
});
