import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { JwtService } from '@nestjs/jwt';
import { DataSource } from 'typeorm';
import { Status } from '@app/contracts';
import type { User, Video } from '@app/db';
import { startTestApi, TestFactories, type TestApi } from '@app/testing';
import { createApiApp } from '../bootstrap.js';

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('watch positions (continue watching)', () => {
  let api: TestApi;
  let f: TestFactories;
  let db: DataSource;
  let viewer: User;
  let other: User;
  let guest: User;
  let videos: Video[];
  let hidden: Video;

  const call = async (method: string, path: string, token?: string, json?: unknown): Promise<[number, Json]> => {
    const response = await api.request(`/cuviewTV/${path}`, { method, token, json });
    const text = await response.text();
    return [response.status, text ? JSON.parse(text) : null];
  };
  const save = (user: User, positions: unknown) => call('POST', 'save_positions/', f.token(user), { positions });
  const rows = async (user: User) =>
    (
      await db.query('SELECT video_id, position FROM watch_positions WHERE user_id = $1 ORDER BY video_id', [user.id])
    ).map((r: Json) => [r.video_id, r.position]);

  beforeAll(async () => {
    api = await startTestApi(createApiApp);
    db = api.app.get(DataSource);
    f = new TestFactories(db, api.config.JWT_SECRET);
    viewer = await f.user();
    other = await f.user();
    guest = await f.user({ isGuest: true });
    videos = [];
    for (let i = 0; i < 4; i++) videos.push(await f.video({ title: `Concert ${i}`, duration: 200 }));
    hidden = await f.video({ title: 'Hidden', status: Status.Off, duration: 200 });
  });
  afterAll(async () => api?.close());

  it('answers 401 to a visitor', async () => {
    expect((await call('POST', 'save_positions/', undefined, { positions: [] }))[0]).toBe(401);
    expect((await call('GET', `get_position/${videos[0].id}/`))[0]).toBe(401);
    expect((await call('GET', 'get_continue_watching/'))[0]).toBe(401);
  });

  it('keeps one row per viewer and video, overwritten by later saves; the last of a batch wins', async () => {
    expect((await save(viewer, [{ video_id: videos[0].id, position: 30 }]))[0]).toBe(204);
    expect(
      (
        await save(viewer, [
          { video_id: videos[0].id, position: 40 },
          { video_id: videos[1].id, position: 12.5 },
          { video_id: videos[0].id, position: 45 },
        ])
      )[0],
    ).toBe(204);
    expect(await rows(viewer)).toEqual([
      [videos[0].id, 45],
      [videos[1].id, 12.5],
    ]);
    expect(await call('GET', `get_position/${videos[0].id}/`, f.token(viewer))).toEqual([
      200,
      { video_id: videos[0].id, position: 45 },
    ]);
  });

  it('works across devices: another token of the same viewer reads the same positions', async () => {
    const secondDevice = f.token(viewer);
    expect((await call('GET', `get_position/${videos[1].id}/`, secondDevice))[1].position).toBe(12.5);
  });

  it('lists videos stopped in the middle, most recent first, leaving out finished and barely started ones', async () => {
    const person = await f.user();
    await save(person, [{ video_id: videos[0].id, position: 50 }]);
    await save(person, [{ video_id: videos[1].id, position: 191 }]); // last 10 s: finished
    await save(person, [{ video_id: videos[2].id, position: 2 }]); // a glance
    await save(person, [{ video_id: videos[3].id, position: 80 }]);
    const [status, list] = await call('GET', 'get_continue_watching/', f.token(person));
    expect(status).toBe(200);
    expect(list.map((v: Json) => [v.id, v.resume_at])).toEqual([
      [videos[3].id, 80],
      [videos[0].id, 50],
    ]);
    expect(list[0]).toMatchObject({ title: 'Concert 3', duration: 200, tracks: expect.any(Array) });
    expect(Date.parse(list[0].watched_at)).toBeGreaterThan(Date.now() - 60_000);
    // Finished: no resume either.
    expect((await call('GET', `get_position/${videos[1].id}/`, f.token(person)))[1].position).toBeNull();
    expect((await call('GET', `get_position/${videos[2].id}/`, f.token(person)))[1].position).toBeNull();
  });

  it('judges a short clip by shares: started after a tenth, finished in its last third', async () => {
    const person = await f.user();
    const clip = await f.video({ duration: 8 });
    const resumeAt = async (position: number) => {
      await save(person, [{ video_id: clip.id, position }]);
      return (await call('GET', `get_position/${clip.id}/`, f.token(person)))[1].position;
    };
    expect(await resumeAt(4)).toBe(4);
    expect(await resumeAt(0.5)).toBeNull();
    expect(await resumeAt(6)).toBeNull();
    expect(await resumeAt(7.7)).toBeNull();
  });

  it('starts a half-minute clip over in its last 10 s, and a long concert in its last 5 %', async () => {
    const person = await f.user();
    const clip = await f.video({ duration: 36 });
    const concert = await f.video({ duration: 600 });
    const resumeAt = async (video: { id: number }, position: number) => {
      await save(person, [{ video_id: video.id, position }]);
      return (await call('GET', `get_position/${video.id}/`, f.token(person)))[1].position;
    };
    expect(await resumeAt(clip, 25)).toBe(25);
    expect(await resumeAt(clip, 34.1)).toBeNull(); // 1.9 s left: it resumed and ended at once
    expect(await resumeAt(concert, 560)).toBe(560);
    expect(await resumeAt(concert, 575)).toBeNull();
  });

  it('clamps a position past the end to the duration', async () => {
    const person = await f.user();
    expect((await save(person, [{ video_id: videos[0].id, position: 5000 }]))[0]).toBe(204);
    expect(await rows(person)).toEqual([[videos[0].id, 200]]);
  });

  it('keeps positions to the millisecond: a number too small for the column is the start, not a 500', async () => {
    const person = await f.user();
    const batch = [
      { video_id: videos[0].id, position: 1e-46 },
      { video_id: videos[1].id, position: 12.34567 },
    ];
    expect((await save(person, batch))[0]).toBe(204);
    expect(await rows(person)).toEqual([
      [videos[0].id, 0],
      [videos[1].id, 12.346],
    ]);
  });

  it('refuses bad input with 400 and writes nothing of the batch', async () => {
    const person = await f.user();
    const v = videos[0].id;
    for (const body of [
      undefined,
      [],
      'x',
      [{ video_id: v }],
      [{ video_id: v, position: -1 }],
      [{ video_id: v, position: 'NaN' }],
      [{ video_id: v, position: 1e9 }],
      [{ video_id: 0, position: 10 }],
      [{ video_id: 1.5, position: 10 }],
      [{ video_id: v, position: 10, user_id: other.id }],
      [5],
      [null],
      [[v, 10]],
      [{ video_id: String(v), position: 10 }],
      [{ video_id: v, position: 'Infinity' }],
      Array.from({ length: 21 }, () => ({ video_id: v, position: 10 })),
      [
        { video_id: v, position: 10 },
        { video_id: hidden.id, position: 10 },
      ],
      [
        { video_id: v, position: 10 },
        { video_id: 2_000_000_000, position: 10 },
      ],
    ]) {
      const [status, answer] = await save(person, body);
      const label = String(JSON.stringify(body)).slice(0, 80);
      expect([label, status]).toEqual([label, 400]);
      expect(typeof answer.message).toBe('string');
    }
    expect((await save(person, [{ video_id: hidden.id, position: 10 }]))[1].message).toBe(
      `Unknown video id: ${hidden.id}`,
    );
    // The messages name what to fix, as every other body's do.
    expect((await save(person, [{ video_id: v, position: -1 }]))[1].message).toBe(
      'position must be a number of seconds',
    );
    expect((await save(person, [{ video_id: v, position: 1, user_id: 3 }]))[1].message).toBe('Unknown field: user_id');
    const [status, answer] = await call('POST', 'save_positions/', f.token(person), {
      positions: [{ video_id: v, position: 10 }],
      user_id: other.id,
    });
    expect([status, answer.message]).toEqual([400, 'Unknown field: user_id']);
    expect(await rows(person)).toEqual([]);
    expect((await call('GET', 'get_position/abc/', f.token(person)))[0]).toBe(400);
  });

  it("never writes or reads another viewer's positions", async () => {
    const before = await rows(other);
    // A user id in the body is refused (above); the token alone says whose row it is.
    await save(viewer, [{ video_id: videos[2].id, position: 33 }]);
    expect(await rows(other)).toEqual(before);
    expect((await call('GET', `get_position/${videos[2].id}/`, f.token(other)))[1].position).toBeNull();
    const list = (await call('GET', 'get_continue_watching/', f.token(other)))[1];
    expect(list.map((v: Json) => v.id)).not.toContain(videos[2].id);
  });

  it('stops at once for a token issued before a password change or deactivation, like every signed-in call', async () => {
    const person = await f.user();
    const token = f.token(person);
    const iat = (JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { iat: number }).iat;
    const position = [{ video_id: videos[0].id, position: 30 }];
    const saveWith = (t: string) => call('POST', 'save_positions/', t, { positions: position });
    const changedAt = (sql: string) =>
      db.query(`UPDATE users SET credentials_changed_at = ${sql} WHERE id = $1`, [person.id, iat]);
    // Changed within the second the token was issued: still good (issuedBeforeCredentialsChange).
    await changedAt(`to_timestamp($2) + interval '900 milliseconds'`);
    expect((await saveWith(token))[0]).toBe(204);
    expect((await call('GET', 'get_continue_watching/', token))[0]).toBe(200);
    // Changed in the next second: the token is dead here exactly as behind JwtAuthGuard.
    await changedAt(`to_timestamp($2 + 1)`);
    await db.query('DELETE FROM watch_positions WHERE user_id = $1', [person.id]);
    expect(await saveWith(token)).toEqual([401, { detail: expect.any(String), code: 'token_not_valid' }]);
    expect((await call('GET', 'get_continue_watching/', token))[0]).toBe(401);
    expect(await rows(person)).toEqual([]);
    // A token issued after the change works; deactivating the account stops it at once.
    await changedAt(`to_timestamp($2 - 10)`);
    expect((await saveWith(token))[0]).toBe(204);
    await db.query('UPDATE users SET is_active = false WHERE id = $1', [person.id]);
    expect((await saveWith(token))[0]).toBe(401);
    await db.query('DELETE FROM users WHERE id = $1', [person.id]);
    expect((await saveWith(token))[0]).toBe(401);
  });

  it('takes only genuine, unexpired access tokens', async () => {
    const person = await f.user();
    const position = { positions: [{ video_id: videos[0].id, position: 30 }] };
    const forged = new TestFactories(db, 'another-secret-that-is-long-enough-for-hs256').token(person);
    const expired = f.token(person, -10);
    const refresh = new JwtService({ secret: api.config.JWT_SECRET }).sign({
      token_type: 'refresh',
      user_id: person.id,
      jti: 'x',
    });
    for (const token of [forged, expired, refresh, 'not.a.token']) {
      expect(await call('POST', 'save_positions/', token, position)).toEqual([
        401,
        { detail: 'Given token not valid for any token type', code: 'token_not_valid' },
      ]);
    }
    const [status, answer] = await call('POST', 'save_positions/', undefined, position);
    expect([status, answer.code]).toEqual([401, undefined]);
    expect(await rows(person)).toEqual([]);
  });

  it('keeps nothing for the guest account', async () => {
    expect((await save(guest, [{ video_id: videos[0].id, position: 30 }]))[0]).toBe(403);
    expect(await rows(guest)).toEqual([]);
    expect((await call('GET', 'get_continue_watching/', f.token(guest)))[1]).toEqual([]);
  });

  it('holds under concurrent saves of the same row: one row, one of the saved values', async () => {
    const person = await f.user();
    const token = f.token(person);
    const values = Array.from({ length: 20 }, (_, i) => 10 + i);
    const answers = await Promise.all(
      values.map((position) =>
        api.request('/cuviewTV/save_positions/', {
          method: 'POST',
          token,
          json: { positions: [{ video_id: videos[0].id, position }] },
        }),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual(values.map(() => 204));
    const saved = await rows(person);
    expect(saved).toHaveLength(1);
    expect(values).toContain(saved[0][1]);
  });

  it('hides a video whose access is turned off, and forgets positions of a deleted one', async () => {
    const person = await f.user();
    const doomed = await f.video({ duration: 200 });
    await save(person, [{ video_id: doomed.id, position: 60 }]);
    await db.query('UPDATE videos SET status = 0 WHERE id = $1', [doomed.id]);
    expect((await call('GET', 'get_continue_watching/', f.token(person)))[1]).toEqual([]);
    await db.query('DELETE FROM videos WHERE id = $1', [doomed.id]);
    expect(await rows(person)).toEqual([]);
  });
});

describe('chapters track', () => {
  let api: TestApi;
  let f: TestFactories;

  beforeAll(async () => {
    api = await startTestApi(createApiApp);
    f = new TestFactories(api.app.get(DataSource), api.config.JWT_SECRET);
  });
  afterAll(async () => api?.close());

  it("answers a visible video's tracks as WebVTT chapters, 404 for a hidden one", async () => {
    const video = await f.video({ tracks: [{ members: ['Nina Simone'] }, { members: ['Dave Brubeck'] }] });
    const response = await api.request(`/cuviewTV/get_chapters/${video.id}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/vtt/);
    const text = await response.text();
    expect(text.startsWith('WEBVTT\n')).toBe(true);
    expect(text).toContain('00:00:00.000 --> 00:01:00.000');
    expect(text).toContain('— Nina Simone');
    expect(text).toContain('00:01:00.000 --> 00:02:00.000');
    const hidden = await f.video({ status: Status.Off });
    expect((await api.request(`/cuviewTV/get_chapters/${hidden.id}/`)).status).toBe(404);
  });
});
