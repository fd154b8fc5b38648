import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { startAdminKit, type AdminTestKit, type Answer } from '../testing/admin-kit.js';
import { Seed } from '../testing/seed.js';

/** Bulk actions of the playlist list (issue 15), the video list's way, on a real Postgres. */
describe('admin playlist bulk actions', () => {
  let kit: AdminTestKit;
  let seed: Seed;
  let p: Record<'alpha' | 'bravo' | 'charlie' | 'personal', number>;
  let theme: number;
  let video: number;

  const bulk = (json: unknown) => kit.call('/cuviewTV/admin/playlists/bulk', { method: 'POST', json });
  const statusOf = async (id: number) =>
    (await kit.db.query('SELECT status FROM playlists WHERE id = $1', [id]))[0]?.status;
  const themeRows = async (groupId = theme) =>
    (
      await kit.db.query('SELECT playlist_id, position FROM group_playlists WHERE group_id = $1 ORDER BY position', [
        groupId,
      ])
    ).map((r: Answer) => [r.playlist_id, r.position]);

  beforeAll(async () => {
    kit = await startAdminKit();
    seed = new Seed(kit.db);
  });
  afterAll(async () => kit?.close());
  beforeEach(async () => {
    await kit.db.query('DELETE FROM banner_videos');
    await kit.db.query('DELETE FROM groups');
    await kit.db.query('DELETE FROM playlists');
    const owner = (await kit.db.query('SELECT id FROM users LIMIT 1'))[0].id;
    p = {
      alpha: await seed.playlist({ title: 'Alpha', status: 1 }),
      bravo: await seed.playlist({ title: 'Bravo', status: 0 }),
      charlie: await seed.playlist({ title: 'Charlie', status: 1 }),
      personal: await seed.playlist({ title: 'Mine', userId: owner }),
    };
    theme = await seed.group({ title: 'Live' });
    await seed.groupPlaylists(theme, [p.bravo]);
    video = await seed.video();
    await seed.playlistVideos(p.bravo, [video]);
  });

  it('switches access of the chosen playlists in one call', async () => {
    const { status, body } = await bulk({ action: 'access_off', ids: [p.alpha, p.charlie] });
    expect(status).toBe(200);
    expect(body).toEqual({ action: 'access_off', matched: 2, changed: 2, skipped: [], message: '2 playlists changed' });
    expect([await statusOf(p.alpha), await statusOf(p.charlie)]).toEqual([0, 0]);
  });

  it('acts on everything a filter matches, never on a viewer’s own playlist', async () => {
    const { body } = await bulk({ action: 'access_off', filter: {} });
    expect(body).toMatchObject({ matched: 3, changed: 2 });
    expect(await statusOf(p.personal)).toBe(1);
    const themed = await bulk({ action: 'access_on', filter: { theme } });
    expect(themed.body).toMatchObject({ matched: 1, changed: 1 });
    expect(await statusOf(p.bravo)).toBe(1);
  });

  it('adds to a theme after what it holds and names those already there, and those not found', async () => {
    const { body } = await bulk({
      action: 'add_to_theme',
      ids: [p.charlie, p.bravo, p.alpha, p.personal, 999_999],
      group_id: theme,
    });
    expect(body.changed).toBe(2);
    expect(body.skipped).toEqual([
      { id: p.personal, reason: 'not found' },
      { id: 999_999, reason: 'not found' },
      { id: p.bravo, reason: 'already in the theme' },
    ]);
    expect(await themeRows()).toEqual([
      [p.bravo, 1],
      [p.charlie, 2],
      [p.alpha, 3],
    ]);
  });

  it('takes playlists out of a theme; the theme and the banners shown there close their gaps', async () => {
    await bulk({ action: 'add_to_theme', ids: [p.alpha, p.charlie], group_id: theme });
    const other = await seed.group();
    await seed.groupPlaylists(other, [p.bravo]);
    await seed.banner(video, p.bravo, theme, 'in Live');
    await seed.banner(video, p.bravo, other, 'elsewhere');
    const { body } = await bulk({ action: 'remove_from_theme', ids: [p.bravo, p.alpha], group_id: theme });
    expect(body).toMatchObject({ changed: 2, skipped: [] });
    expect(await themeRows()).toEqual([[p.charlie, 1]]);
    expect(await kit.db.query('SELECT title, position FROM banner_videos')).toEqual([
      { title: 'elsewhere', position: 1 },
    ]);
    const again = await bulk({ action: 'remove_from_theme', ids: [p.bravo], group_id: theme });
    expect(again.body.skipped).toEqual([{ id: p.bravo, reason: 'not in the theme' }]);
  });

  it('deletes playlists with their theme entries and banners, every list closing its gap', async () => {
    await bulk({ action: 'add_to_theme', ids: [p.alpha, p.charlie], group_id: theme });
    await seed.banner(video, p.bravo, theme);
    const keep = await seed.video();
    await seed.playlistVideos(p.charlie, [keep]);
    await seed.banner(keep, p.charlie, theme, 'stays');
    const { body } = await bulk({ action: 'delete', ids: [p.bravo, p.alpha] });
    expect(body).toMatchObject({ changed: 2, message: '2 playlists changed' });
    expect(await themeRows()).toEqual([[p.charlie, 1]]);
    expect(await kit.db.query('SELECT title, position FROM banner_videos')).toEqual([{ title: 'stays', position: 1 }]);
    expect(await kit.db.query('SELECT id FROM videos WHERE id = $1', [video])).toHaveLength(1);
    expect(await statusOf(p.personal)).toBe(1);
  });

  it.each([
    [{ action: 'explode', ids: [1] }, 'action must be one of'],
    [{ action: 'access_on' }, 'Give either ids or filter'],
    [{ action: 'access_on', ids: [1], filter: {} }, 'Give either ids or filter'],
    [{ action: 'access_on', ids: [] }, 'please, choose a playlist'],
    [{ action: 'access_on', ids: [1.5] }, 'ids must be a list of playlist ids'],
    [{ action: 'access_on', ids: Array.from({ length: 1001 }, (_, i) => i + 1) }, 'At most 1000 playlists'],
    [{ action: 'add_to_theme', ids: [1] }, 'Choose a theme'],
    [{ action: 'access_on', ids: [1], group_id: 1 }, 'group_id belongs to'],
    [{ action: 'access_on', filter: { from: '2026-02-30' } }, 'from must be a date'],
    [{ action: 'access_on', filter: { from: '2026-03-02', to: '2026-03-01' } }, 'from must not be after to'],
    [{ action: 'access_on', filter: { sort: 'title' } }, 'sort'],
    [{ action: 'access_on', ids: [1], user_id: 3 }, 'Unknown field: user_id'],
  ])('refuses %j with a 400 and changes nothing', async (json, message) => {
    const before = await kit.db.query('SELECT id, status, updated_at FROM playlists ORDER BY id');
    const { status, body } = await bulk(json);
    expect(status).toBe(400);
    expect(body.message).toContain(message);
    expect(await kit.db.query('SELECT id, status, updated_at FROM playlists ORDER BY id')).toEqual(before);
  });

  it('answers 404 for an unknown theme, 403 to a viewer, and changes nothing', async () => {
    expect((await bulk({ action: 'add_to_theme', ids: [p.alpha], group_id: 777_777 })).status).toBe(404);
    const viewer = await kit.api.request('/cuviewTV/admin/playlists/bulk', {
      method: 'POST',
      token: kit.viewerToken,
      json: { action: 'delete', ids: [p.alpha] },
    });
    expect(viewer.status).toBe(403);
    expect(await statusOf(p.alpha)).toBe(1);
    expect(await themeRows()).toEqual([[p.bravo, 1]]);
  });

  it('keeps theme positions whole when two staff act on the same theme at once', async () => {
    const more: number[] = [];
    for (let i = 0; i < 16; i++) more.push(await seed.playlist({ title: `Extra ${i}` }));
    const answers = await Promise.all([
      bulk({ action: 'add_to_theme', ids: more.slice(0, 10), group_id: theme }),
      bulk({ action: 'add_to_theme', ids: more.slice(6), group_id: theme }),
      bulk({ action: 'remove_from_theme', ids: [p.bravo, more[0]!], group_id: theme }),
      bulk({ action: 'delete', ids: [more[15]!] }),
      kit.call(`/cuviewTV/add_playlist_to_group/${theme}/${p.alpha}/`),
      bulk({ action: 'access_off', filter: { theme } }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const rows = await themeRows();
    expect(rows.map(([, position]: number[]) => position)).toEqual(rows.map((_: unknown, i: number) => i + 1));
    expect(new Set(rows.map(([id]: number[]) => id)).size).toBe(rows.length);
    expect(rows.map(([id]: number[]) => id)).not.toContain(more[15]);
  });
});
