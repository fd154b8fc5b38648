import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Status } from '@app/contracts';
import type { Playlist, User, Video } from '@app/db';
import { TestFactories } from '@app/testing';
import { createApiApp } from '../bootstrap.js';
import { startAdminKit, type AdminTestKit, type Answer } from '../admin/testing/admin-kit.js';
import { formInit } from '../admin/testing/forms.js';
import { CatalogueCache } from './catalogue-cache.js';

/**
 * The public answer cache against the real api: every write that changes a public answer is
 * seen at once, by this process and by another api process on the same database, and no
 * personal answer is ever stored in the shared cache.
 */
describe('catalogue answer cache', () => {
  let kit: AdminTestKit;
  let f: TestFactories;
  let other: NestFastifyApplication;
  let otherUrl: string;
  let owner: User;
  let stranger: User;
  let intro: Video;
  let ballad: Video;
  let finale: Video;
  let editorial: Playlist;
  let personal: Playlist;

  const get = async (path: string, init: RequestInit & { json?: unknown; token?: string } = {}): Promise<Answer> => {
    const response = await kit.api.request(`/cuviewTV/${path}`, init);
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  };
  /** The same call answered by the second api process. */
  const getOther = async (path: string, init: RequestInit & { json?: unknown } = {}): Promise<Answer> => {
    const { json, ...rest } = init;
    const response = await fetch(`${otherUrl}/cuviewTV/${path}`, {
      ...rest,
      headers: json === undefined ? rest.headers : { 'content-type': 'application/json' },
      body: json === undefined ? rest.body : JSON.stringify(json),
    });
    return { status: response.status, body: await response.json() };
  };
  const cache = () => kit.api.app.get(CatalogueCache);
  const playlistVideos = async (id: number, from = get) =>
    ((await from(`get_playlist_videos/${id}/`)).body.videos as Answer[]).map((v) => v.title);
  const search = async (q: string, from = get) =>
    ((await from(`get_search_results/${encodeURIComponent(q)}/1/`, { method: 'POST' })).body.videos as Answer[]).map(
      (v) => v.title,
    );
  const filter = async (data: string, from = get) =>
    (await from('get_filter_results/1/', { method: 'POST', json: { data } })).body.videoLength as number;
  const lookupId = async (table: string, title: string): Promise<number> =>
    (await kit.db.query(`SELECT id FROM ${table} WHERE title = $1`, [title]))[0].id;

  /** edit_video_info/ as the admin console sends it, with the video's lookups by title. */
  const editVideo = async (video: Video, fields: { title: string; status: Status; tags: string[] }) => {
    const data = {
      title: fields.title,
      genres: [await lookupId('genres', 'Jazz')],
      moods: [await lookupId('moods', 'Calm')],
      videoGenres: [await lookupId('video_genres', 'Concert')],
      tags: await Promise.all(fields.tags.map((t) => lookupId('tags', t))),
      tracks: [],
      status: fields.status,
    };
    const answer = await kit.call(
      `/cuviewTV/edit_video_info/${video.id}/`,
      formInit([{ name: 'data', value: JSON.stringify(data) }], 'PUT'),
    );
    expect(answer.status).toBe(200);
  };

  beforeAll(async () => {
    kit = await startAdminKit();
    f = new TestFactories(kit.db, kit.api.config.JWT_SECRET);
    const lookups = { genres: ['Jazz'], moods: ['Calm'], videoGenres: ['Concert'] };
    owner = await f.user();
    stranger = await f.user();
    intro = await f.video({ title: 'Harbour Intro', tags: ['opening'], ...lookups });
    ballad = await f.video({ title: 'Harbour Ballad', tags: ['opening'], ...lookups });
    finale = await f.video({ title: 'Harbour Finale', tags: ['closing'], ...lookups });
    editorial = await f.playlist({ title: 'Harbour Nights', videos: [intro, ballad, finale] });
    personal = await f.playlist({ title: 'Mine', user: owner, videos: [intro] });
    // A second api process on the same database, as behind a load balancer.
    other = await createApiApp(kit.api.config, { logger: false });
    await other.listen(0, '127.0.0.1');
    otherUrl = `http://127.0.0.1:${(other.getHttpServer().address() as { port: number }).port}`;
  });
  afterAll(async () => {
    await other?.close();
    await kit?.close();
  });

  it('serves a repeated public answer from the cache', async () => {
    expect(cache().stats().live).toBe(true);
    const first = await get(`get_playlist_videos/${editorial.id}/`);
    const before = cache().stats();
    const second = await get(`get_playlist_videos/${editorial.id}/`);
    expect(second).toEqual(first);
    expect(cache().stats().hits).toBe(before.hits + 1);
  });

  it("drops a video switched off by staff from a playlist's answer at once, in every api process", async () => {
    expect(await playlistVideos(editorial.id)).toEqual(['Harbour Intro', 'Harbour Ballad', 'Harbour Finale']);
    expect(await playlistVideos(editorial.id, getOther)).toEqual(['Harbour Intro', 'Harbour Ballad', 'Harbour Finale']);
    expect(await search('harbour', getOther)).toHaveLength(3);

    await editVideo(ballad, { title: 'Harbour Ballad', status: Status.Off, tags: ['opening'] });

    expect(await playlistVideos(editorial.id)).toEqual(['Harbour Intro', 'Harbour Finale']);
    expect(await playlistVideos(editorial.id, getOther)).toEqual(['Harbour Intro', 'Harbour Finale']);
    expect(await search('harbour', getOther)).not.toContain('Harbour Ballad');

    await editVideo(ballad, { title: 'Harbour Ballad', status: Status.On, tags: ['opening'] });
    expect(await playlistVideos(editorial.id, getOther)).toEqual(['Harbour Intro', 'Harbour Ballad', 'Harbour Finale']);
  });

  it('finds a renamed video by its new title and not its old one', async () => {
    expect(await search('harbour finale')).toEqual(['Harbour Finale']);
    expect(await search('lighthouse')).toEqual([]);
    expect(await search('lighthouse', getOther)).toEqual([]);

    await editVideo(finale, { title: 'Lighthouse Finale', status: Status.On, tags: ['closing'] });

    expect(await search('lighthouse')).toEqual(['Lighthouse Finale']);
    expect(await search('lighthouse', getOther)).toEqual(['Lighthouse Finale']);
    expect(await search('harbour finale')).not.toContain('Harbour Finale');
    expect((await get(`get_playlist_videos/${editorial.id}/`)).body.videos[2].title).toBe('Lighthouse Finale');
  });

  it("updates filter results when staff change a video's tags", async () => {
    const opening = `${await lookupId('tags', 'opening')}!2`;
    expect(await filter(opening)).toBe(2);
    expect(await filter(opening, getOther)).toBe(2);

    await editVideo(finale, { title: 'Lighthouse Finale', status: Status.On, tags: ['closing', 'opening'] });

    expect(await filter(opening)).toBe(3);
    expect(await filter(opening, getOther)).toBe(3);
  });

  it('follows playlist edits: arrangement, removal, title, status and themes', async () => {
    const reorder = await kit.call(`/cuviewTV/edit_playlist_for_admin/${editorial.id}/`, {
      method: 'PUT',
      json: {
        title: 'Harbour Mornings',
        positions: [
          { id: finale.id, position: 1 },
          { id: intro.id, position: 2 },
          { id: ballad.id, position: 3 },
        ],
      },
    });
    expect(reorder.status).toBe(200);
    const answer = (await get(`get_playlist_videos/${editorial.id}/`)).body;
    expect(answer.title).toBe('Harbour Mornings');
    expect(answer.videos.map((v: Answer) => v.id)).toEqual([finale.id, intro.id, ballad.id]);
    expect((await getOther(`get_playlist_videos/${editorial.id}/`)).body.videos[0].id).toBe(finale.id);

    const removed = await kit.call(`/cuviewTV/delete_playlist_video_for_admin/${intro.id}/${editorial.id}/`, {
      method: 'DELETE',
    });
    expect(removed.status).toBe(200);
    expect(await playlistVideos(editorial.id)).toEqual(['Lighthouse Finale', 'Harbour Ballad']);

    const theme = (await kit.call('/cuviewTV/add_group/', { method: 'POST', json: { title: 'Harbours' } })).body;
    expect((await get(`get_playlist_videos/${editorial.id}/`)).body.group_id).toBeNull();
    expect((await kit.call(`/cuviewTV/add_playlist_to_group/${theme.id}/${editorial.id}/`)).status).toBe(200);
    expect((await get(`get_playlist_videos/${editorial.id}/`)).body.group_id).toBe(theme.id);

    await kit.call(`/cuviewTV/edit_playlist_for_admin/${editorial.id}/`, { method: 'PUT', json: { status: 0 } });
    expect((await get(`get_playlist_videos/${editorial.id}/`)).status).toBe(404);
    expect((await getOther(`get_playlist_videos/${editorial.id}/`)).status).toBe(404);
    await kit.call(`/cuviewTV/edit_playlist_for_admin/${editorial.id}/`, { method: 'PUT', json: { status: 1 } });
    expect((await get(`get_playlist_videos/${editorial.id}/`)).status).toBe(200);
  });

  it("follows a personal playlist's owner edits, and only that playlist's entry goes", async () => {
    await get(`get_playlist_videos/${editorial.id}/`);
    expect(await playlistVideos(personal.id)).toEqual(['Harbour Intro']);
    const added = await get(`add_playlist_video/${personal.id}/`, {
      method: 'POST',
      token: f.token(owner),
      json: { video_list: [ballad.id] },
    });
    expect(added.status).toBe(200);
    const before = cache().stats().hits;
    expect(await playlistVideos(personal.id)).toEqual(['Harbour Intro', 'Harbour Ballad']);
    expect(await playlistVideos(personal.id, getOther)).toEqual(['Harbour Intro', 'Harbour Ballad']);
    // The editorial playlist's answer was not thrown away by someone else's personal edit.
    await get(`get_playlist_videos/${editorial.id}/`);
    expect(cache().stats().hits).toBe(before + 1);
  });

  it("sees the worker's writes (a finished transcode) but ignores progress updates", async () => {
    await get(`get_playlist_videos/${editorial.id}/`);
    const { hits } = cache().stats();
    await kit.db.query('UPDATE videos SET processing_progress = 42 WHERE id = $1', [ballad.id]);
    await get(`get_playlist_videos/${editorial.id}/`);
    expect(cache().stats().hits).toBe(hits + 1);

    await kit.db.query('UPDATE videos SET hls_master_key = $2 WHERE id = $1', [ballad.id, 'videos/new/master.m3u8']);
    const video = (await get(`get_playlist_videos/${editorial.id}/`)).body.videos.find(
      (v: Answer) => v.id === ballad.id,
    );
    expect(video.scripted_bunny_path).toMatch(/videos\/new\/master\.m3u8$/);
  });

  it('keeps personal answers out of the shared cache', async () => {
    const theirs = await f.playlist({ title: 'Theirs', user: stranger, videos: [ballad] });
    const { entries } = cache().stats();
    const mine = await get('get_user_playlists/', { token: f.token(owner) });
    const strangers = await get('get_user_playlists/', { token: f.token(stranger) });
    expect(mine.body.map((p: Answer) => p.id)).toEqual([personal.id]);
    expect(strangers.body.map((p: Answer) => p.id)).toEqual([theirs.id]);
    const checkMine = await get(`check_playlist/${ballad.id}/`, { token: f.token(owner) });
    const checkTheirs = await get(`check_playlist/${ballad.id}/`, { token: f.token(stranger) });
    expect(checkMine.body).toMatchObject({ video_id: ballad.id, playlists: [personal.id] });
    expect(checkTheirs.body).toMatchObject({ video_id: ballad.id, playlists: [theirs.id] });
    expect((await get('get_user_playlists/')).status).toBe(401);
    expect(cache().stats().entries).toBe(entries);

    // A public answer is the same whoever asks, signed in or not.
    const anonymous = await get(`get_playlist_videos/${personal.id}/`);
    expect(await get(`get_playlist_videos/${personal.id}/`, { token: f.token(stranger) })).toEqual(anonymous);
    expect(await get(`get_playlist_videos/${personal.id}/`, { token: f.token(owner) })).toEqual(anonymous);
  });

  it('serves nothing from the cache while it cannot hear changes, and resumes afterwards', async () => {
    await get(`get_playlist_videos/${editorial.id}/`);
    await kit.db.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
       WHERE application_name = 'cuview-api catalogue-changes' AND datname = current_database()`,
    );
    const deadline = Date.now() + 5000;
    while (cache().stats().live && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    expect(cache().stats()).toMatchObject({ live: false, entries: 0 });

    await kit.db.query('UPDATE videos SET title = $2 WHERE id = $1', [intro.id, 'Harbour Prelude']);
    expect(await search('prelude')).toEqual(['Harbour Prelude']);

    while (!cache().stats().live && Date.now() < deadline + 5000) await new Promise((r) => setTimeout(r, 20));
    expect(cache().stats().live).toBe(true);
    await search('prelude');
    const { hits } = cache().stats();
    expect(await search('prelude')).toEqual(['Harbour Prelude']);
    expect(cache().stats().hits).toBe(hits + 1);
  });
});
