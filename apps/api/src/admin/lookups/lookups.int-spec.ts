import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { read, startAdminKit, type AdminTestKit } from '../testing/admin-kit.js';
import { Seed } from '../testing/seed.js';

describe('admin lookups', () => {
  let kit: AdminTestKit;
  let seed: Seed;
  let albumId: number;

  beforeAll(async () => {
    kit = await startAdminKit();
    seed = new Seed(kit.db);
    const genreId = await seed.name('genres', 'Classical');
    await seed.name('genres', 'Ambient');
    await seed.name('moods', 'Calm');
    for (const title of ['Live Session', 'Lyric video', 'Live concert', 'Studio'])
      await seed.name('video_genres', title);
    for (let i = 1; i <= 25; i++) await seed.name('tags', `tag ${String(i).padStart(2, '0')}`);
    ({ albumId } = await seed.album({
      title: 'Beyoncé Greatest',
      catalogueNum: 'CU-0042',
      genreId,
      tracks: 12,
      trackSeconds: 60,
    }));
    for (let i = 0; i < 11; i++) await seed.album({ title: `Other Album ${i}` });
    const [firstTrack] = await kit.db.query('SELECT id FROM album_tracks WHERE album_id = $1 AND position = 1', [
      albumId,
    ]);
    await seed.trackPeople(firstTrack.id, ['Anna', 'Bob'], ['Chopin']);
  });
  afterAll(async () => kit?.close());

  it('answers genres and moods to anyone, without a token', async () => {
    const genres = await kit.api.request('/cuviewTV/get_genres/');
    expect(genres.status).toBe(200);
    expect(await read(genres)).toEqual([
      { id: expect.any(Number), title: 'Ambient' },
      { id: expect.any(Number), title: 'Classical' },
    ]);
    expect(await read(await kit.api.request('/cuviewTV/get_moods/'))).toEqual([
      { id: expect.any(Number), title: 'Calm' },
    ]);
  });

  it('searches video genres ignoring case and punctuation, starts-with first', async () => {
    const response = await kit.staff('/cuviewTV/get_videogenres_for_admin_filter/LIVE/1/');
    expect(response.status).toBe(200);
    expect((await read(response)).map((g: { title: string }) => g.title)).toEqual(['Live concert', 'Live Session']);
    const all = await read(await kit.staff('/cuviewTV/get_videogenres_for_admin_filter/%20/1/'));
    expect(all).toHaveLength(4);
  });

  it('pages tags by 20 and can leave out the tags of a category', async () => {
    const page1 = await read(await kit.staff('/cuviewTV/get_tags_for_admin_filter/%20/1/'));
    const page2 = await read(await kit.staff('/cuviewTV/get_tags_for_admin_filter/%20/2/'));
    expect(page1).toHaveLength(20);
    expect(page2).toHaveLength(5);
    const categoryId = await seed.category();
    await kit.db.query('INSERT INTO category_tags (category_id, tag_id) VALUES ($1, $2)', [categoryId, page1[0].id]);
    const without = await read(await kit.staff(`/cuviewTV/get_tags_for_admin_filter/tag/1/?category_id=${categoryId}`));
    expect(without.map((t: { id: number }) => t.id)).not.toContain(page1[0].id);
  });

  it('finds albums by title (accent-insensitive) or catalogue number, 10 per page with albumsLength', async () => {
    const byTitle = await read(await kit.staff('/cuviewTV/get_albums_for_admin_filter/beyonce/1/'));
    expect(byTitle.albumsLength).toBe(1);
    expect(byTitle.albums[0]).toEqual({
      id: albumId,
      title: 'Beyoncé Greatest',
      catalogue_num: 'CU-0042',
      genre: { id: expect.any(Number), title: 'Classical' },
      number_of_tracks: 12,
      duration: 720,
    });
    const byNumber = await read(await kit.staff('/cuviewTV/get_albums_for_admin_filter/cu-0042/1/'));
    expect(byNumber.albums.map((a: { id: number }) => a.id)).toEqual([albumId]);
    const all = await read(await kit.staff('/cuviewTV/get_albums_for_admin_filter/%20/1/'));
    expect(all.albums).toHaveLength(10);
    expect(all.albumsLength).toBe(12);
    const page2 = await read(await kit.staff('/cuviewTV/get_albums_for_admin_filter/%20/2/'));
    expect(page2.albums).toHaveLength(2);
    expect(await read(await kit.staff('/cuviewTV/get_albums_length/album/'))).toEqual({ albumsLength: 11 });
    // LIKE wildcards in the search are plain characters: `_` does not stand for the `-`.
    expect(await read(await kit.staff('/cuviewTV/get_albums_length/cu_0042/'))).toEqual({ albumsLength: 0 });
  });

  it('lists the tracks of an album with people, 10 per page with tracksLength', async () => {
    const page1 = await read(await kit.staff(`/cuviewTV/get_tracks_for_admin_filter/${albumId}/1/`));
    expect(page1.tracksLength).toBe(12);
    expect(page1.tracks).toHaveLength(10);
    expect(page1.tracks[0]).toEqual({
      id: expect.any(Number),
      position: 1,
      title: 'Track 1',
      genre: 'Classical',
      composers: 'Chopin',
      artists: 'Anna, Bob',
      duration: 60,
    });
    const page2 = await read(await kit.staff(`/cuviewTV/get_tracks_for_admin_filter/${albumId}/2/`));
    expect(page2.tracks.map((t: { position: number }) => t.position)).toEqual([11, 12]);
    expect(await read(await kit.staff(`/cuviewTV/get_tracks_length/${albumId}/`))).toEqual({ tracksLength: 12 });
    expect((await kit.staff('/cuviewTV/get_tracks_length/999999/')).status).toBe(404);
  });

  it('refuses bad page and id numbers with a 400', async () => {
    for (const path of [
      '/cuviewTV/get_tags_for_admin_filter/x/0/',
      '/cuviewTV/get_tracks_length/abc/',
      '/cuviewTV/get_albums_for_admin_filter/x/99999999999/',
    ]) {
      const response = await kit.staff(path);
      expect(response.status).toBe(400);
      expect((await read(response)).message).toMatch(/whole number/);
    }
  });

  it('adds video genres and tags under the name rule', async () => {
    const created = await kit.staff('/cuviewTV/add_videogenre/', { method: 'POST', json: { title: '  Rock  Opera ' } });
    expect(created.status).toBe(201);
    expect(await read(created)).toEqual({ id: expect.any(Number), title: 'Rock Opera' });
    const tag = await kit.staff('/cuviewTV/add_tag/', { method: 'POST', json: { title: 'Ünïcode 2' } });
    expect(tag.status).toBe(201);
    const hindi = await kit.staff('/cuviewTV/add_tag/', { method: 'POST', json: { title: 'भक्ति संगीत' } });
    expect(await read(hindi)).toEqual({ id: expect.any(Number), title: 'भक्ति संगीत' });

    for (const title of ['x', ' a ', 'rock!', '<script>', '', 42, 'a\u202Eb', '\u0301ab']) {
      const response = await kit.staff('/cuviewTV/add_tag/', { method: 'POST', json: { title } });
      expect(response.status).toBe(400);
      expect(await read(response)).toEqual({ message: 'Please, Provide Valid Name' });
    }
    const missing = await kit.staff('/cuviewTV/add_videogenre/', { method: 'POST', json: {} });
    expect(await read(missing)).toEqual({ message: 'Please, Provide Valid Name' });

    const duplicate = await kit.staff('/cuviewTV/add_videogenre/', { method: 'POST', json: { title: 'rock opera' } });
    expect(duplicate.status).toBe(409);
    expect((await read(duplicate)).message).toMatch(/already exists/);
  });
});
