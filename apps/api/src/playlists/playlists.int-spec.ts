import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import ExcelJS from 'exceljs';
import { DataSource } from 'typeorm';
import { Status } from '@app/contracts';
import type { User, Video } from '@app/db';
import { startTestApi, TestFactories, type TestApi } from '@app/testing';
import { createApiApp } from '../bootstrap.js';
import { MAX_PERSONAL_PLAYLISTS } from './playlists.service.js';

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

const PUBLIC_URL = 'https://tv.example';

describe('personal playlists', () => {
  let api: TestApi;
  let f: TestFactories;
  let owner: User;
  let other: User;
  let guest: User;
  let videos: Video[];
  let hidden: Video;
  let editorialId: number;

  const call = async (method: string, path: string, token?: string, json?: unknown): Promise<[number, Json]> => {
    const response = await api.request(`/cuviewTV/${path}`, { method, token, json });
    const text = await response.text();
    return [response.status, text ? JSON.parse(text) : null];
  };
  const as = (user: User) => f.token(user);
  const create = async (user: User, title: string, videoList: number[] = []) => {
    const [status, body] = await call('POST', 'add_full_playlist/', as(user), { title, video_list: videoList });
    if (status !== 201) throw new Error(`create: ${status} ${JSON.stringify(body)}`);
    return body;
  };
  const read = async (playlistId: number) => (await call('GET', `get_playlist_videos/${playlistId}/`))[1];
  const order = async (playlistId: number) => (await read(playlistId)).videos.map((v: Json) => [v.position, v.id]);

  beforeAll(async () => {
    api = await startTestApi(createApiApp, { PUBLIC_URL });
    f = new TestFactories(api.app.get(DataSource), api.config.JWT_SECRET);
    owner = await f.user();
    other = await f.user();
    guest = await f.user({ isGuest: true });
    videos = [];
    for (let i = 0; i < 6; i++) {
      videos.push(
        await f.video({
          title: `Song ${i}`,
          duration: 100 + i,
          tracks: [{ members: [`Artist ${i}`], composers: [`Composer ${i}`, `Co-writer ${i}`] }],
        }),
      );
    }
    hidden = await f.video({ title: 'Hidden', status: Status.Off });
    editorialId = (await f.playlist({ id: 54, title: 'Default', videos: [videos[5]] })).id;
  });
  afterAll(async () => api?.close());

  it('answers 401 to a visitor on every call', async () => {
    for (const [method, path] of [
      ['GET', 'get_user_playlists/'],
      ['GET', `check_playlist/${videos[0].id}/`],
      ['POST', 'add_full_playlist/'],
      ['POST', `add_playlist_video/${editorialId}/`],
      ['DELETE', `delete_playlist_video/${videos[0].id}/${editorialId}/`],
      ['DELETE', `delete_playlist/${editorialId}/`],
      ['PUT', `rename_playlist/${editorialId}/`],
      ['GET', `arrange_videos/${editorialId}/1/2/`],
      ['GET', `download_playlist_info/${editorialId}/`],
    ]) {
      const [status] = await call(method, path, undefined, ['POST', 'PUT'].includes(method) ? {} : undefined);
      expect([path, status]).toEqual([path, 401]);
    }
  });

  describe('add_full_playlist', () => {
    it('creates a playlist with videos in the given order, skipping repeats', async () => {
      const [status, playlist] = await call('POST', 'add_full_playlist/', as(owner), {
        title: '  Sunday Morning 2  ',
        video_list: [videos[2].id, videos[0].id, videos[2].id],
      });
      expect(status).toBe(201);
      expect(playlist).toMatchObject({
        title: 'Sunday Morning 2',
        user_id: owner.id,
        duration: 202,
        video_id: videos[2].id,
      });
      expect(playlist.videos.map((v: Json) => [v.position, v.id])).toEqual([
        [1, videos[2].id],
        [2, videos[0].id],
      ]);
    });

    it('accepts names in any script and an empty list', async () => {
      const playlist = await create(owner, 'Música für Kinder 上海');
      expect(playlist).toMatchObject({ title: 'Música für Kinder 上海', videos: [], duration: 0, video_id: null });
      expect((await create(owner, 'Tabs\tand\n lines')).title).toBe('Tabs and lines');
      // Scripts whose letters carry combining marks (vowel signs, tone marks) or joiners.
      for (const title of ['मेरा गाना', 'ভালো গান', 'เพลงไทย', 'می\u200Cخواهم', 'Cafe\u0301 42']) {
        expect((await create(owner, title)).title).toBe(title);
      }
    });

    it('refuses names that are not letters, digits and spaces of more than 1 character', async () => {
      const plain = ['a', '', '   ', 'x ', 'Rock & Roll', 'hi!', '<script>', 'a\n', 42, null, 'a'.repeat(201)];
      const hidden = ['\u202Eevil', 'a\u200Bb', '\u0301ab', 'a\u0301\u0301\u0301\u0301\u0301b', 'a\u0301'];
      for (const title of [...plain, ...hidden]) {
        expect(await call('POST', 'add_full_playlist/', as(owner), { title, video_list: [] })).toEqual([
          400,
          { message: 'Please, Provide Valid Name' },
        ]);
      }
      expect(await call('POST', 'add_full_playlist/', as(owner), { video_list: [] })).toEqual([
        400,
        { message: 'Please, Provide Valid Name' },
      ]);
    });

    it('refuses unknown or hidden videos and creates nothing', async () => {
      const before = (await call('GET', 'get_user_playlists/', as(owner)))[1].length;
      expect(await call('POST', 'add_full_playlist/', as(owner), { title: 'Ghosts', video_list: [999999] })).toEqual([
        400,
        { message: 'Video 999999 does not exist' },
      ]);
      expect(
        (await call('POST', 'add_full_playlist/', as(owner), { title: 'Ghosts', video_list: [hidden.id] }))[0],
      ).toBe(400);
      expect((await call('POST', 'add_full_playlist/', as(owner), { title: 'Ghosts', video_list: ['abc'] }))[0]).toBe(
        400,
      );
      expect((await call('POST', 'add_full_playlist/', as(owner), { title: 'Ghosts', video_list: 'abc' }))[0]).toBe(
        400,
      );
      expect((await call('GET', 'get_user_playlists/', as(owner)))[1]).toHaveLength(before);
    });

    it('says video_list must be a list of video ids when it is not a list, and creates nothing', async () => {
      const before = (await call('GET', 'get_user_playlists/', as(owner)))[1].length;
      for (const video_list of [403, '403', { 0: 403 }, true, 'abc', ['abc'], [0], [1.5]]) {
        expect([
          video_list,
          await call('POST', 'add_full_playlist/', as(owner), { title: 'Valid Name', video_list }),
        ]).toEqual([video_list, [400, { message: 'video_list must be a list of video ids' }]]);
      }
      const playlist = await create(owner, 'Typed', [videos[0].id]);
      for (const video_list of [403, 'abc', {}]) {
        expect(await call('POST', `add_playlist_video/${playlist.id}/`, as(owner), { video_list })).toEqual([
          400,
          { message: 'video_list must be a list of video ids' },
        ]);
      }
      expect(await call('POST', `add_playlist_video/${playlist.id}/`, as(owner), { video_list: [] })).toEqual([
        400,
        { message: 'video_list must hold at least one video id' },
      ]);
      const tooMany = Array.from({ length: 501 }, (_, i) => i + 1);
      expect(await call('POST', 'add_full_playlist/', as(owner), { title: 'Valid Name', video_list: tooMany })).toEqual(
        [400, { message: 'At most 500 videos at once' }],
      );
      expect((await call('GET', 'get_user_playlists/', as(owner)))[1]).toHaveLength(before + 1);
    });

    it('refuses the guest account', async () => {
      expect(await call('POST', 'add_full_playlist/', as(guest), { title: 'Guest list', video_list: [] })).toEqual([
        403,
        { message: 'The guest account cannot change playlists. Please sign up.' },
      ]);
    });

    it(`keeps an account at ${MAX_PERSONAL_PLAYLISTS} playlists, also when 50 creations race, and frees a place on delete`, async () => {
      const collector = await f.user();
      const dataSource = api.app.get(DataSource);
      await dataSource.query(
        `INSERT INTO playlists (title, user_id, status) SELECT 'Mix ' || n, $1, $2 FROM generate_series(1, $3) AS n`,
        [collector.id, Status.On, MAX_PERSONAL_PLAYLISTS - 10],
      );
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          call('POST', 'add_full_playlist/', as(collector), { title: `Race ${i}`, video_list: [videos[0].id] }),
        ),
      );
      const statuses = answers.map(([status]) => status).sort((a, b) => a - b);
      expect(statuses).toEqual([...Array<number>(10).fill(201), ...Array<number>(40).fill(409)]);
      expect(answers.find(([status]) => status === 409)?.[1]).toEqual({
        message: `You already have ${MAX_PERSONAL_PLAYLISTS} playlists, the most one account may keep. Delete one to add another.`,
      });
      const mine = (await call('GET', 'get_user_playlists/', as(collector)))[1];
      expect(mine).toHaveLength(MAX_PERSONAL_PLAYLISTS);
      // The refused creations left no playlist and no entry behind.
      const [{ entries }] = await dataSource.query(
        `SELECT count(*)::int AS entries FROM playlist_videos pv JOIN playlists p ON p.id = pv.playlist_id WHERE p.user_id = $1`,
        [collector.id],
      );
      expect(entries).toBe(10);
      expect((await call('DELETE', `delete_playlist/${mine[0].id}/`, as(collector)))[0]).toBe(200);
      await create(collector, 'One More');
      expect((await call('POST', 'add_full_playlist/', as(collector), { title: 'Too Many' }))[0]).toBe(409);
    });
  });

  describe('reading', () => {
    it("lists only the user's own playlists, a plain new one last and a full new one first (spec viewer §4)", async () => {
      const first = await create(other, 'Older', [videos[1].id]);
      const plain = await create(other, 'Newer');
      const full = await create(other, 'Newest', [videos[2].id]);
      const plainAgain = await create(other, 'Latest empty');
      const [status, list] = await call('GET', 'get_user_playlists/', as(other));
      expect(status).toBe(200);
      expect(list.map((p: Json) => p.title)).toEqual(['Newest', 'Older', 'Newer', 'Latest empty']);
      expect(list.map((p: Json) => p.id)).toEqual([full.id, first.id, plain.id, plainAgain.id]);
      expect(list[1]).toMatchObject({ title: 'Older', duration: 101, video_id: videos[1].id, user_id: other.id });
      expect(list[1].video).toEqual({ id: videos[1].id, scripted_bunny_path: expect.stringContaining('master.m3u8') });
      // Adding videos later does not move a playlist: the list keeps the order it was built in.
      await call('POST', `add_playlist_video/${plain.id}/`, as(other), { video_list: [videos[3].id] });
      expect((await call('GET', 'get_user_playlists/', as(other)))[1].map((p: Json) => p.id)).toEqual([
        full.id,
        first.id,
        plain.id,
        plainAgain.id,
      ]);
      expect((await call('GET', 'get_user_playlists/', as(guest)))[1]).toEqual([]);
    });

    it('says which of the user’s playlists hold a video', async () => {
      const a = await create(owner, 'Check A', [videos[3].id]);
      await create(owner, 'Check B');
      const c = await create(owner, 'Check C', [videos[4].id, videos[3].id]);
      await create(other, 'Not mine', [videos[3].id]);
      expect(await call('GET', `check_playlist/${videos[3].id}/`, as(owner))).toEqual([
        200,
        { video_id: videos[3].id, playlists: [c.id, a.id] },
      ]);
      expect(await call('GET', `check_playlist/${videos[3].id}/`, as(guest))).toEqual([
        200,
        { video_id: videos[3].id, playlists: [] },
      ]);
      expect((await call('GET', 'check_playlist/999999/', as(owner)))[0]).toBe(404);
      expect((await call('GET', `check_playlist/${hidden.id}/`, as(owner)))[0]).toBe(404);
      expect((await call('GET', 'check_playlist/abc/', as(owner)))[0]).toBe(400);
    });
  });

  describe('add_playlist_video and delete_playlist_video', () => {
    it('appends videos: duration grows, cover set when empty, repeats skipped', async () => {
      const playlist = await create(owner, 'Growing');
      const [status, added] = await call('POST', `add_playlist_video/${playlist.id}/`, as(owner), {
        video_list: [videos[4].id, videos[1].id],
      });
      expect(status).toBe(200);
      expect(added).toMatchObject({
        id: playlist.id,
        duration: 205,
        added_duration: 205,
        video_id: videos[4].id,
        number_of_videos: 2,
      });
      expect(added.videos.map((v: Json) => [v.position, v.id])).toEqual([
        [1, videos[4].id],
        [2, videos[1].id],
      ]);
      const [, again] = await call('POST', `add_playlist_video/${playlist.id}/`, as(owner), {
        video_list: [videos[1].id, videos[0].id, String(videos[0].id)],
      });
      expect(again).toMatchObject({ duration: 305, added_duration: 100, video_id: videos[4].id, number_of_videos: 3 });
      expect(again.videos.map((v: Json) => v.id)).toEqual([videos[0].id]);
      const back = await read(playlist.id);
      expect(back.duration).toBe(305);
      expect(back.video_id).toBe(videos[4].id);
      expect(await order(playlist.id)).toEqual([
        [1, videos[4].id],
        [2, videos[1].id],
        [3, videos[0].id],
      ]);
    });

    it('refuses unknown videos, empty lists, other users, editorial playlists and the guest', async () => {
      const playlist = await create(owner, 'Guarded', [videos[0].id]);
      expect(
        await call('POST', `add_playlist_video/${playlist.id}/`, as(owner), { video_list: [videos[1].id, 424242] }),
      ).toEqual([400, { message: 'Video 424242 does not exist' }]);
      expect((await call('POST', `add_playlist_video/${playlist.id}/`, as(owner), { video_list: [] }))[0]).toBe(400);
      expect((await call('POST', `add_playlist_video/${playlist.id}/`, as(owner), {}))[0]).toBe(400);
      expect(
        await call('POST', `add_playlist_video/${playlist.id}/`, as(other), { video_list: [videos[1].id] }),
      ).toEqual([404, { message: 'Playlist not found' }]);
      expect(
        (await call('POST', `add_playlist_video/${editorialId}/`, as(owner), { video_list: [videos[1].id] }))[0],
      ).toBe(404);
      expect(
        (await call('POST', `add_playlist_video/${playlist.id}/`, as(guest), { video_list: [videos[1].id] }))[0],
      ).toBe(403);
      expect((await call('POST', 'add_playlist_video/999999/', as(owner), { video_list: [videos[1].id] }))[0]).toBe(
        404,
      );
      expect(await order(playlist.id)).toEqual([[1, videos[0].id]]);
    });

    it('removes a video: duration falls, positions close up, cover moves to the next video', async () => {
      const playlist = await create(owner, 'Shrinking', [videos[0].id, videos[1].id, videos[2].id]);
      const [status, removed] = await call(
        'DELETE',
        `delete_playlist_video/${videos[0].id}/${playlist.id}/`,
        as(owner),
      );
      expect(status).toBe(200);
      expect(removed).toMatchObject({
        id: playlist.id,
        removed_video_id: videos[0].id,
        duration: 203,
        video_id: videos[1].id,
        number_of_videos: 2,
      });
      expect(await order(playlist.id)).toEqual([
        [1, videos[1].id],
        [2, videos[2].id],
      ]);
      expect((await read(playlist.id)).duration).toBe(203);
      expect(await call('DELETE', `delete_playlist_video/${videos[0].id}/${playlist.id}/`, as(owner))).toEqual([
        404,
        { message: 'The video is not in this playlist' },
      ]);
      expect((await call('DELETE', `delete_playlist_video/${videos[1].id}/${playlist.id}/`, as(other)))[0]).toBe(404);
      expect((await call('DELETE', `delete_playlist_video/${videos[1].id}/${playlist.id}/`, as(guest)))[0]).toBe(403);
      expect((await call('DELETE', `delete_playlist_video/${videos[1].id}/${editorialId}/`, as(owner)))[0]).toBe(404);
      const [, last] = await call('DELETE', `delete_playlist_video/${videos[2].id}/${playlist.id}/`, as(owner));
      await call('DELETE', `delete_playlist_video/${videos[1].id}/${playlist.id}/`, as(owner));
      expect(last.duration).toBe(101);
      expect(await read(playlist.id)).toMatchObject({ duration: 0, video_id: null, videos: [] });
    });
  });

  describe('delete_playlist', () => {
    it("answers the user's next playlist, and the default playlist after the last one", async () => {
      const user = await f.user();
      const older = await create(user, 'Keep me', [videos[1].id]);
      const newer = await create(user, 'Delete me', [videos[2].id]);
      expect(await call('DELETE', `delete_playlist/${newer.id}/`, as(other))).toEqual([
        404,
        { message: 'Playlist not found' },
      ]);
      expect((await call('DELETE', `delete_playlist/${newer.id}/`, as(guest)))[0]).toBe(403);
      const [status, next] = await call('DELETE', `delete_playlist/${newer.id}/`, as(user));
      expect(status).toBe(200);
      expect(next).toMatchObject({ deleted_id: newer.id, id: older.id, title: 'Keep me', user_id: user.id });
      expect(next.videos.map((v: Json) => v.id)).toEqual([videos[1].id]);
      expect((await call('GET', `get_playlist_videos/${newer.id}/`))[0]).toBe(404);
      expect((await call('GET', 'get_user_playlists/', as(user)))[1].map((p: Json) => p.id)).toEqual([older.id]);
      const [, fallback] = await call('DELETE', `delete_playlist/${older.id}/`, as(user));
      expect(fallback).toMatchObject({ deleted_id: older.id, id: editorialId, title: 'Default', user_id: null });
      expect((await call('DELETE', `delete_playlist/${older.id}/`, as(user)))[0]).toBe(404);
      expect((await call('DELETE', `delete_playlist/${editorialId}/`, as(user)))[0]).toBe(404);
    });
  });

  describe('rename_playlist (beyond the spec)', () => {
    const rename = (user: User, playlistId: number, body: unknown) =>
      call('PUT', `rename_playlist/${playlistId}/`, as(user), body);
    const INVALID = [400, { message: 'Please, Provide Valid Name' }];

    it('renames an own playlist and answers it as My Playlists lists it, everywhere at once', async () => {
      const playlist = await create(owner, 'Before Rename', [videos[0].id, videos[1].id]);
      const [status, renamed] = await rename(owner, playlist.id, { title: '  After\tRename  2 ' });
      expect(status).toBe(200);
      const listed = (await call('GET', 'get_user_playlists/', as(owner)))[1].find((p: Json) => p.id === playlist.id);
      expect(renamed).toEqual(listed);
      expect(renamed).toMatchObject({ id: playlist.id, title: 'After Rename 2', user_id: owner.id, duration: 201 });
      // Read by anyone with the link, through the public cache too, with its videos untouched.
      expect(await read(playlist.id)).toMatchObject({ title: 'After Rename 2', video_id: videos[0].id });
      expect((await call('GET', `get_custom_playlist/${playlist.id}/`))[1].title).toBe('After Rename 2');
      expect(await order(playlist.id)).toEqual([
        [1, videos[0].id],
        [2, videos[1].id],
      ]);
      // Same with a path without its trailing slash, and the same name again is no error.
      const again = await call('PUT', `rename_playlist/${playlist.id}`, as(owner), { title: 'After Rename 2' });
      expect(again).toEqual([200, renamed]);
    });

    it('allows a name another of the user’s playlists has, as creation does', async () => {
      const a = await create(owner, 'Twin Name');
      const b = await create(owner, 'Other Name');
      expect(await create(owner, 'Twin Name')).toMatchObject({ title: 'Twin Name' });
      expect(await rename(owner, b.id, { title: 'Twin Name' })).toEqual([200, expect.objectContaining({ id: b.id })]);
      const mine = (await call('GET', 'get_user_playlists/', as(owner)))[1];
      expect(mine.filter((p: Json) => [a.id, b.id].includes(p.id)).map((p: Json) => p.title)).toEqual([
        'Twin Name',
        'Twin Name',
      ]);
    });

    it("answers another user's playlist, an editorial one and a missing one alike, and refuses the guest", async () => {
      const playlist = await create(owner, 'Not Yours');
      expect(await rename(other, playlist.id, { title: 'Taken Over' })).toEqual([
        404,
        { message: 'Playlist not found' },
      ]);
      expect(await rename(owner, 999999, { title: 'Taken Over' })).toEqual([404, { message: 'Playlist not found' }]);
      expect(await rename(owner, editorialId, { title: 'Taken Over' })).toEqual([
        404,
        { message: 'Playlist not found' },
      ]);
      expect(await rename(guest, playlist.id, { title: 'Taken Over' })).toEqual([
        403,
        { message: 'The guest account cannot change playlists. Please sign up.' },
      ]);
      expect((await rename(owner, 0, { title: 'Taken Over' }))[0]).toBe(400);
      expect((await call('PUT', 'rename_playlist/abc/', as(owner), { title: 'Taken Over' }))[0]).toBe(400);
      expect((await read(playlist.id)).title).toBe('Not Yours');
      expect((await read(editorialId)).title).toBe('Default');
    });

    it('refuses bad names, wrong types, odd bytes and a huge body, and changes nothing', async () => {
      const playlist = await create(owner, 'Keep This Name', [videos[2].id]);
      for (const title of [
        'a',
        '',
        '   ',
        'x ',
        'Rock & Roll',
        '<script>alert(1)</script>',
        'emoji \u{1F3B5}',
        'zero\u200Bwidth',
        'bidi \u202Eevil',
        '\uFFFD\uFFFD',
        'a'.repeat(201),
        42,
        true,
        null,
        ['Two', 'Names'],
        { title: 'Nested' },
      ]) {
        expect([JSON.stringify(title), await rename(owner, playlist.id, { title })]).toEqual([
          JSON.stringify(title),
          INVALID,
        ]);
      }
      expect(await rename(owner, playlist.id, {})).toEqual(INVALID);
      expect((await rename(owner, playlist.id, { title: 'Fine Name', user_id: other.id }))[0]).toBe(400);
      expect((await rename(owner, playlist.id, ['Fine Name']))[0]).toBe(400);
      expect((await rename(owner, playlist.id, 'Fine Name'))[0]).toBe(400);
      const nul = await rename(owner, playlist.id, { title: 'Nul\u0000Byte' });
      expect(nul[0]).toBe(400);
      expect(nul[1].message).toMatch(/NUL/);
      const raw = (body: string | Uint8Array, type = 'application/json') =>
        api.request(`/cuviewTV/rename_playlist/${playlist.id}/`, {
          method: 'PUT',
          token: as(owner),
          headers: { 'content-type': type },
          body,
        });
      // Not UTF-8, not JSON, not JSON at all, and a body past the api's 1 MB limit.
      expect(
        (await raw(Buffer.from([0x7b, 0x22, 0x74, 0x69, 0x74, 0x6c, 0x65, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d])))
          .status,
      ).toBe(400);
      expect((await raw('{"title": "Half')).status).toBe(400);
      expect(await (await raw('title=Rock+%26+Roll', 'application/x-www-form-urlencoded')).json()).toEqual(INVALID[1]);
      expect((await raw('<title>Xml Name</title>', 'application/xml')).status).toBe(415);
      expect((await raw(JSON.stringify({ title: 'a'.repeat(2 * 1024 * 1024) }))).status).toBe(413);
      expect((await read(playlist.id)).title).toBe('Keep This Name');
      expect(await order(playlist.id)).toEqual([[1, videos[2].id]]);
    });

    it('ends 20 parallel renames of one playlist with one of their names, and no error', async () => {
      const playlist = await create(owner, 'Race Start', [videos[3].id]);
      const names = Array.from({ length: 20 }, (_, i) => `Parallel Name ${i}`);
      const answers = await Promise.all(names.map((title) => rename(owner, playlist.id, { title })));
      expect(answers.map(([status]) => status)).toEqual(Array<number>(20).fill(200));
      // Each answer names the playlist as its own rename left it (the renames queue on its row lock).
      expect(answers.map(([, body]) => body.title)).toEqual(names);
      const [row] = await f.sql<{ title: string }[]>('SELECT title FROM playlists WHERE id = $1', [playlist.id]);
      expect(names).toContain(row.title);
      expect((await read(playlist.id)).title).toBe(row.title);
      expect(
        (await call('GET', 'get_user_playlists/', as(owner)))[1].find((p: Json) => p.id === playlist.id).title,
      ).toBe(row.title);
    });
  });

  describe('arrange_videos', () => {
    it('moves the dragged video to the target position and shifts the ones between', async () => {
      const ids = videos.slice(0, 5).map((v) => v.id);
      const playlist = await create(owner, 'Reorder', ids);
      expect(await call('GET', `arrange_videos/${playlist.id}/1/4/`, as(owner))).toEqual([
        200,
        { playlist_id: playlist.id, position1: 1, position2: 4, index: 3 },
      ]);
      expect((await order(playlist.id)).map(([, id]: number[]) => id)).toEqual([
        ids[1],
        ids[2],
        ids[3],
        ids[0],
        ids[4],
      ]);
      await call('GET', `arrange_videos/${playlist.id}/5/2/`, as(owner));
      expect((await order(playlist.id)).map(([, id]: number[]) => id)).toEqual([
        ids[1],
        ids[4],
        ids[2],
        ids[3],
        ids[0],
      ]);
      expect((await call('GET', `arrange_videos/${playlist.id}/3/3/`, as(owner)))[0]).toBe(200);
      expect((await read(playlist.id)).video_id).toBe(ids[1]);
      expect((await order(playlist.id)).map(([p]: number[]) => p)).toEqual([1, 2, 3, 4, 5]);
    });

    it('refuses positions outside the playlist, other users and the guest', async () => {
      const playlist = await create(owner, 'Reorder guard', [videos[0].id, videos[1].id]);
      expect(await call('GET', `arrange_videos/${playlist.id}/1/3/`, as(owner))).toEqual([
        400,
        { message: 'position2 is past the end of the playlist (it holds 2 videos)' },
      ]);
      for (const [a, b] of [
        ['0', '1'],
        ['1', '-1'],
        ['x', '1'],
      ]) {
        expect((await call('GET', `arrange_videos/${playlist.id}/${a}/${b}/`, as(owner)))[0]).toBe(400);
      }
      expect((await call('GET', `arrange_videos/${playlist.id}/1/2/`, as(other)))[0]).toBe(404);
      expect((await call('GET', `arrange_videos/${playlist.id}/1/2/`, as(guest)))[0]).toBe(403);
      expect((await call('GET', `arrange_videos/${editorialId}/1/1/`, as(owner)))[0]).toBe(404);
      expect((await order(playlist.id)).map(([, id]: number[]) => id)).toEqual([videos[0].id, videos[1].id]);
    });

    it('keeps positions 1..n without gaps or repeats under 50 concurrent moves', async () => {
      const ids = videos.map((v) => v.id);
      const playlist = await create(owner, 'Stress', ids);
      const token = as(owner);
      let seed = 7;
      const random = () => (seed = (seed * 16807) % 2147483647) % ids.length;
      const statuses = await Promise.all(
        Array.from({ length: 50 }, async () => {
          const response = await api.request(
            `/cuviewTV/arrange_videos/${playlist.id}/${random() + 1}/${random() + 1}/`,
            { token },
          );
          return response.status;
        }),
      );
      expect(statuses.every((s) => s === 200)).toBe(true);
      const rows = await f.sql<{ position: number; video_id: number }[]>(
        'SELECT position, video_id FROM playlist_videos WHERE playlist_id = $1 ORDER BY position',
        [playlist.id],
      );
      expect(rows.map((r) => r.position)).toEqual([1, 2, 3, 4, 5, 6]);
      expect(rows.map((r) => r.video_id).sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
    });
  });

  describe('download_playlist_info', () => {
    it('exports a real workbook with position, title, artists, composers, h:mm:ss and a player link', async () => {
      const long = await f.video({ title: 'Long Concert', duration: 3725.6, tracks: [{ members: ['Orchestra'] }] });
      const playlist = await create(owner, 'Export Me', [videos[0].id, long.id]);
      await f.group({ title: 'Export group', playlists: [playlist.id] });
      const group = (await read(playlist.id)).group_id;
      const response = await api.request(`/cuviewTV/download_playlist_info/${playlist.id}/`, { token: as(other) });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe(
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      );
      expect(response.headers.get('content-disposition')).toBe(
        `attachment; filename="playlist_Export_Me.xlsx"; filename*=UTF-8''playlist_Export%20Me.xlsx`,
      );
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as never);
      const sheet = workbook.worksheets[0];
      const rows = sheet.getSheetValues().filter(Boolean) as unknown[][];
      expect(rows[0].slice(1)).toEqual(['Position', 'Title', 'Artists', 'Composers', 'Duration', 'Link']);
      expect(rows[1].slice(1, 6)).toEqual([1, 'Song 0', 'Artist 0', 'Co-writer 0, Composer 0', '0:01:40']);
      expect(rows[2].slice(1, 6)).toEqual([2, 'Long Concert', 'Orchestra', '', '1:02:06']);
      const link = `${PUBLIC_URL}/home?g=${group}&p=${playlist.id}&v=${long.id}`;
      expect(sheet.getCell('F3').value).toEqual({ text: link, hyperlink: link });
    });

    it('sanitises the file name and answers 404 for a missing playlist', async () => {
      const playlist = await create(owner, 'Ünïcode Mix 2024');
      const response = await api.request(`/cuviewTV/download_playlist_info/${playlist.id}/`, { token: as(owner) });
      expect(response.headers.get('content-disposition')).toBe(
        `attachment; filename="playlist_Unicode_Mix_2024.xlsx"; filename*=UTF-8''playlist_%C3%9Cn%C3%AFcode%20Mix%202024.xlsx`,
      );
      // A name whose letters carry vowel signs keeps them (they were each replaced by "_").
      const hindi = await create(owner, 'मेरा गाना');
      const named = await api.request(`/cuviewTV/download_playlist_info/${hindi.id}/`, { token: as(owner) });
      expect(named.headers.get('content-disposition')).toContain(
        `filename*=UTF-8''${encodeURIComponent('playlist_मेरा गाना.xlsx')}`,
      );
      expect((await call('GET', 'download_playlist_info/999999/', as(owner)))[0]).toBe(404);
      expect((await call('GET', 'download_playlist_info/0/', as(owner)))[0]).toBe(400);
    });
  });
});
