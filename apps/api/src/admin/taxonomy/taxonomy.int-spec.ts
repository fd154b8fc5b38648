import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { startAdminKit, type AdminTestKit, type Answer } from '../testing/admin-kit.js';
import { Seed } from '../testing/seed.js';

/** Renaming, merging and deleting tags, genres and the other names (issue 15), on a real Postgres. */
describe('admin taxonomy', () => {
  let kit: AdminTestKit;
  let seed: Seed;
  let videos: number[];

  beforeAll(async () => {
    kit = await startAdminKit();
    seed = new Seed(kit.db);
  });
  afterAll(async () => {
    await kit?.close();
  });
  beforeEach(async () => {
    await kit.db.query('TRUNCATE videos, tags, genres, moods, categories, albums RESTART IDENTITY CASCADE');
    videos = [await seed.video(), await seed.video(), await seed.video()];
  });

  const tagsOf = async (videoId: number) =>
    (await kit.db.query('SELECT tag_id FROM video_tags WHERE video_id = $1 ORDER BY tag_id', [videoId])).map(
      (r: Answer) => r.tag_id,
    );

  it('lists names with how many videos and other things use them', async () => {
    const live = await seed.name('tags', 'live');
    await seed.name('tags', 'acoustic');
    await seed.link('video_tags', videos[0]!, live);
    await seed.link('video_tags', videos[1]!, live);
    const category = await seed.category();
    await kit.db.query('INSERT INTO category_tags (category_id, tag_id) VALUES ($1, $2)', [category, live]);
    const { status, body } = await kit.call('/cuviewTV/admin/taxonomy/tags?page_size=10');
    expect(status).toBe(200);
    expect(body).toEqual({
      items: [
        { id: expect.any(Number), title: 'acoustic', videos: 0, others: 0 },
        { id: live, title: 'live', videos: 2, others: 1 },
      ],
      length: 2,
    });
    expect((await kit.call('/cuviewTV/admin/taxonomy/tags?q=LIV')).body.items.map((i: Answer) => i.title)).toEqual([
      'live',
    ]);
  });

  it('merges a tag into another: every link moves, none doubled, the merged tag is gone', async () => {
    const live = await seed.name('tags', 'live');
    const concert = await seed.name('tags', 'concert');
    await seed.link('video_tags', videos[0]!, live);
    await seed.link('video_tags', videos[1]!, live);
    await seed.link('video_tags', videos[1]!, concert);
    const category = await seed.category();
    await kit.db.query('INSERT INTO category_tags (category_id, tag_id) VALUES ($1, $2)', [category, live]);
    const { status, body } = await kit.call(`/cuviewTV/admin/taxonomy/tags/${live}/merge`, {
      method: 'POST',
      json: { into: concert },
    });
    expect(status).toBe(200);
    expect(body).toEqual({ message: 'Merged "live" into "concert": 2 uses moved', links: 2 });
    expect(await tagsOf(videos[0]!)).toEqual([concert]);
    expect(await tagsOf(videos[1]!)).toEqual([concert]);
    expect(await kit.db.query('SELECT tag_id FROM category_tags')).toEqual([{ tag_id: concert }]);
    expect(await kit.db.query('SELECT id FROM tags ORDER BY id')).toEqual([{ id: concert }]);
  });

  it('merges genres including the albums and tracks that point at them', async () => {
    const a = await seed.name('genres', 'Hip Hop');
    const b = await seed.name('genres', 'Hip-Hop');
    const { albumId } = await seed.album({ genreId: a, tracks: 2 });
    await seed.link('video_genre_links', videos[2]!, a);
    const { body } = await kit.call(`/cuviewTV/admin/taxonomy/genres/${a}/merge`, {
      method: 'POST',
      json: { into: b },
    });
    expect(body.links).toBe(4);
    expect((await kit.db.query('SELECT genre_id FROM albums WHERE id = $1', [albumId]))[0].genre_id).toBe(b);
    expect(await kit.db.query('SELECT DISTINCT genre_id FROM album_tracks')).toEqual([{ genre_id: b }]);
  });

  it('renames, refusing a title another name has and an invalid tag name', async () => {
    const live = await seed.name('tags', 'live');
    await seed.name('tags', 'concert');
    const renamed = await kit.call(`/cuviewTV/admin/taxonomy/tags/${live}`, {
      method: 'PUT',
      json: { title: 'Live  set' },
    });
    expect(renamed).toEqual({ status: 200, body: { id: live, title: 'Live set', videos: 0, others: 0 } });
    const clash = await kit.call(`/cuviewTV/admin/taxonomy/tags/${live}`, {
      method: 'PUT',
      json: { title: 'CONCERT' },
    });
    expect(clash.status).toBe(409);
    expect(clash.body.message).toContain('merge into it instead');
    const bad = await kit.call(`/cuviewTV/admin/taxonomy/tags/${live}`, { method: 'PUT', json: { title: 'a&b' } });
    expect(bad).toEqual({ status: 400, body: { message: 'Please, Provide Valid Name' } });
    const mood = await seed.name('moods', 'Calm');
    const moodRename = await kit.call(`/cuviewTV/admin/taxonomy/moods/${mood}`, {
      method: 'PUT',
      json: { title: 'Calm & quiet' },
    });
    expect(moodRename.body.title).toBe('Calm & quiet');
    expect((await kit.db.query('SELECT title FROM tags WHERE id = $1', [live]))[0].title).toBe('Live set');
  });

  it('deletes a name and says how many uses went with it', async () => {
    const mood = await seed.name('moods', 'Calm');
    await kit.db.query('INSERT INTO video_moods (video_id, mood_id) VALUES ($1, $2), ($3, $2)', [
      videos[0],
      mood,
      videos[1],
    ]);
    const { status, body } = await kit.call(`/cuviewTV/admin/taxonomy/moods/${mood}`, { method: 'DELETE' });
    expect(status).toBe(200);
    expect(body).toEqual({ message: 'Deleted "Calm" (2 uses removed)', links: 2 });
    expect(await kit.db.query('SELECT * FROM video_moods')).toEqual([]);
  });

  it.each([
    ['GET', '/cuviewTV/admin/taxonomy/colours', undefined, 400],
    ['POST', '/cuviewTV/admin/taxonomy/tags/1/merge', { into: 1 }, 400],
    ['POST', '/cuviewTV/admin/taxonomy/tags/1/merge', { into: 'x' }, 400],
    ['POST', '/cuviewTV/admin/taxonomy/tags/1/merge', { into: 999 }, 404],
    ['PUT', '/cuviewTV/admin/taxonomy/tags/1', { title: '' }, 400],
    ['DELETE', '/cuviewTV/admin/taxonomy/tags/999', undefined, 404],
  ])('%s %s %j answers %i and changes nothing', async (method, path, json, expected) => {
    const tag = await seed.name('tags', 'only');
    await seed.link('video_tags', videos[0]!, tag);
    const { status } = await kit.call(path.replace('/1', `/${tag}`), { method, json });
    expect(status).toBe(expected);
    expect(await tagsOf(videos[0]!)).toEqual([tag]);
  });

  it('is staff only', async () => {
    const tag = await seed.name('tags', 'only');
    const response = await kit.api.request(`/cuviewTV/admin/taxonomy/tags/${tag}`, {
      method: 'DELETE',
      token: kit.viewerToken,
    });
    expect(response.status).toBe(403);
    expect(await kit.db.query('SELECT id FROM tags')).toEqual([{ id: tag }]);
  });

  it('two merges racing over the same pair leave every link once', async () => {
    const a = await seed.name('tags', 'one');
    const b = await seed.name('tags', 'two');
    for (const video of videos) await seed.link('video_tags', video, a);
    await seed.link('video_tags', videos[0]!, b);
    const answers = await Promise.all([
      kit.call(`/cuviewTV/admin/taxonomy/tags/${a}/merge`, { method: 'POST', json: { into: b } }),
      kit.call(`/cuviewTV/admin/taxonomy/tags/${b}/merge`, { method: 'POST', json: { into: a } }),
    ]);
    expect(answers.map((x) => x.status).sort()).toEqual([200, 404]);
    const links = await kit.db.query('SELECT video_id, tag_id FROM video_tags ORDER BY video_id');
    expect(links.map((l: Answer) => l.video_id)).toEqual(videos);
    expect(new Set(links.map((l: Answer) => l.tag_id)).size).toBe(1);
  });
});
