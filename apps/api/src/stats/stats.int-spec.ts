// Issue 15, the numbers staff want: the player's play beacons (checked whole, limited per
// account under concurrency), the searches counted by the search itself, and their sums over a
// period for the statistics screen.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { TestFactories } from '@app/testing';
import { Seed } from '../admin/testing/seed.js';
import { read, startAdminKit, type AdminTestKit } from '../admin/testing/admin-kit.js';
import { Redis } from 'ioredis';
import { ANON_VIDEO_BUDGET, MAX_ANON_BEACONS_PER_MINUTE, MAX_BEACONS_PER_MINUTE } from './stats.service.js';

let kit: AdminTestKit;
let seed: Seed;
const today = new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

const beacon = (token: string, json: unknown) =>
  kit.api.request('/cuviewTV/stats/plays/', { method: 'POST', token, json });

/** A report of a visitor without an account from `address` (the kit trusts X-Forwarded-For). */
const anonBeacon = (address: string, json: unknown) =>
  kit.api.request('/cuviewTV/stats/plays/', { method: 'POST', json, headers: { 'x-forwarded-for': address } });

const counters = async (video: number) =>
  (
    await kit.db.query(
      `SELECT coalesce(sum(plays), 0)::int AS plays, coalesce(sum(completions), 0)::int AS completions,
              coalesce(sum(watch_seconds), 0)::float8 AS watch_seconds
         FROM play_stats WHERE video_id = $1`,
      [video],
    )
  )[0];

/** A viewer of their own, so each test has a full beacon budget. */
async function viewerToken(): Promise<string> {
  const factories = new TestFactories(kit.db, kit.api.config.JWT_SECRET);
  return factories.token(await factories.user(), 3600);
}

beforeAll(async () => {
  kit = await startAdminKit({ TRUST_PROXY: 'true' });
  seed = new Seed(kit.db);
});
afterAll(async () => kit?.close());

