import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { Status } from '@app/contracts';
import type { Group, Playlist, User, Video } from '@app/db';
import { startTestApi, TestFactories, type TestApi } from '@app/testing';
import { createApiApp } from '../bootstrap.js';
import { imageVersion } from '../images/image-addresses.js';

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('public catalogue', () => {
  let api: TestApi;
  let f: TestFactories;
  let viewer: User;
  let owner: User;
  let live: Video;
  let hidden: Video;
  let external: Video;
  let jazz: Playlist;
  let classics: Playlist;
  let personal: Playlist;
  let concerts: Group;
  let themes: Group;

  const get = async (path: string, token?: string): Promise<[number, Json]> => {
    const response = await api.request(`/cuviewTV/${path}`, { token });
    return [response.status, await response.json()];
  };

  beforeAll(async () => {
    api = await startTestApi(createApiApp, { MEDIA_PUBLIC_URL: 'https://cdn.example/media/' });
    f = new TestFactories(api.app.get(DataSource), api.config.JWT_SECRET);
    viewer = await f.user();
    owner = await f.user();
    live = await f.video({
      title: 'Live at Montreux',
      duration: 200,
      hlsMasterKey: 'videos/live/master.m3u8',
      tags: ['live', 'jazz'],
      tracks: [
        { title: 'Feeling Good', members: ['Nina Simone'], composers: ['Leslie Bricusse', 'Anthony Newley'] },
        {
          title: 'Take Five',
          members: ['Dave Brubeck', 'Nina Simone'],
          composers: ['Paul Desmond'],
          fingerprinted: true,
        },
      ],
    });
    hidden = await f.video({ title: 'Unreleased', status: Status.Off, tags: ['jazz'], duration: 1000 });
    external = await f.video({ title: 'On YouTube', hlsMasterKey: null, ytLink: 'https://youtu.be/x', tags: ['jazz'] });
    jazz = await f.playlist({ title: 'Late Night Jazz', videos: [hidden, external, live] });
    classics = await f.playlist({ id: 251, title: 'Essential Classics', videos: [live] });
    personal = await f.playlist({ title: 'Mine', user: owner, videos: [external] });
    const empty = await f.playlist({ title: 'Empty' });
    const off = await f.playlist({ title: 'Switched off', status: Status.Off, videos: [live] });
    themes = await f.group({ id: 4, title: 'Jazz', playlists: [jazz, empty, off, classics] });
    concerts = await f.group({ id: 5, title: 'Concerts and Performances', playlists: [classics] });
    await f.group({ title: 'Hidden group', status: Status.Off, playlists: [jazz] });
    await f.group({ title: 'Nothing to watch yet', playlists: [empty, off] });
    await f.category({ title: 'Jazz', tags: ['jazz'] });
    await f.category({ title: 'Alpha', tags: ['live'] });
    await f.category({ title: 'Off', tags: ['jazz'], status: Status.Off });
    await f.genre('Blues', true);
    await f.genre('Polka', false);
    await f.banner({ video: live, playlist: jazz, group: themes, title: 'Tonight' });
    await f.banner({ video: hidden, playlist: jazz, group: themes, title: 'Hidden video' });
    await f.banner({ video: live, playlist: jazz, group: themes, title: 'Banner off', status: Status.Off });
  });
  afterAll(async () => api?.close());

  it('answers a video with its tracks, members, artists, composers and stream address', async () => {
    const [status, video] = await get(`get_video/${live.id}/`);
    expect(status).toBe(200);
    expect(video).toMatchObject({
      id: live.id,
      title: 'Live at Montreux',
      duration: 200,
      scripted_bunny_path: 'https://cdn.example/media/videos/live/master.m3u8',
      yt_link: '',
      artists: 'Nina Simone, Dave Brubeck',
      composers: 'Anthony Newley, Leslie Bricusse, Paul Desmond',
      watermark: false,
      footprint: false,
    });
    expect(video.members.map((m: Json) => m.title)).toEqual(['Nina Simone', 'Dave Brubeck']);
    expect(Object.keys(video.members[0]).sort()).toEqual(['id', 'images', 'merch_url', 'title', 'title2']);
    expect(video.tracks).toHaveLength(2);
    expect(video.tracks[1]).toMatchObject({ position: 2, title: 'Take Five', starts_at: 60, ends_at: 120 });
    expect(video.tracks[1].members.map((m: Json) => m.title)).toEqual(['Dave Brubeck', 'Nina Simone']);
    expect(video.position).toBeUndefined();
  });

  it('gives an empty stream address to a video that only plays from its embed link', async () => {
    const [, video] = await get(`get_video/${external.id}`);
    expect(video).toMatchObject({
      scripted_bunny_path: '',
      yt_link: 'https://youtu.be/x',
      tracks: [],
      members: [],
      artists: '',
      composers: '',
    });
  });

  it('hides videos that are switched off, and refuses ids that are not ids', async () => {
    expect(await get(`get_video/${hidden.id}/`)).toEqual([404, { message: 'Video not found' }]);
    expect(await get('get_video/999999/')).toEqual([404, { message: 'Video not found' }]);
    for (const bad of ['abc', '0', '-1', '1.5', '99999999999', "1'%20OR%201=1"]) {
      const [status, body] = await get(`get_video/${bad}/`);
      expect(status).toBe(400);
      expect(body.message).toMatch(/videoId must be a whole number/);
    }
  });

  it('lists a playlist with only its visible videos, in order, with positions, duration and cover', async () => {
    for (const path of [`get_playlist_videos/${jazz.id}/`, `get_custom_playlist/${jazz.id}`]) {
      const [status, playlist] = await get(path);
      expect(status).toBe(200);
      expect(playlist).toMatchObject({ id: jazz.id, title: 'Late Night Jazz', user_id: null, group_id: 4 });
      expect(playlist.videos.map((v: Json) => [v.id, v.position])).toEqual([
        [external.id, 2],
        [live.id, 3],
      ]);
      expect(playlist.duration).toBe(260);
      expect(playlist.video_id).toBe(external.id);
    }
  });

  it("lets anyone, signed in or not, read another user's playlist by id", async () => {
    const [status, playlist] = await get(`get_custom_playlist/${personal.id}/`, f.token(viewer));
    expect(status).toBe(200);
    expect(playlist).toMatchObject({ id: personal.id, user_id: owner.id, group_id: null });
    expect((await get(`get_playlist_videos/${personal.id}/`))[0]).toBe(200);
    expect((await get('get_playlist_videos/424242/'))[0]).toBe(404);
  });

  it('answers Essential Classics (playlist 251) and Concerts and Performances (group 5)', async () => {
    const [, essentials] = await get('get_essential_classics/');
    expect(essentials.id).toBe(classics.id);
    expect(essentials.videos.map((v: Json) => v.id)).toEqual([live.id]);
    const [, list] = await get('get_concerts_and_performances/');
    expect(list.map((p: Json) => [p.id, p.group_id])).toEqual([[classics.id, concerts.id]]);
  });

  it('lists visible groups holding something to watch, in order, and a group with its visible, non-empty playlists', async () => {
    const [, groups] = await get('get_groups/');
    expect(groups.map((g: Json) => g.title)).toEqual(['Jazz', 'Concerts and Performances']);
    const [status, group] = await get(`get_group_playlists/${themes.id}/`);
    expect(status).toBe(200);
    expect(group).toMatchObject({ id: 4, title: 'Jazz' });
    expect(group.playlists.map((p: Json) => p.title)).toEqual(['Late Night Jazz', 'Essential Classics']);
    expect(group.playlists[0]).toMatchObject({
      duration: 260,
      video_id: external.id,
      video: { id: external.id, scripted_bunny_path: '' },
      user_id: null,
      group_id: 4,
      position: 1,
      number_of_videos: 2,
    });
    expect((await get('get_group_playlists/999/'))[0]).toBe(404);
  });

  it('lists the newest editorial playlists, without empty, hidden or personal ones', async () => {
    const [, latest] = await get('get_latest_playlists/');
    expect(latest.map((p: Json) => p.title)).toEqual(['Essential Classics', 'Late Night Jazz']);
  });

  it('lists visible categories by title and pages their visible videos', async () => {
    const [, categories] = await get('get_categories/');
    expect(categories.map((c: Json) => c.title)).toEqual(['Alpha', 'Jazz']);
    const jazzCategory = categories[1];
    const [status, page] = await get(`get_category_videos/${jazzCategory.id}/1/`);
    expect(status).toBe(200);
    expect(page.videoLength).toBe(2);
    expect(page.videos.map((v: Json) => v.id).sort()).toEqual([live.id, external.id].sort());
    expect(await get(`get_category_videos/${jazzCategory.id}/2/`)).toEqual([200, { videos: [], videoLength: 2 }]);
    expect(await get(`get_category_videos/${jazzCategory.id}/1000000000/`)).toEqual([
      200,
      { videos: [], videoLength: 2 },
    ]);
    for (const page of ['0', '-1', 'x'])
      expect((await get(`get_category_videos/${jazzCategory.id}/${page}/`))[0]).toBe(400);
    expect((await get('get_category_videos/987654/1/'))[0]).toBe(404);
  });

  it('pages category videos by 20', async () => {
    const many = await Promise.all(
      Array.from({ length: 23 }, (_, i) => f.video({ title: `Paged ${i}`, tags: ['paged'] })),
    );
    const category = await f.category({ title: 'Paged', tags: ['paged'] });
    const [, first] = await get(`get_category_videos/${category.id}/1/`);
    const [, second] = await get(`get_category_videos/${category.id}/2/`);
    expect(first.videos).toHaveLength(20);
    expect(second.videos).toHaveLength(3);
    expect(first.videoLength).toBe(23);
    const seen = new Set([...first.videos, ...second.videos].map((v: Json) => v.id));
    expect(seen).toEqual(new Set(many.map((v) => v.id)));
  });

  it('answers active genres and visible banners only', async () => {
    const [, genres] = await get('get_active_genres/');
    expect(genres.map((g: Json) => g.title)).toEqual(['Blues']);
    const [, banners] = await get('get_videos_for_banner/');
    expect(banners).toHaveLength(1);
    expect(banners[0]).toMatchObject({
      title: 'Tonight',
      video_id: live.id,
      playlist_id: jazz.id,
      group_id: themes.id,
      video_title: 'Live at Montreux',
      duration: 200,
      scripted_bunny_path: 'https://cdn.example/media/videos/live/master.m3u8',
      artists: 'Nina Simone, Dave Brubeck',
    });
  });

  it('answers every public call the same to a visitor, a signed-in viewer and the guest', async () => {
    const guest = await f.user({ isGuest: true });
    const [, categories] = await get('get_categories/');
    const calls: [string, string][] = [
      ['GET', 'get_categories/'],
      ['GET', 'get_groups/'],
      ['GET', 'get_videos_for_banner/'],
      ['GET', `get_category_videos/${categories[0].id}/1/`],
      ['GET', `get_group_playlists/${themes.id}/`],
      ['GET', `get_playlist_videos/${jazz.id}/`],
      ['GET', 'get_concerts_and_performances/'],
      ['GET', 'get_latest_playlists/'],
      ['GET', 'get_active_genres/'],
      ['GET', 'get_essential_classics/'],
      ['GET', `get_video/${live.id}/`],
      ['GET', `get_custom_playlist/${personal.id}/`],
      ['POST', 'get_genres_for_filter/'],
      ['POST', 'get_moods_for_filter/'],
      ['POST', 'get_artists_for_filter/%20/1/'],
      ['POST', 'get_composers_for_filter/%20/1/'],
      ['POST', 'get_tags_for_filter/%20/1/'],
      ['POST', 'get_videogenres_for_filter/%20/1/'],
      ['POST', 'get_filter_results/1/'],
      ['POST', 'get_search_suggestions/live/'],
      ['POST', 'get_search_results/live/1/'],
      ['POST', 'get_search_playlists/night%20jazz/'],
      ['POST', 'get_activities/%20/1/'],
      ['POST', 'get_videos_length_for_filter/'],
    ];
    for (const [method, path] of calls) {
      const answers = [];
      for (const token of [undefined, f.token(viewer), f.token(guest), 'not-a-token']) {
        const response = await api.request(`/cuviewTV/${path}`, {
          method,
          token,
          json: method === 'POST' ? { data: '' } : undefined,
        });
        answers.push([response.status, await response.text()]);
      }
      expect([path, answers[0][0]]).toEqual([path, 200]);
      for (const answer of answers.slice(1)) expect([path, ...answer]).toEqual([path, ...answers[0]]);
    }
  });

  it('serves a share page with escaped preview tags that forwards to the player', async () => {
    const tricky = await f.video({ title: 'Rock & "Roll" <live>', tracks: [{ members: ["Guns N' Roses"] }] });
    const response = await api.request(`/share/${tricky.id}/${jazz.id}/${themes.id}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
    const html = await response.text();
    expect(html).toContain('<meta property="og:title" content="Rock &#38; &#34;Roll&#34; &#60;live&#62;">');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    // No thumbnail: the unversioned address (the default cover); with one, its versioned address.
    expect(html).toContain(`content="http://localhost:3000/cuviewTV/image/video/${tricky.id}/600/"`);
    const pictured = await f.video({ thumbnailKey: 'images/2026/11/share.png' });
    const page = await (await api.request(`/share/${pictured.id}/${jazz.id}/${themes.id}/`)).text();
    expect(page).toContain(
      `content="http://localhost:3000/cuviewTV/image/video/${pictured.id}/600/${imageVersion('images/2026/11/share.png')}/"`,
    );
    expect(html).toContain(`url=http://localhost:3000/home?g=${themes.id}&#38;p=${jazz.id}&#38;v=${tricky.id}`);
    expect(html).toContain('Guns N&#39; Roses');
    expect((await api.request(`/share/${hidden.id}/${jazz.id}/${themes.id}`)).status).toBe(404);
    expect((await api.request('/share/abc/1/1/')).status).toBe(400);
  });

  it('shows a video switched on while it transcodes nowhere until its stream is ready, then everywhere', async () => {
    // Staff put a new upload on and into a playlist, a theme, a banner and a category at once.
    const upload = await f.video({ title: 'Fresh Upload', hlsMasterKey: null, tags: ['fresh'], duration: 90 });
    const playlist = await f.playlist({ title: 'New This Week', videos: [upload, live] });
    const group = await f.group({ title: 'Just In', playlists: [playlist] });
    await f.banner({ video: upload, playlist, group, title: 'Premiere' });
    const category = await f.category({ title: 'Fresh', tags: ['fresh'] });
    const seen = async () => {
      const [, list] = await get(`get_playlist_videos/${playlist.id}/`);
      const [, banners] = await get('get_videos_for_banner/');
      const [, page] = await get(`get_category_videos/${category.id}/1/`);
      return {
        video: (await get(`get_video/${upload.id}/`))[0],
        playlist: list.videos.map((v: Json) => v.id),
        duration: list.duration,
        cover: list.video_id,
        banners: banners.map((b: Json) => b.title),
        category: page.videos.map((v: Json) => v.id),
        addable: (await get(`check_playlist/${upload.id}/`, f.token(viewer)))[0],
      };
    };
    expect(await seen()).toEqual({
      video: 404,
      playlist: [live.id],
      duration: 200,
      cover: live.id,
      banners: ['Tonight'],
      category: [],
      addable: 404,
    });
    // A failed transcode leaves it as hidden.
    await f.sql("UPDATE videos SET processing_state = 'failed' WHERE id = $1", [upload.id]);
    expect((await seen()).playlist).toEqual([live.id]);
    // The worker switches the ladder in: it appears at once, caches notwithstanding.
    await f.sql(
      "UPDATE videos SET hls_master_key = 'videos/fresh/master.m3u8', processing_state = 'ready' WHERE id = $1",
      [upload.id],
    );
    expect(await seen()).toMatchObject({
      video: 200,
      playlist: [upload.id, live.id],
      duration: 290,
      cover: upload.id,
      banners: ['Tonight', 'Premiere'],
      category: [upload.id],
      addable: 200,
    });
  });
});
