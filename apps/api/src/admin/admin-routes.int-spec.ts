import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { ModulesContainer } from '@nestjs/core';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { createApiApp } from '../bootstrap.js';
import { ADMIN_MODULES } from './admin.module.js';
import { read, startAdminKit, type AdminTestKit } from './testing/admin-kit.js';

interface Route {
  method: string;
  url: string;
}

/** The admin calls of spec admin-and-auth §7 (plus the calls this api adds: retry, suggestions, processing, lists, bulk, taxonomy, waveforms, statistics). */
const SPEC_CALLS = `
GET get_playlists_search_results/:query/:page | GET get_playlists_length | POST playlist_search_suggestions/:query
GET get_playlists_length_for_search/:query | DELETE delete_playlist_video_for_admin/:video_id/:playlist_id
DELETE delete_playlist_for_admin/:playlist_id | DELETE delete_playlist_from_group/:group_id/:playlist_id
GET add_playlist_to_group/:group_id/:playlist_id | GET get_playlist_info/:playlist_id | PUT edit_playlist_for_admin/:playlist_id
PUT edit_playlist_thumbnail/:playlist_id | POST add_playlist_for_admin | GET get_playlists_for_admin/:page
POST add_playlist_video_for_admin/:playlist_id
GET get_videos_length_for_search/:query | GET get_videos_off_length | DELETE delete_video/:video_id/:bunny_id | POST upload_video
POST fill_video_info | GET get_video_info/:video_id | PUT edit_video_info/:video_id | PUT edit_video_thumbnail/:video_id
GET get_videos_for_admin/:page | GET get_videos_off/:page | POST get_filter_results_for_admin/:page
GET get_search_results_for_admin/:query/:page | POST retry_video_processing/:video_id | POST video_search_suggestions/:query
GET get_video_subtitles/:video_id | POST upload_video_subtitles/:video_id | DELETE delete_video_subtitles/:video_id/:language
GET get_videogenres_for_admin_filter/:query/:page | GET get_tags_for_admin_filter/:query/:page
GET get_albums_for_admin_filter/:query/:page | GET get_genres | GET get_moods | GET get_albums_length/:query
GET get_tracks_length/:album_id | GET get_tracks_for_admin_filter/:album_id/:page | POST add_videogenre | POST add_tag
GET get_groups_for_admin | GET get_group_info/:group_id | PUT edit_group/:group_id | POST add_group | DELETE delete_group/:group_id
GET arrange_groups/:from_position/:to_position
GET get_playlists_for_banner/:video_id | GET get_themes_for_banner/:playlist_id | POST add_banner_video | GET get_banner_videos
PUT edit_banner_video/:id | DELETE delete_banner_video/:id | GET arrange_banner_videos/:from_position/:to_position
POST add_category | GET get_categories_for_admin | GET get_category/:id | GET get_category_tags/:id | DELETE delete_category/:id
PUT update_category/:id | GET add_category_tag/:tag_id/:category_id | DELETE remove_category_tag/:tag_id/:category_id
GET get_processing_overview | GET get_processing_failures
GET get_video_waveform/:videoId | GET get_album_track_waveform/:albumTrackId | GET get_upload_waveform
GET get_stats_for_admin
GET admin/videos | POST admin/videos/bulk | GET admin/playlists | GET admin/taxonomy/:kind | PUT admin/taxonomy/:kind/:id
POST admin/taxonomy/:kind/:id/merge | DELETE admin/taxonomy/:kind/:id
GET admin/themes | GET admin/categories | GET admin/banners | POST admin/playlists/bulk
GET upload_processing | DELETE discard_upload
`
  .split(/[|\n]/)
  .map((entry) => entry.trim())
  .filter(Boolean)
  .map((entry) => {
    const [method, path] = entry.split(' ');
    return `${method} /cuviewTV/${path}`;
  });

/** Called without a token in the spec (§6). */
const PUBLIC = new Set(['GET /cuviewTV/get_genres', 'GET /cuviewTV/get_moods']);

const FORBIDDEN = { message: "You don't have permission for this Action" };

