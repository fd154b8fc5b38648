import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  FOOTPRINT_OPTIONS,
  FP_SAMPLE_RATE,
  fingerprint,
  INDEX_OPTIONS,
  QUERY_OPTIONS,
  packPostings,
  type Fingerprint,
} from '@app/recognition';
import { DataSource } from 'typeorm';
import { SynthTrack } from '../../../../libs/recognition/src/testing/synth.js';
import { resample } from '../../../../libs/recognition/src/dsp/resample.js';
import { drumGroove, mixInto, rms } from '../../../../libs/recognition/src/testing/signals.js';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { startTestApi, type TestApi } from '@app/testing';
import { createTrackerApp } from '../bootstrap.js';
import type { RecognisedTrack } from '../recognised/recognised-track.js';
import { MAX_FP_NUMBERS } from './lookup.dto.js';

/** Stores a track's postings as the worker does (AlbumTrackJobsRepository.replaceFingerprints). */
async function storePostings(db: DataSource, trackId: number, fp: Fingerprint): Promise<void> {
  await db.query(
    `INSERT INTO fingerprint_postings (album_track_id, postings, version) VALUES ($1, $2, 0)
     ON CONFLICT (album_track_id) DO UPDATE SET postings = EXCLUDED.postings`,
    [trackId, Buffer.from(packPostings(fp))],
  );
}

/** 5 s heard from `start` of `pcm` played `speed` times fast, tape-style. */
function speedUp(pcm: Float32Array, start: number, speed: number): Float32Array {
  const stretch = pcm.subarray(start * FP_SAMPLE_RATE, Math.ceil((start + 5 * speed + 0.1) * FP_SAMPLE_RATE));
  return resample(stretch, Math.round(FP_SAMPLE_RATE * speed), FP_SAMPLE_RATE).subarray(0, 5 * FP_SAMPLE_RATE);
}

function footprintNumbers(fp: Fingerprint): number[] {
  const numbers: number[] = [];
  for (let i = 0; i < fp.hashes.length; i++) numbers.push(fp.hashes[i]!, fp.ticks[i]!);
  return numbers;
}

/**
 * A song over a drum groove shared with other songs (same recordings, same tempo), the drums
 * twice as loud as the music, at 8 kHz.
 */
function overGroove(seed: number, seconds: number): Float32Array {
  const music = new SynthTrack(seed, seconds).render(FP_SAMPLE_RATE);
  const groove = drumGroove(FP_SAMPLE_RATE, seconds, 120);
  return mixInto(music, groove, (2 * rms(music)) / rms(groove));
}

