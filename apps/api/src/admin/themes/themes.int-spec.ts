import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { startAdminKit, type AdminTestKit, type Answer } from '../testing/admin-kit.js';
import { formInit } from '../testing/forms.js';
import { Seed } from '../testing/seed.js';

describe('admin themes (groups)', () => {
  let kit: AdminTestKit;
  let seed: Seed;

  beforeAll(async () => {
    kit = await startAdminKit();
    seed = new Seed(kit.db);
  });
  afterAll(async () => kit?.close());
  beforeEach(async () => {
    await kit.db.query('DELETE FROM groups');
  });

  const order = async (): Promise<string[]> =>
    (await kit.call('/cuviewTV/get_groups_for_admin/')).body.map((g: Answer) => `${g.position}:${g.title}`);

  it('adds themes at the end and lists them in order with their playlist counts', async () => {
    const a = await kit.call('/cuviewTV/add_group/', { method: 'POST', json: { title: ' Jazz ' } });
    expect(a.status).toBe(201);
    expect(a.body).toEqual({
      id: expect.any(Number),
      title: 'Jazz',
      status: 1,
      position: 1,
      number_of_playlists: 0,
      revision: 1,
      playlists: [],
    });
    await kit.call('/cuviewTV/add_group/', { method: 'POST', json: { title: 'Rock', status: 0 } });
    const p1 = await seed.playlist();
    await seed.groupPlaylists(a.body.id, [p1]);
    const list = await kit.call('/cuviewTV/get_groups_for_admin/');
    expect(list.body).toEqual([
      { id: a.body.id, title: 'Jazz', status: 1, position: 1, number_of_playlists: 1 },
      { id: expect.any(Number), title: 'Rock', status: 0, position: 2, number_of_playlists: 0 },
    ]);
  });

  it("refuses a theme without a title: 'Please, Provide Title'", async () => {
    for (const json of [{}, { title: '' }, { title: '   ' }, { title: 5 }]) {
      expect(await kit.call('/cuviewTV/add_group/', { method: 'POST', json })).toEqual({
        status: 400,
        body: { message: 'Please, Provide Title' },
      });
    }
    const extra = await kit.call('/cuviewTV/add_group/', { method: 'POST', json: { title: 'X', position: 1 } });
    expect(extra).toEqual({ status: 400, body: { message: 'Unknown field: position' } });
  });

  it('answers a theme with its playlists, durations counting visible videos only', async () => {
    const group = await seed.group({ title: 'Concerts' });
    const playlist = await seed.playlist({ title: 'Live' });
    const v1 = await seed.video({ duration: 100 });
    const v2 = await seed.video({ duration: 50, status: 0 });
    await seed.playlistVideos(playlist, [v1, v2]);
    await seed.groupPlaylists(group, [playlist]);
    const { status, body } = await kit.call(`/cuviewTV/get_group_info/${group}/`);
    expect(status).toBe(200);
    expect(body.playlists).toEqual([
      {
        id: playlist,
        title: 'Live',
        status: 1,
        position: 1,
        duration: 100,
        number_of_videos: 2,
        video_id: v1,
        updated: expect.any(String),
        has_thumbnail: false,
        image: null,
      },
    ]);
    expect((await kit.call('/cuviewTV/get_group_info/999999/')).status).toBe(404);
  });

  it('edits title, status and playlist positions in one call', async () => {
    const group = await seed.group({ title: 'T' });
    const [p1, p2, p3] = [await seed.playlist(), await seed.playlist(), await seed.playlist()];
    await seed.groupPlaylists(group, [p1, p2, p3]);
    const { status, body } = await kit.call(`/cuviewTV/edit_group/${group}/`, {
      method: 'PUT',
      json: {
        title: 'Renamed',
        status: 0,
        positions: [
          { id: p3, position: 1 },
          { id: p1, position: 2 },
          { id: p2, position: 3 },
        ],
      },
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ title: 'Renamed', status: 0 });
    expect(body.playlists.map((p: Answer) => p.id)).toEqual([p3, p1, p2]);

    const gap = await kit.call(`/cuviewTV/edit_group/${group}/`, {
      method: 'PUT',
      json: { positions: [{ id: p3, position: 5 }] },
    });
    expect(gap.status).toBe(400);
    expect(gap.body.message).toMatch(/Positions must run from 1 to 3/);
    const stranger = await kit.call(`/cuviewTV/edit_group/${group}/`, {
      method: 'PUT',
      json: { positions: [{ id: 999999, position: 1 }] },
    });
    expect(stranger).toEqual({ status: 400, body: { message: 'Playlist 999999 is not in this theme' } });
    const empty = await kit.call(`/cuviewTV/edit_group/${group}/`, { method: 'PUT', json: { title: ' ' } });
    expect(empty).toEqual({ status: 400, body: { message: 'Please, Provide Title' } });
    const badStatus = await kit.call(`/cuviewTV/edit_group/${group}/`, { method: 'PUT', json: { status: 3 } });
    expect(badStatus.status).toBe(400);
    // A refused edit changes nothing.
    expect((await kit.call(`/cuviewTV/get_group_info/${group}/`)).body.playlists.map((p: Answer) => p.id)).toEqual([
      p3,
      p1,
      p2,
    ]);
    expect((await kit.call('/cuviewTV/edit_group/999999/', { method: 'PUT', json: { title: 'x' } })).status).toBe(404);
  });

  it('arranges with move semantics, both directions; a drop on itself changes nothing', async () => {
    for (const title of ['A', 'B', 'C', 'D', 'E']) await seed.group({ title });
    const down = await kit.call('/cuviewTV/arrange_groups/1/4/');
    expect(down.status).toBe(200);
    expect(down.body.map((g: Answer) => g.title)).toEqual(['B', 'C', 'D', 'A', 'E']);
    await kit.call('/cuviewTV/arrange_groups/5/2/');
    expect(await order()).toEqual(['1:B', '2:E', '3:C', '4:D', '5:A']);
    await kit.call('/cuviewTV/arrange_groups/3/3/');
    expect(await order()).toEqual(['1:B', '2:E', '3:C', '4:D', '5:A']);
    expect((await kit.call('/cuviewTV/arrange_groups/9/1/')).status).toBe(404);
    expect((await kit.call('/cuviewTV/arrange_groups/1/9/')).status).toBe(400);
    expect((await kit.call('/cuviewTV/arrange_groups/0/1/')).status).toBe(400);
  });

  it('keeps positions 1..n when many moves race', async () => {
    for (let i = 1; i <= 6; i++) await seed.group({ title: `G${i}` });
    const moves = Array.from({ length: 12 }, (_, i) =>
      kit.call(`/cuviewTV/arrange_groups/${(i % 6) + 1}/${((i * 5) % 6) + 1}/`),
    );
    const answers = await Promise.all(moves);
    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(200));
    const positions = (await kit.call('/cuviewTV/get_groups_for_admin/')).body.map((g: Answer) => g.position);
    expect(positions).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('deletes a theme, closes the gap, and removes its banners (closing their gap too)', async () => {
    const [a, b, c] = [
      await seed.group({ title: 'A' }),
      await seed.group({ title: 'B' }),
      await seed.group({ title: 'C' }),
    ];
    const playlist = await seed.playlist();
    const video = await seed.video();
    await seed.playlistVideos(playlist, [video]);
    await seed.groupPlaylists(a, [playlist]);
    await seed.groupPlaylists(b, [playlist]);
    await seed.banner(video, playlist, a, 'first');
    await seed.banner(video, playlist, b, 'second');
    expect(await kit.call(`/cuviewTV/delete_group/${a}/`, { method: 'DELETE' })).toEqual({
      status: 200,
      body: { message: 'Group has been deleted' },
    });
    expect(await order()).toEqual(['1:B', '2:C']);
    const banners = await kit.db.query('SELECT title, position FROM banner_videos ORDER BY position');
    expect(banners).toEqual([{ title: 'second', position: 1 }]);
    expect((await kit.call(`/cuviewTV/delete_group/${a}/`, { method: 'DELETE' })).status).toBe(404);
    expect(c).toBeGreaterThan(0);
  });

  describe('two staff members editing the same theme', () => {
    const STALE = {
      message: 'Someone else saved this theme after you opened it. Reload to see their changes, then make yours again.',
    };
    const edit = (group: number, json: unknown) => kit.call(`/cuviewTV/edit_group/${group}/`, { method: 'PUT', json });
    const stored = async (group: number) => ({
      ...(await kit.db.query('SELECT title, status, revision FROM groups WHERE id = $1', [group]))[0],
      order: (
        await kit.db.query('SELECT playlist_id FROM group_playlists WHERE group_id = $1 ORDER BY position', [group])
      ).map((row: Answer) => row.playlist_id),
    });

    it('refuses a body that is not a JSON object (a multipart form, null, a list) and raises nothing', async () => {
      const group = await seed.group({ title: 'Morning' });
      const before = await stored(group);
      const form = await kit.call(
        `/cuviewTV/edit_group/${group}/`,
        formInit(
          [
            { name: 'title', value: 'changed by a form' },
            { name: 'revision', value: '1' },
          ],
          'PUT',
        ),
      );
      expect(form).toEqual({ status: 415, body: { message: 'Send the body as JSON (application/json)' } });
      for (const json of [null, [], 'text', 5]) {
        expect(await edit(group, json)).toEqual({ status: 400, body: { message: 'The body must be a JSON object' } });
      }
      expect(await stored(group)).toEqual(before);
    });

    it("refuses a save made from an older revision: title, access and order stay the other person's", async () => {
      const group = await seed.group({ title: 'Evening' });
      const [p1, p2] = [await seed.playlist(), await seed.playlist()];
      await seed.groupPlaylists(group, [p1, p2]);
      const opened = (await kit.call(`/cuviewTV/get_group_info/${group}/`)).body;
      expect(opened.revision).toBe(1);

      const first = await edit(group, { title: 'Evening Jazz', revision: opened.revision });
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({ title: 'Evening Jazz', revision: 2 });
      const second = await edit(group, {
        title: 'Evening',
        status: 0,
        positions: [
          { id: p2, position: 1 },
          { id: p1, position: 2 },
        ],
        revision: opened.revision,
      });
      expect(second).toEqual({ status: 409, body: STALE });
      expect(await stored(group)).toEqual({ title: 'Evening Jazz', status: 1, revision: 2, order: [p1, p2] });
      expect((await edit(group, { title: 'Evening', revision: first.body.revision })).status).toBe(200);
    });

    it('lets exactly one of two saves sent at once from the same revision through', async () => {
      const group = await seed.group({ title: 'Evening' });
      const [p1, p2] = [await seed.playlist(), await seed.playlist()];
      await seed.groupPlaylists(group, [p1, p2]);
      const answers = await Promise.all([
        edit(group, {
          title: 'From A',
          positions: [
            { id: p2, position: 1 },
            { id: p1, position: 2 },
          ],
          revision: 1,
        }),
        edit(group, { title: 'From B', status: 0, revision: 1 }),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      const winner = answers.find((answer) => answer.status === 200)!;
      expect(await stored(group)).toMatchObject({ title: winner.body.title, revision: 2 });
    });

    it('a playlist taken out by someone else makes a save from before it a 409; without a revision it saves', async () => {
      const group = await seed.group({ title: 'Evening' });
      const [p1, p2] = [await seed.playlist(), await seed.playlist()];
      await seed.groupPlaylists(group, [p1, p2]);
      const removed = await kit.call(`/cuviewTV/delete_playlist_from_group/${group}/${p1}/`, { method: 'DELETE' });
      expect(removed.body.revision).toBe(2);
      const stale = await edit(group, {
        positions: [
          { id: p2, position: 1 },
          { id: p1, position: 2 },
        ],
        revision: 1,
      });
      expect(stale).toEqual({ status: 409, body: STALE });
      expect((await edit(group, { title: 'Evening', revision: removed.body.revision })).status).toBe(200);
      expect((await edit(group, { title: 'No revision' })).status).toBe(200);
      expect(await stored(group)).toEqual({ title: 'No revision', status: 1, revision: 4, order: [p2] });
    });
  });
});