describe('admin authorisation, from the router’s own route table', () => {
  let kit: AdminTestKit;
  const table: Route[] = [];

  beforeAll(async () => {
    kit = await startAdminKit({}, async (config, options) => {
      const app = await createApiApp(config, options);
      // Every route fastify registers, as it registers it (Nest adds its routes at init).
      const fastify = app.getHttpAdapter().getInstance() as FastifyInstance;
      fastify.addHook('onRoute', (route: RouteOptions) => {
        for (const method of [route.method].flat()) if (method !== 'HEAD') table.push({ method, url: route.url });
      });
      return app;
    });
  });
  afterAll(async () => kit?.close());

  /** The routes of the admin modules' controllers, read from Nest's routing metadata. */
  function adminRoutes(): Set<string> {
    const routes = new Set<string>();
    for (const module of kit.api.app.get(ModulesContainer).values()) {
      if (!ADMIN_MODULES.includes(module.metatype as (typeof ADMIN_MODULES)[number])) continue;
      for (const wrapper of module.controllers.values()) {
        const prototype = (wrapper.metatype as { prototype: object }).prototype;
        for (const name of Object.getOwnPropertyNames(prototype)) {
          const handler = (prototype as Record<string, unknown>)[name];
          if (name === 'constructor' || typeof handler !== 'function') continue;
          const path = Reflect.getMetadata(PATH_METADATA, handler) as string | undefined;
          const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
          if (path === undefined || method === undefined) continue;
          routes.add(`${RequestMethod[method]} /cuviewTV/${path.replace(/^\//, '')}`);
        }
      }
    }
    return routes;
  }

  const concrete = (url: string) =>
    url
      .replace(/:query/g, 'x')
      .replace(/:[a-z_]+/g, '1')
      .replace(/\*$/, 'index.html');
  // As the web client sends them: a JSON body (and its content type) only with POST and PUT.
  const call = (route: Route, token?: string) =>
    kit.api.request(concrete(route.url), {
      method: route.method,
      token,
      ...(['POST', 'PUT'].includes(route.method) ? { json: {} } : {}),
    });

  it('serves every admin call of the spec, and each admin route is in fastify’s table', () => {
    const served = new Set(table.map((route) => `${route.method} ${route.url}`));
    const admin = adminRoutes();
    for (const call of SPEC_CALLS) expect(served).toContain(call);
    for (const route of admin) expect(served).toContain(route);
    expect([...admin].sort()).toEqual([...SPEC_CALLS].sort());
  });

  it('answers 401 to a visitor and 403 to a signed-in viewer on every admin route, the two public lookups aside', async () => {
    const admin = adminRoutes();
    const routes = table.filter(
      (route) =>
        admin.has(`${route.method} ${route.url}`) ||
        route.url.startsWith('/cuviewTV/admin/queues') ||
        // The tus endpoint, mounted on fastify directly; OPTIONS (CORS preflight) carries no token.
        (route.url.startsWith('/cuviewTV/upload_video_resumable/') && route.method !== 'OPTIONS'),
    );
    expect(routes.length).toBeGreaterThanOrEqual(admin.size);
    const problems: string[] = [];
    for (const route of routes) {
      const key = `${route.method} ${route.url}`;
      const visitor = await call(route);
      const viewer = await call(route, kit.viewerToken);
      if (PUBLIC.has(key)) {
        if (visitor.status !== 200) problems.push(`${key}: visitor got ${visitor.status}`);
        continue;
      }
      if (visitor.status !== 401) problems.push(`${key}: visitor got ${visitor.status}`);
      if (viewer.status !== 403) problems.push(`${key}: viewer got ${viewer.status}`);
      else expect(await read(viewer)).toEqual(FORBIDDEN);
    }
    expect(problems).toEqual([]);
  });

  it('lets staff open the queue dashboard, by header or cookie', async () => {
    const page = await kit.api.request('/cuviewTV/admin/queues', { token: kit.staffToken });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    const queues = await kit.api.request('/cuviewTV/admin/queues/api/queues', {
      headers: { cookie: `cuview_queues=${kit.staffToken}` },
    });
    expect(queues.status).toBe(200);
    const names = ((await read(queues)).queues as { name: string }[]).map((queue) => queue.name).sort();
    expect(names).toEqual(['analyze', 'image', 'track', 'video']);
    const forged = await kit.api.request('/cuviewTV/admin/queues/api/queues', {
      headers: { cookie: 'cuview_queues=not-a-token' },
    });
    expect(forged.status).toBe(401);
  });
});
