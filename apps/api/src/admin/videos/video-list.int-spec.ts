import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { FilterKind } from '@app/contracts';
import { startAdminKit, type AdminTestKit, type Answer } from '../testing/admin-kit.js';
import { Seed } from '../testing/seed.js';

/** The sortable, filterable video list and bulk actions (issue 15), on a real Postgres. */
describe('admin video list and bulk actions', () => {
  let kit: AdminTestKit;
  let seed: Seed;
  let v: Record<'alpha' | 'bravo' | 'charlie' | 'delta', number>;
  let tag: number;
  let genre: number;
  let playlist: number;
  let theme: number;

  const titles = (body: Answer): string[] => body.videos.map((video: Answer) => video.title);
  const list = (query: string) => kit.call(`/cuviewTV/admin/videos?${query}`);
  const bulk = (json: unknown) => kit.call('/cuviewTV/admin/videos/bulk', { method: 'POST', json });
  const statusOf = async (id: number): Promise<number> =>
    (await kit.db.query('SELECT status FROM videos WHERE id = $1', [id]))[0]?.status;

  beforeAll(async () => {
    kit = await startAdminKit();
    seed = new Seed(kit.db);
  });
  afterAll(async () => {
    await kit?.close();
  });

  beforeEach(async () => {
    await kit.db.query('TRUNCATE videos, playlists, groups, tags, genres RESTART IDENTITY CASCADE');
    v = {
      alpha: await seed.video({ title: 'Alpha Song', duration: 300, status: 1, processingState: 'ready' }),
      bravo: await seed.video({
        title: 'bravo tune',
        duration: 60,
        status: 0,
        processingState: 'failed',
        originalKey: 'o/b.mp4',
      }),
      charlie: await seed.video({ title: 'Charlie', duration: 180, status: 1, processingState: 'queued' }),
      delta: await seed.video({ title: 'Délta', duration: 120, status: 0, processingState: 'failed' }),
    };
    // Distinct days added and changed, oldest first.
    for (const [i, id] of Object.values(v).entries()) {
      await kit.db.query(`UPDATE videos SET created_at = $2::timestamptz, updated_at = $3::timestamptz WHERE id = $1`, [
        id,
        `2026-01-0${i + 1}T12:00:00Z`,
        `2026-02-0${4 - i}T12:00:00Z`,
      ]);
    }
    tag = await seed.name('tags', 'live');
    genre = await seed.name('genres', 'Jazz');
    await seed.link('video_tags', v.alpha, tag);
    await seed.link('video_tags', v.charlie, tag);
    await seed.link('video_genre_links', v.charlie, genre);
    playlist = await seed.playlist({ title: 'Evening' });
    await seed.playlistVideos(playlist, [v.bravo, v.delta]);
    theme = await seed.group({ title: 'Late' });
    await seed.groupPlaylists(theme, [playlist]);
  });

  describe('sorting', () => {
    it.each([
      ['sort=title', ['Alpha Song', 'bravo tune', 'Charlie', 'Délta']],
      ['sort=title&order=desc', ['Délta', 'Charlie', 'bravo tune', 'Alpha Song']],
      ['sort=duration', ['bravo tune', 'Délta', 'Charlie', 'Alpha Song']],
      ['sort=created', ['Délta', 'Charlie', 'bravo tune', 'Alpha Song']],
      ['sort=created&order=asc', ['Alpha Song', 'bravo tune', 'Charlie', 'Délta']],
      ['sort=updated', ['Alpha Song', 'bravo tune', 'Charlie', 'Délta']],
      ['sort=access', ['bravo tune', 'Délta', 'Alpha Song', 'Charlie']],
      ['sort=state', ['bravo tune', 'Délta', 'Charlie', 'Alpha Song']],
      ['', ['Délta', 'Charlie', 'bravo tune', 'Alpha Song']],
    ])('%s', async (query, expected) => {
      const { status, body } = await list(query);
      expect(status).toBe(200);
      expect(titles(body)).toEqual(expected);
      expect(body.videoLength).toBe(4);
    });

    it('pages with the chosen size and keeps the count of the whole list', async () => {
      const first = await list('sort=title&page_size=3');
      const second = await list('sort=title&page_size=3&page=2');
      expect(titles(first.body)).toEqual(['Alpha Song', 'bravo tune', 'Charlie']);
      expect(titles(second.body)).toEqual(['Délta']);
      expect(second.body.videoLength).toBe(4);
    });
  });

  describe('filters', () => {
    it.each([
      ['access=on', ['Alpha Song', 'Charlie']],
      ['access=off', ['bravo tune', 'Délta']],
      ['state=failed', ['bravo tune', 'Délta']],
      ['state=queued,ready', ['Alpha Song', 'Charlie']],
      ['from=2026-01-02&to=2026-01-03', ['bravo tune', 'Charlie']],
      ['to=2026-01-01', ['Alpha Song']],
      ['q=delta', ['Délta']],
      ['access=off&state=failed&q=bravo', ['bravo tune']],
    ])('%s', async (query, expected) => {
      const { status, body } = await list(`${query}&sort=title`);
      expect(status).toBe(200);
      expect(titles(body)).toEqual(expected);
      expect(body.videoLength).toBe(expected.length);
    });

    it('by playlist, theme, tag and genre', async () => {
      expect(titles((await list(`playlist=${playlist}&sort=title`)).body)).toEqual(['bravo tune', 'Délta']);
      expect(titles((await list(`theme=${theme}&sort=title`)).body)).toEqual(['bravo tune', 'Délta']);
      const byTag = `filter=${encodeURIComponent(`${tag}!${FilterKind.Tag}`)}&sort=title`;
      expect(titles((await list(byTag)).body)).toEqual(['Alpha Song', 'Charlie']);
      const both = `filter=${encodeURIComponent(`${tag}!${FilterKind.Tag}|${genre}!${FilterKind.Genre}`)}`;
      expect(titles((await list(both)).body)).toEqual(['Charlie']);
    });

    it.each([
      ['sort=colour', 'sort must be one of'],
      ['order=up', 'order must be asc or desc'],
      ['page_size=101', 'page_size must be a whole number from 1 to 100'],
      ['page_size=1e1', 'page_size must be a whole number'],
      ['page=0', 'page must be a whole number from 1'],
      ['access=maybe', 'access must be on or off'],
      ['state=done', 'state must list processing states'],
      ['from=2026-13-01', 'from must be a date'],
      ['from=2026-02-01&to=2026-01-01', 'from must not be after to'],
      ['playlist=abc', 'playlist must be a whole number from 1'],
      ['filter=1!99', 'unknown filter kind'],
      ['colour=red', 'Unknown field: colour'],
    ])('refuses %s with a 400 that says why', async (query, message) => {
      const { status, body } = await list(query);
      expect(status).toBe(400);
      expect(body.message).toContain(message);
    });
  });

  describe('bulk actions', () => {
    it('switches access off for the chosen videos in one go', async () => {
      const { status, body } = await bulk({ action: 'access_off', ids: [v.alpha, v.charlie] });
      expect(status).toBe(200);
      expect(body).toMatchObject({ action: 'access_off', matched: 2, changed: 2, skipped: [] });
      expect(await statusOf(v.alpha)).toBe(0);
      expect(await statusOf(v.charlie)).toBe(0);
    });

    it('acts on everything a filter matches', async () => {
      const { body } = await bulk({ action: 'access_on', filter: { state: ['failed'] } });
      expect(body).toMatchObject({ matched: 2, changed: 2 });
      expect(await statusOf(v.bravo)).toBe(1);
      expect(await statusOf(v.delta)).toBe(1);
      expect(await statusOf(v.alpha)).toBe(1);
    });

    it('names the videos it could not take and changes the rest (a partial failure)', async () => {
      const gone = 999_999;
      const { status, body } = await bulk({ action: 'retry', ids: [v.bravo, v.delta, v.alpha, gone] });
      expect(status).toBe(200);
      expect(body.changed).toBe(1);
      expect(body.skipped).toEqual([
        { id: gone, reason: 'not found' },
        { id: v.alpha, reason: 'no uploaded file to process' },
        { id: v.delta, reason: 'no uploaded file to process' },
      ]);
      const [row] = await kit.db.query('SELECT processing_state FROM videos WHERE id = $1', [v.bravo]);
      expect(row.processing_state).toBe('queued');
    });

    it('adds to a playlist after what it holds, skipping videos already in it', async () => {
      const { body } = await bulk({
        action: 'add_to_playlist',
        ids: [v.charlie, v.bravo, v.alpha],
        playlist_id: playlist,
      });
      expect(body).toMatchObject({ changed: 2, skipped: [{ id: v.bravo, reason: 'already in the playlist' }] });
      const rows = await kit.db.query(
        'SELECT video_id, position FROM playlist_videos WHERE playlist_id = $1 ORDER BY position',
        [playlist],
      );
      expect(rows.map((r: Answer) => r.video_id)).toEqual([v.bravo, v.delta, v.charlie, v.alpha]);
    });

    it('adds and removes tags without duplicating links', async () => {
      const other = await seed.name('tags', 'encore');
      const add = await bulk({ action: 'add_tags', ids: [v.alpha, v.bravo], tag_ids: [tag, other] });
      expect(add.body.changed).toBe(2);
      const count = async () => (await kit.db.query('SELECT count(*)::int AS n FROM video_tags'))[0].n;
      expect(await count()).toBe(5);
      const again = await bulk({ action: 'add_tags', ids: [v.alpha, v.bravo], tag_ids: [tag, other] });
      expect(again.body.changed).toBe(0);
      const remove = await bulk({ action: 'remove_tags', filter: {}, tag_ids: [tag] });
      expect(remove.body.changed).toBe(3);
      expect(await count()).toBe(2);
    });

    it('deletes the chosen videos; the playlist closes its gap', async () => {
      const { body } = await bulk({ action: 'delete', ids: [v.bravo] });
      expect(body).toMatchObject({ changed: 1, message: '1 video changed' });
      const rows = await kit.db.query('SELECT video_id, position FROM playlist_videos WHERE playlist_id = $1', [
        playlist,
      ]);
      expect(rows).toEqual([{ video_id: v.delta, position: 1 }]);
    });

    it.each([
      [{ action: 'explode', ids: [1] }, 'action must be one of'],
      [{ action: 'access_on' }, 'Give either ids or filter'],
      [{ action: 'access_on', ids: [1], filter: {} }, 'Give either ids or filter'],
      [{ action: 'access_on', ids: [] }, 'please, choose a video'],
      [{ action: 'access_on', ids: ['1'] }, 'ids must be a list of video ids'],
      [{ action: 'access_on', ids: Array.from({ length: 1001 }, (_, i) => i + 1) }, 'At most 1000 videos'],
      [{ action: 'add_to_playlist', ids: [1] }, 'Choose a playlist'],
      [{ action: 'add_tags', ids: [1] }, 'Choose tags'],
      [{ action: 'add_tags', ids: [1], tag_ids: [424242] }, 'Unknown tag 424242'],
      [{ action: 'access_on', filter: { access: 'sideways' } }, 'access must be on or off'],
      [{ action: 'access_on', ids: [1], is_staff: true }, 'Unknown field: is_staff'],
    ])('refuses %j with a 400 and changes nothing', async (json, message) => {
      const before = await kit.db.query('SELECT id, status, updated_at FROM videos ORDER BY id');
      const { status, body } = await bulk(json);
      expect(status).toBe(400);
      expect(body.message).toContain(message);
      expect(await kit.db.query('SELECT id, status, updated_at FROM videos ORDER BY id')).toEqual(before);
    });

    it('answers 404 for an unknown playlist and changes nothing', async () => {
      const { status } = await bulk({ action: 'add_to_playlist', ids: [v.alpha], playlist_id: 777_777 });
      expect(status).toBe(404);
      expect((await kit.db.query('SELECT count(*)::int AS n FROM playlist_videos'))[0].n).toBe(2);
    });

    it('is staff only: a viewer is refused and nothing changes', async () => {
      const response = await kit.api.request('/cuviewTV/admin/videos/bulk', {
        method: 'POST',
        token: kit.viewerToken,
        json: { action: 'access_off', ids: [v.alpha] },
      });
      expect(response.status).toBe(403);
      expect(await statusOf(v.alpha)).toBe(1);
      const anonymous = await kit.api.request('/cuviewTV/admin/videos?sort=title');
      expect(anonymous.status).toBe(401);
    });

    it('keeps playlist positions whole when bulk adds race each other', async () => {
      const more = [];
      for (let i = 0; i < 20; i++) more.push(await seed.video({ title: `Extra ${i}` }));
      const answers = await Promise.all([
        bulk({ action: 'add_to_playlist', ids: more.slice(0, 15), playlist_id: playlist }),
        bulk({ action: 'add_to_playlist', ids: more.slice(5), playlist_id: playlist }),
        bulk({ action: 'access_off', ids: more }),
        bulk({ action: 'access_on', ids: [...more].reverse() }),
      ]);
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
      const rows: Answer[] = await kit.db.query(
        'SELECT video_id, position FROM playlist_videos WHERE playlist_id = $1 ORDER BY position',
        [playlist],
      );
      expect(rows.map((r) => r.position)).toEqual(Array.from({ length: 22 }, (_, i) => i + 1));
      expect(new Set(rows.map((r) => r.video_id)).size).toBe(22);
      expect(answers[0]!.body.changed + answers[1]!.body.changed).toBe(20);
    });
  });
});