describe('tracking service', () => {
  let tracker: TestApi;
  /** A second tracker process over the same database. */
  let second: NestFastifyApplication;
  let secondUrl: string;
  let db: DataSource;
  let albumId: number;
  let trackId: number;
  let grooveTrackId: number;
  const song = new SynthTrack(4242, 40);
  const unknownSong = new SynthTrack(777, 12);
  const grooveSong = overGroove(4343, 40);

  beforeAll(async () => {
    tracker = await startTestApi(createTrackerApp, { PUBLIC_URL: 'http://tv.example' });
    db = tracker.app.get(DataSource);
    const [genre] = await db.query(`INSERT INTO genres (title, is_active) VALUES ('Synthwave', true) RETURNING id`);
    const [mood] = await db.query(`INSERT INTO moods (title) VALUES ('Bright') RETURNING id`);
    const [album] = await db.query(
      `INSERT INTO albums (title, catalogue_num, genre_id) VALUES ('Night Drive', 'CUV-001', $1) RETURNING id`,
      [genre.id],
    );
    albumId = album.id;
    const [track] = await db.query(
      `INSERT INTO album_tracks (album_id, position, title, genre_id, mood_id, duration) VALUES ($1, 1, 'Neon Road', $2, $3, 40) RETURNING id`,
      [album.id, genre.id, mood.id],
    );
    trackId = track.id;
    const [member] = await db.query(
      `INSERT INTO members (title, merch_url) VALUES ('The Arcs', 'https://shop.example/arcs') RETURNING id`,
    );
    await db.query(`INSERT INTO album_track_members (album_track_id, member_id) VALUES ($1, $2)`, [trackId, member.id]);
    await db.query(
      `INSERT INTO track_links (album_track_id, kind, url, title) VALUES ($1, 'SPOTIFY', 'https://spotify.example/t/1', 'Spotify'), ($1, 'CUVIEW', 'https://store.example/t/1', 'CUVIEW')`,
      [trackId],
    );
    await storePostings(db, trackId, fingerprint(song.render(FP_SAMPLE_RATE), INDEX_OPTIONS));
    const [grooveTrack] = await db.query(
      `INSERT INTO album_tracks (album_id, position, title, genre_id, mood_id, duration) VALUES ($1, 2, 'Same Beat', $2, $3, 40) RETURNING id`,
      [album.id, genre.id, mood.id],
    );
    grooveTrackId = grooveTrack.id;
    await storePostings(db, grooveTrackId, fingerprint(grooveSong, INDEX_OPTIONS));
    const [video] = await db.query(`INSERT INTO videos (title) VALUES ('Night Drive live') RETURNING id`);
    await db.query(`INSERT INTO watermark_codes (code, video_id, album_track_id) VALUES (123456, $1, $2)`, [
      video.id,
      trackId,
    ]);
    second = await createTrackerApp(tracker.config, { logger: false });
    await second.listen(0, '127.0.0.1');
    secondUrl = `http://127.0.0.1:${(second.getHttpServer().address() as { port: number }).port}`;
  });
  afterAll(async () => {
    await second?.close();
    await tracker?.close();
  });

  /** The track a tracker answers for a footprint, or null for "No match". */
  async function answered(baseUrl: string, numbers: number[]): Promise<RecognisedTrack | null> {
    const response = await fetch(`${baseUrl}/get_info_by_fp_nums`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ fp_numbers: numbers, session_id: 's' }),
    });
    expect(response.status).toBe(200);
    const { result } = (await response.json()) as { result: { fp_track: RecognisedTrack } | null };
    return result?.fp_track ?? null;
  }

  async function answer(baseUrl: string, numbers: number[]): Promise<number | null> {
    return (await answered(baseUrl, numbers))?.track_id ?? null;
  }

  /** A new album track with a song of its own, and a 5 s footprint heard from it. */
  async function newTrack(seed: number, title: string): Promise<{ id: number; song: SynthTrack; heard: number[] }> {
    const [row] = await db.query(
      `INSERT INTO album_tracks (album_id, position, title, duration)
       VALUES ($1, (SELECT max(position) + 1 FROM album_tracks WHERE album_id = $1), $2, 30) RETURNING id`,
      [albumId, title],
    );
    const song = new SynthTrack(seed, 30);
    return { id: row.id, song, heard: footprintNumbers(fingerprint(song.render(FP_SAMPLE_RATE, 9, 5), QUERY_OPTIONS)) };
  }

  it('recognises a 5 s excerpt by its footprint, with the offset inside the track', async () => {
    const excerpt = fingerprint(song.render(FP_SAMPLE_RATE, 17, 5), QUERY_OPTIONS);
    const response = await tracker.request('/get_info_by_fp_nums', {
      method: 'POST',
      json: { fp_numbers: footprintNumbers(excerpt), get_as_link: true, session_id: '1700000000-7' },
    });
    expect(response.status).toBe(200);
    const { result: info } = (await response.json()) as { result: { fp_track: RecognisedTrack; result_link: string } };
    const result = info.fp_track;
    expect(info.result_link).toBe('https://store.example/t/1');
    expect(result.track_id).toBe(trackId);
    expect(result.track_title).toBe('Neon Road');
    expect(Math.abs(result.fp.offset! - 17)).toBeLessThan(0.05);
    expect(result.fp).toMatchObject({ speed: 1, pitch: 1 });
    expect(result.fp.mood).toBe('Bright');
    expect(result.genre_title).toBe('Synthwave');
    expect(result.members).toEqual([
      expect.objectContaining({ title: 'The Arcs', merch_url: 'https://shop.example/arcs' }),
    ]);
    expect(result.culinks.SPOTIFY.url).toBe('https://spotify.example/t/1');
    expect(result.culinks.ITUNES.url).toBe('');
    expect(result.album).toEqual(
      expect.objectContaining({ title: 'Night Drive', cover_url: expect.stringContaining('/image/album/') }),
    );
    expect(result.result_link).toBe('https://store.example/t/1');
  });

  it('recognises an excerpt played 4 % fast (tape-style) and says how fast', async () => {
    // The worker's footprint of a stretch of the song whose playback is 4 % fast: frequencies up 4 %, 5 s of it in 4.8 s.
    const master = song.render(FP_SAMPLE_RATE, 11, 5.3);
    const fast = resample(master, Math.round(FP_SAMPLE_RATE * 1.04), FP_SAMPLE_RATE);
    const excerpt = fingerprint(fast, FOOTPRINT_OPTIONS);
    const response = await tracker.request('/get_info_by_fp_nums', {
      method: 'POST',
      json: { fp_numbers: footprintNumbers(excerpt), session_id: 's' },
    });
    expect(response.status).toBe(200);
    const { result } = (await response.json()) as { result: { fp_track: RecognisedTrack } };
    expect(result.fp_track.track_id).toBe(trackId);
    expect(result.fp_track.fp.speed).toBeGreaterThan(1.03);
    expect(result.fp_track.fp.speed).toBeLessThan(1.05);
    expect(result.fp_track.fp.pitch).toBe(1);
    expect(Math.abs(result.fp_track.fp.offset! - 11)).toBeLessThan(0.1);
  });

  it('answers "No match" for audio that is not in the index', async () => {
    const excerpt = fingerprint(unknownSong.render(FP_SAMPLE_RATE, 3, 5), QUERY_OPTIONS);
    const response = await tracker.request('/get_info_by_fp_nums', {
      method: 'POST',
      json: { fp_numbers: footprintNumbers(excerpt), get_as_link: true, session_id: 's' },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ result: null, message: 'No match' });
  });

  it('answers "No match" for an unknown song whose only likeness to an indexed one is its drum groove', async () => {
    // Other songs over the indexed song's groove (same drum recordings, same tempo), as heard
    // and played 3 % fast; the indexed song itself over that groove is still found.
    for (const seed of [4444, 4545, 4646]) {
      const other = overGroove(seed, 20);
      for (const excerpt of [other.subarray(3 * FP_SAMPLE_RATE, 8 * FP_SAMPLE_RATE), speedUp(other, 11, 1.03)]) {
        const response = await tracker.request('/get_info_by_fp_nums', {
          method: 'POST',
          json: { fp_numbers: footprintNumbers(fingerprint(excerpt, FOOTPRINT_OPTIONS)), session_id: 's' },
        });
        expect(await response.json()).toEqual({ result: null, message: 'No match' });
      }
    }
    const known = fingerprint(grooveSong.subarray(21 * FP_SAMPLE_RATE, 26 * FP_SAMPLE_RATE), FOOTPRINT_OPTIONS);
    const response = await tracker.request('/get_info_by_fp_nums', {
      method: 'POST',
      json: { fp_numbers: footprintNumbers(known), session_id: 's' },
    });
    const { result } = (await response.json()) as { result: { fp_track: RecognisedTrack } };
    expect(result.fp_track.track_id).toBe(grooveTrackId);
    expect(Math.abs(result.fp_track.fp.offset! - 21)).toBeLessThan(0.05);
  });

  it('answers a track the worker stores while both tracker processes run, from their next query, and not once it is deleted', async () => {
    const added = await newTrack(5151, 'Late Addition');
    for (const url of [tracker.baseUrl, secondUrl]) expect(await answer(url, added.heard)).toBeNull();
    await storePostings(db, added.id, fingerprint(added.song.render(FP_SAMPLE_RATE), INDEX_OPTIONS));
    // Queries arriving together share the catch-up round trips, each still after its arrival.
    const together = [tracker.baseUrl, secondUrl].flatMap((url) =>
      Array.from({ length: 6 }, () => answer(url, added.heard)),
    );
    expect(await Promise.all(together)).toEqual(Array(12).fill(added.id));
    // Its details as they are now, though each process answered the track before.
    await db.query(`UPDATE album_tracks SET title = 'Renamed Addition' WHERE id = $1`, [added.id]);
    for (const url of [tracker.baseUrl, secondUrl]) {
      expect((await answered(url, added.heard))?.track_title).toBe('Renamed Addition');
    }
    // New audio for the track: the old song is no longer it, the new one is.
    const replacement = new SynthTrack(5353, 30);
    await storePostings(db, added.id, fingerprint(replacement.render(FP_SAMPLE_RATE), INDEX_OPTIONS));
    const heardNew = footprintNumbers(fingerprint(replacement.render(FP_SAMPLE_RATE, 4, 5), QUERY_OPTIONS));
    for (const url of [tracker.baseUrl, secondUrl]) {
      expect(await answer(url, added.heard)).toBeNull();
      expect(await answer(url, heardNew)).toBe(added.id);
    }
    await db.query('DELETE FROM album_tracks WHERE id = $1', [added.id]);
    for (const url of [tracker.baseUrl, secondUrl]) expect(await answer(url, heardNew)).toBeNull();
  });

  it('finds a track stored while its change notifications were cut off', async () => {
    await db.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE application_name = 'cuview-tracker fingerprint-index' AND datname = current_database()`,
    );
    const added = await newTrack(5454, 'Unheard Write');
    await storePostings(db, added.id, fingerprint(added.song.render(FP_SAMPLE_RATE), INDEX_OPTIONS));
    for (const url of [tracker.baseUrl, secondUrl]) expect(await answer(url, added.heard)).toBe(added.id);
  });

  it('answers each change at once while its listening connection comes back', async () => {
    // One song's postings move between two tracks, each move answered at once, through the loss
    // of the listening connection and its return (RETRY_MS, 1 s, later). A query sent while the
    // new connection connects gets its round trip answered before the LISTEN: that must not
    // count as having heard every change.
    const [a, b] = [await newTrack(5656, 'Moving A'), await newTrack(5657, 'Moving B')];
    const postings = Buffer.from(packPostings(fingerprint(a.song.render(FP_SAMPLE_RATE), INDEX_OPTIONS)));
    await db.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE application_name = 'cuview-tracker fingerprint-index' AND datname = current_database()`,
    );
    // At least 2.5 s (across the reconnection) and at least 11 moves: on a loaded machine a move
    // and its answer can take 250 ms, and 2.5 s alone then held only 10 (a CI run).
    const until = Date.now() + 2500;
    let moves = 0;
    for (let [holder, other] = [a, b]; Date.now() < until || moves <= 10; [holder, other] = [other, holder], moves++) {
      await db.transaction(async (manager) => {
        await manager.query('DELETE FROM fingerprint_postings WHERE album_track_id = $1', [other.id]);
        await manager.query('INSERT INTO fingerprint_postings (album_track_id, postings, version) VALUES ($1, $2, 0)', [
          holder.id,
          postings,
        ]);
      });
      expect(await answer(secondUrl, a.heard)).toBe(holder.id);
    }
    await db.query('DELETE FROM album_tracks WHERE id = ANY($1)', [[a.id, b.id]]);
  });

  it("packs and answers a track indexed as rows by the previous release's worker", async () => {
    const added = await newTrack(5555, 'Old Worker');
    const indexed = fingerprint(added.song.render(FP_SAMPLE_RATE), INDEX_OPTIONS);
    await db.transaction(async (manager) => {
      await manager.query(
        `INSERT INTO fingerprint_hashes (hash, album_track_id, frame)
         SELECT DISTINCT h, $3::int, t FROM unnest($1::int[], $2::int[]) AS x(h, t)`,
        [Array.from(indexed.hashes), Array.from(indexed.ticks), added.id],
      );
      await manager.query('UPDATE album_tracks SET fingerprinted_at = now() WHERE id = $1', [added.id]);
    });
    const [row] = await db.query('SELECT postings FROM fingerprint_postings WHERE album_track_id = $1', [added.id]);
    expect(Buffer.compare(row.postings, Buffer.from(packPostings(indexed)))).toBe(0);
    expect(await answer(secondUrl, added.heard)).toBe(added.id);
  });

  it('resolves a registered watermark code to its track', async () => {
    const response = await tracker.request('/get_info_by_wm_nums/', {
      method: 'POST',
      json: { wm_numbers: [123456, 156, 300, 400], get_as_link: true, session_id: 's', start_pos: 30 },
    });
    expect(response.status).toBe(200);
    const { result } = (await response.json()) as { result: { wm_track: RecognisedTrack; result_link: string } };
    expect(result.wm_track.track_id).toBe(trackId);
    expect(result.wm_track.wm1_info.code).toBe(123456);
    expect(result.result_link).toBe('https://store.example/t/1');
  });

  it('answers unknown codes with "No match" and malformed numbers with a clear 400', async () => {
    const unknown = await tracker.request('/get_info_by_wm_nums', {
      method: 'POST',
      json: { wm_numbers: [999, 156, 300, 400] },
    });
    expect(await unknown.json()).toEqual({ result: null, message: 'No match' });
    const cases: unknown[] = [
      { wm_numbers: [123456, 1, 2, 3] },
      { wm_numbers: ['abc', 156, 300, 400] },
      { wm_numbers: [123456] },
      {},
    ];
    for (const body of cases) {
      const response = await tracker.request('/get_info_by_wm_nums', { method: 'POST', json: body });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toBeTruthy();
    }
    for (const body of [
      { fp_numbers: [1, 2, 3] },
      { fp_numbers: [-5, 1] },
      { fp_numbers: 'x' },
      { fp_numbers: [2 ** 40, 1] },
    ]) {
      const response = await tracker.request('/get_info_by_fp_nums', { method: 'POST', json: body });
      expect(response.status).toBe(400);
    }
  });

  it('takes footprints up to its bound and refuses longer ones', async () => {
    const numbers = (count: number) => Array.from({ length: count }, (_, i) => (i % 2 ? i : 1000 + i));
    const within = await tracker.request('/get_info_by_fp_nums', {
      method: 'POST',
      json: { fp_numbers: numbers(MAX_FP_NUMBERS), session_id: 's' },
    });
    expect(await within.json()).toEqual({ result: null, message: 'No match' });
    const beyond = await tracker.request('/get_info_by_fp_nums', {
      method: 'POST',
      json: { fp_numbers: numbers(MAX_FP_NUMBERS + 2), session_id: 's' },
    });
    expect(beyond.status).toBe(400);
    expect(((await beyond.json()) as { message: string }).message).toMatch(/fp_numbers/);
  });
});
