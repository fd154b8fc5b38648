import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startAdminKit, type AdminTestKit, type Answer } from '../testing/admin-kit.js';
import { Seed } from '../testing/seed.js';

/**
 * Themes, categories and banners as sortable, filterable, paged lists (issue 15), whose default
 * stays the order viewers see: the themes' and banners' hand order, the categories' titles.
 */
describe('themes, categories and banners lists', () => {
  let kit: AdminTestKit;
  let themes: Record<'rock' | 'jazz' | 'blues', number>;
  let playlist: number;
  let tag: number;

  const titles = async (path: string, field: string, key = 'title'): Promise<string[]> => {
    const { status, body } = await kit.call(`/cuviewTV/admin/${path}`);
    expect([path, status]).toEqual([path, 200]);
    return body[field].map((row: Answer) => row[key]);
  };

  beforeAll(async () => {
    kit = await startAdminKit();
    const seed = new Seed(kit.db);
    // Hand order: Rock, jazz, Blues (not alphabetical, not by date).
    themes = {
      rock: await seed.group({ title: 'Rock', status: 1 }),
      jazz: await seed.group({ title: 'jazz', status: 0 }),
      blues: await seed.group({ title: 'Blues', status: 1 }),
    };
    for (const [id, day] of [
      [themes.rock, '2026-03-02'],
      [themes.jazz, '2026-03-03'],
      [themes.blues, '2026-03-01'],
    ] as const) {
      await kit.db.query('UPDATE groups SET created_at = $2::timestamptz WHERE id = $1', [id, `${day}T10:00:00Z`]);
    }
    playlist = await seed.playlist({ title: 'Live sets' });
    const other = await seed.playlist({ title: 'Studio' });
    await seed.groupPlaylists(themes.jazz, [playlist]);
    await seed.groupPlaylists(themes.blues, [playlist, other]);
    const video = await seed.video();
    await seed.playlistVideos(playlist, [video]);
    await seed.playlistVideos(other, [video]);
    await seed.banner(video, playlist, themes.blues, 'Zebra night');
    await seed.banner(video, other, themes.blues, 'apple day');
    await seed.banner(video, playlist, themes.jazz, 'Mango');
    await kit.db.query(`UPDATE banner_videos SET status = 0 WHERE title = 'apple day'`);
    tag = await seed.name('tags', 'festival');
    const cats = [
      await seed.category({ title: 'Opera', status: 1 }),
      await seed.category({ title: 'Ambient', status: 0 }),
      await seed.category({ title: 'Metal', status: 1 }),
    ];
    await kit.db.query('INSERT INTO category_tags (category_id, tag_id) VALUES ($1, $2)', [cats[2], tag]);
  });
  afterAll(async () => kit?.close());

  it.each([
    ['', ['Rock', 'jazz', 'Blues']],
    ['sort=position&order=desc', ['Blues', 'jazz', 'Rock']],
    ['sort=title', ['Blues', 'jazz', 'Rock']],
    ['sort=created', ['jazz', 'Rock', 'Blues']],
    ['sort=access', ['jazz', 'Rock', 'Blues']],
    ['access=on', ['Rock', 'Blues']],
    ['from=2026-03-02&to=2026-03-02', ['Rock']],
    ['q=JAZ', ['jazz']],
    ['page_size=2&page=2', ['Blues']],
  ])('themes ?%s', async (query, expected) => {
    expect(await titles(`themes?${query}`, 'groups')).toEqual(expected);
  });

  it('themes: filtered by a playlist they hold, counted over every page, with position and date', async () => {
    const { body } = await kit.call(`/cuviewTV/admin/themes?playlist=${playlist}&page_size=1`);
    expect(body.groupLength).toBe(2);
    expect(body.groups).toEqual([
      {
        id: themes.jazz,
        title: 'jazz',
        status: 0,
        position: 2,
        number_of_playlists: 1,
        created: '2026-03-03T10:00:00Z',
      },
    ]);
  });

  it.each([
    ['', ['Zebra night', 'apple day', 'Mango']],
    ['sort=title', ['apple day', 'Mango', 'Zebra night']],
    ['sort=access&order=desc', ['Mango', 'Zebra night', 'apple day']],
    ['access=off', ['apple day']],
    ['theme=JAZZ', ['Mango']],
    ['playlist=PLAYLIST', ['Zebra night', 'Mango']],
    ['q=zebra', ['Zebra night']],
  ])('banners ?%s', async (query, expected) => {
    const path = `banners?${query.replace('JAZZ', String(themes.jazz)).replace('PLAYLIST', String(playlist))}`;
    expect(await titles(path, 'banners', 'banner_title')).toEqual(expected);
  });

  it.each([
    ['', ['Ambient', 'Metal', 'Opera']],
    ['order=desc', ['Opera', 'Metal', 'Ambient']],
    ['sort=access', ['Ambient', 'Opera', 'Metal']],
    ['access=on', ['Metal', 'Opera']],
    ['tag=TAG', ['Metal']],
    ['q=per', ['Opera']],
  ])('categories ?%s', async (query, expected) => {
    expect(await titles(`categories?${query.replace('TAG', String(tag))}`, 'categories')).toEqual(expected);
  });

  it.each([
    'themes?sort=duration',
    'themes?sort=title;DROP TABLE groups',
    'themes?page_size=101',
    'themes?page_size=1000000000000',
    'themes?page=0',
    'themes?from=2026-02-30',
    'themes?playlist=-1',
    'banners?sort=created',
    'banners?from=2026-01-01',
    'banners?theme=abc',
    'categories?sort=position',
    'categories?to=2026-01-01',
    'categories?tag=1e3',
    `categories?q=${'x'.repeat(1000)}`,
  ])('refuses %s with a 400 naming the problem', async (path) => {
    const { status, body } = await kit.call(`/cuviewTV/admin/${path}`);
    expect([status, typeof body.message]).toEqual([400, 'string']);
  });

  it('is staff only, and a drag in the hand order shows in the default view at once', async () => {
    for (const path of ['themes', 'banners', 'categories']) {
      const viewer = await kit.api.request(`/cuviewTV/admin/${path}`, { token: kit.viewerToken });
      expect(viewer.status).toBe(403);
      expect((await kit.api.request(`/cuviewTV/admin/${path}`)).status).toBe(401);
    }
    expect((await kit.call('/cuviewTV/arrange_groups/3/1/')).status).toBe(200);
    expect(await titles('themes', 'groups')).toEqual(['Blues', 'Rock', 'jazz']);
  });
});