describe('play beacons', () => {
  it('refuses a malformed batch with a clear 400 and records nothing of it', async () => {
    const token = await viewerToken();
    const video = await seed.video({ title: 'Beacon target' });
    const good = { video_id: video, started: true, watched_seconds: 10 };
    for (const body of [
      {},
      { events: 'x' },
      { events: [good, { ...good, video_id: 'a' }] },
      { events: [good, { ...good, watched_seconds: 601 }] },
      { events: [good, { ...good, watched_seconds: -1 }] },
      { events: [good, { ...good, started: 'yes' }] },
      { events: [good, { ...good, playlist_id: 0 }] },
      { events: [good, { ...good, user_id: 3 }] },
      { events: Array.from({ length: 51 }, () => good) },
    ]) {
      const response = await beacon(token, body);
      expect(response.status).toBe(400);
      expect(typeof (await read(response)).message).toBe('string');
    }
    const rows = await kit.db.query(`SELECT * FROM play_stats WHERE video_id = $1`, [video]);
    expect(rows).toEqual([]);
    // Without an account the same checks hold.
    expect((await anonBeacon('198.51.100.1', { events: [good, { ...good, video_id: 'a' }] })).status).toBe(400);
  });

  it(`accepts at most ${MAX_BEACONS_PER_MINUTE} beacons a minute per account, however they arrive, and adds them all up`, async () => {
    const token = await viewerToken();
    const video = await seed.video({ title: 'Burst target' });
    const answers = await Promise.all(
      Array.from({ length: 45 }, () =>
        beacon(token, { events: [{ video_id: video, started: true, watched_seconds: 2 }] }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    const accepted = statuses.filter((s) => s === 200).length;
    expect(accepted).toBe(MAX_BEACONS_PER_MINUTE);
    expect(statuses.filter((s) => s === 429)).toHaveLength(45 - MAX_BEACONS_PER_MINUTE);
    // Every 429 says when to come back, as the other limits' answers do.
    for (const refused of answers.filter((a) => a.status === 429)) {
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
      expect(await read(refused)).toEqual({ message: 'Too many play reports: please slow down' });
    }
    // Concurrent upserts lose nothing: every accepted beacon counted once.
    const [row] = await kit.db.query(
      `SELECT plays, watch_seconds FROM play_stats WHERE video_id = $1 AND day = current_date`,
      [video],
    );
    expect(row).toEqual({ plays: MAX_BEACONS_PER_MINUTE, watch_seconds: 2 * MAX_BEACONS_PER_MINUTE });
  });
});

describe('plays of visitors without an account', () => {
  it('are counted, without the address in Redis or Postgres; nobody but staff counts a hidden video', async () => {
    const visible = await seed.video({ title: 'Open to all' });
    const hidden = await seed.video({ title: 'Switched off', status: 0 });
    const report = (video: number) => ({ events: [{ video_id: video, started: true, watched_seconds: 12 }] });

    const open = await anonBeacon('203.0.113.7', report(visible));
    expect([open.status, await read(open)]).toEqual([200, { recorded: 1 }]);
    expect(await counters(visible)).toEqual({ plays: 1, completions: 0, watch_seconds: 12 });

    for (const sent of [anonBeacon('203.0.113.7', report(hidden)), beacon(await viewerToken(), report(hidden))]) {
      const answer = await sent;
      expect([answer.status, await read(answer)]).toEqual([200, { recorded: 0 }]);
    }
    expect(await counters(hidden)).toEqual({ plays: 0, completions: 0, watch_seconds: 0 });
    // Staff previewing it are counted.
    expect(await read(await beacon(kit.staffToken, report(hidden)))).toEqual({ recorded: 1 });

    const redis = new Redis(kit.api.config.REDIS_URL);
    try {
      const keys = await redis.keys(`${kit.api.config.REDIS_PREFIX}:ratelimit:stats:anon*`);
      expect(keys.length).toBeGreaterThan(0);
      expect(keys.filter((key) => key.includes('203.0.113'))).toEqual([]);
    } finally {
      redis.disconnect();
    }
  });

  it('50 forged reports at once from one address add at most its budget per video', async () => {
    const video = await seed.video({ title: 'Forged target' });
    const forged = { events: [{ video_id: video, started: true, completed: true, watched_seconds: 600 }] };
    const answers = await Promise.all(Array.from({ length: 50 }, () => anonBeacon('192.0.2.50', forged)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(MAX_ANON_BEACONS_PER_MINUTE);
    expect(statuses.filter((s) => s === 429)).toHaveLength(50 - MAX_ANON_BEACONS_PER_MINUTE);
    expect(answers.filter((a) => a.status === 429 && !a.headers.get('retry-after'))).toEqual([]);
    expect(await counters(video)).toEqual({
      plays: ANON_VIDEO_BUDGET.plays,
      completions: ANON_VIDEO_BUDGET.completions,
      watch_seconds: ANON_VIDEO_BUDGET.watchSeconds,
    });
    // One beacon of 50 reports of the same video is held to the same budget, from a fresh address.
    const batch = { events: Array.from({ length: 50 }, () => forged.events[0]) };
    expect((await anonBeacon('192.0.2.51', batch)).status).toBe(200);
    expect(await counters(video)).toEqual({
      plays: 2 * ANON_VIDEO_BUDGET.plays,
      completions: 2 * ANON_VIDEO_BUDGET.completions,
      watch_seconds: 2 * ANON_VIDEO_BUDGET.watchSeconds,
    });
    // The same /64 is one address for IPv6.
    const v6 = await Promise.all(
      Array.from({ length: 20 }, (_, i) => anonBeacon(`2001:db8:1:2::${i + 1}`, { events: [] })),
    );
    expect(v6.filter((a) => a.status === 200)).toHaveLength(MAX_ANON_BEACONS_PER_MINUTE);
  });
});

describe('the statistics over a period', () => {
  it('answers plays, watch time and completion per video, playlist and day, and top and empty searches', async () => {
    const token = await viewerToken();
    const song = await seed.video({ title: 'Stats Song' });
    const other = await seed.video({ title: 'Stats Other' });
    const list = await seed.playlist({ title: 'Stats List' });
    await seed.playlistVideos(list, [song, other]);
    const ok = await beacon(token, {
      events: [
        { video_id: song, playlist_id: list, started: true, watched_seconds: 100, completed: true },
        { video_id: song, playlist_id: list, started: true, watched_seconds: 30 },
        { video_id: song, started: true, completed: true, watched_seconds: 50 },
        { video_id: other, playlist_id: list, started: true, watched_seconds: 5 },
        // A video deleted meanwhile is left out; an unknown playlist counts as none.
        { video_id: 99999999, started: true, watched_seconds: 5 },
        { video_id: other, playlist_id: 99999999, watched_seconds: 5 },
      ],
    });
    expect([ok.status, await read(ok)]).toEqual([200, { recorded: 5 }]);
    // Yesterday's numbers, as the counters hold them.
    await kit.db.query(
      `INSERT INTO play_stats (day, video_id, playlist_id, plays, completions, watch_seconds) VALUES ($1, $2, 0, 4, 1, 40)`,
      [daysAgo(1), song],
    );

    // Searches: counted by the search itself, normalised; one finds nothing.
    for (const q of ['Stats Song', 'stats song', 'zzqx nothing here', 'Stats Song'])
      expect(
        (await kit.api.request(`/cuviewTV/get_search_results/${encodeURIComponent(q)}/1/`, { method: 'POST' })).status,
      ).toBe(200);
    // Page 2 only browses a search: not counted again.
    await kit.api.request(`/cuviewTV/get_search_results/stats%20song/2/`, { method: 'POST' });

    const { status, body } = await kit.call(`/cuviewTV/get_stats_for_admin/?from=${daysAgo(6)}&to=${today}`);
    expect(status).toBe(200);
    expect([body.from, body.to]).toEqual([daysAgo(6), today]);
    expect(body.days).toHaveLength(7);
    expect(body.days.at(-1).day).toBe(today);
    expect(body.days.at(-2)).toMatchObject({ day: daysAgo(1), plays: 4, completions: 1, watch_seconds: 40 });
    expect(body.days[0]).toMatchObject({ plays: 0, watch_seconds: 0 });

    const songRow = body.videos.find((v: { id: number }) => v.id === song);
    expect(songRow).toEqual({
      id: song,
      title: 'Stats Song',
      plays: 7,
      completions: 3,
      watch_seconds: 220,
      completion_rate: 0.429,
    });
    const otherRow = body.videos.find((v: { id: number }) => v.id === other);
    expect(otherRow).toMatchObject({ plays: 1, completions: 0, watch_seconds: 10 });
    const listRow = body.playlists.find((p: { id: number }) => p.id === list);
    expect(listRow).toEqual({
      id: list,
      title: 'Stats List',
      plays: 3,
      completions: 1,
      watch_seconds: 135,
      completion_rate: 0.333,
    });
    expect(body.top_searches).toContainEqual({ query: 'stats song', searches: 3 });
    expect(body.empty_searches).toContainEqual({ query: 'zzqx nothing here', searches: 1 });
    expect(body.empty_searches.map((s: { query: string }) => s.query)).not.toContain('stats song');

    // A period before any of it: zeros, not errors.
    const before = await kit.call(`/cuviewTV/get_stats_for_admin/?from=2020-01-01&to=2020-01-31`);
    expect(before.body.totals).toEqual({ plays: 0, completions: 0, watch_seconds: 0, completion_rate: 0 });
    expect(before.body.days).toHaveLength(31);
  });

  it('refuses a bad period with a clear 400, and anyone but staff', async () => {
    for (const query of [
      'from=2026-13-01',
      'from=yesterday',
      'to=2026-02-30',
      'from=2026-05-02&to=2026-05-01',
      'from=2020-01-01&to=2026-01-01',
    ]) {
      const { status, body } = await kit.call(`/cuviewTV/get_stats_for_admin/?${query}`);
      expect([query, status, typeof body.message]).toEqual([query, 400, 'string']);
    }
    const viewer = await kit.api.request('/cuviewTV/get_stats_for_admin/', { token: kit.viewerToken });
    expect(viewer.status).toBe(403);
    expect((await kit.call('/cuviewTV/get_stats_for_admin/')).body.days).toHaveLength(30);
  });
});
