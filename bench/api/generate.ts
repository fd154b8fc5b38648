import pg from 'pg';
import { facetKeyRows } from '@app/db';

/** Size of the generated catalogue (the figures). */
export const SIZES: CatalogueSizes = {
  videos: 100_000,
  playlists: 5_000,
  personalShare: 0.2,
  users: 200,
  groups: 25,
  playlistsPerGroup: 20,
  tags: 300,
  genres: 40,
  moods: 25,
  activities: 30,
  videoGenres: 30,
  members: 5_000,
  composers: 2_000,
  albums: 5_000,
  tracksPerAlbum: 5,
};

export interface CatalogueSizes {
  videos: number;
  playlists: number;
  personalShare: number;
  users: number;
  groups: number;
  playlistsPerGroup: number;
  tags: number;
  genres: number;
  moods: number;
  activities: number;
  videoGenres: number;
  members: number;
  composers: number;
  albums: number;
  tracksPerAlbum: number;
}

/**
 * The catalogue at another size, in the proportions of SIZES: playlists, people, albums and
 * tags grow with the videos; the short lists a viewer picks from (genres, moods, activities,
 * video genres) and the groups stay as they are.
 */
export function sizesFor(videos: number): CatalogueSizes {
  const f = videos / SIZES.videos;
  const scaled = (n: number) => Math.max(1, Math.round(n * f));
  return {
    ...SIZES,
    videos,
    playlists: Math.max(SIZES.groups * SIZES.playlistsPerGroup, scaled(SIZES.playlists)),
    users: scaled(SIZES.users),
    tags: Math.max(50, scaled(SIZES.tags)),
    members: scaled(SIZES.members),
    composers: scaled(SIZES.composers),
    albums: scaled(SIZES.albums),
  };
}

/** Title words: titles are three of them, so a word matches about 1% of the catalogue. */
export const WORDS = (
  'love night dance blue moon star fire heart rain summer winter river city light dream road ' +
  'soul gold silver sun ocean wild free golden midnight morning shadow storm thunder sky angel ' +
  'paradise heaven rose garden velvet crystal diamond echo electric neon paper glass stone ' +
  'iron steel sugar honey whiskey coffee cherry lemon orange purple green black white red ' +
  'broken lonely happy crazy sweet bitter silent loud slow fast young old little big last ' +
  'first only lost found hidden secret magic wonder miracle ghost spirit rhythm blues jazz ' +
  'rock roll soul funk disco groove beat melody harmony symphony ballad anthem serenade ' +
  'lullaby boogie swing tango samba rumba waltz mambo salsa reggae calypso fiesta carnival ' +
  'parade circus rodeo highway freeway railway harbour island mountain valley desert forest ' +
  'jungle canyon prairie meadow orchard vineyard kingdom empire palace castle tower bridge ' +
  'street avenue boulevard alley corner window door mirror candle lantern compass anchor ' +
  'feather arrow thunderbird phoenix dragon tiger lion wolf eagle raven dove sparrow ' +
  'butterfly firefly caravan voyage journey odyssey horizon frontier galaxy comet rocket ' +
  'satellite planet universe cosmos orbit eclipse aurora twilight sunrise sunset daybreak ' +
  'nightfall evening afternoon weekend holiday birthday wedding reunion farewell goodbye ' +
  'hello tomorrow yesterday forever always never someday somewhere nowhere everywhere ' +
  'beautiful wonderful terrible incredible impossible invisible unstoppable unbreakable ' +
  'montreux paris london berlin tokyo havana lisbon vienna prague rio memphis chicago detroit'
)
  .split(/\s+/)
  .filter(Boolean);

/**
 * Fills a freshly migrated database with a large catalogue, in SQL (generate_series), in a
 * few seconds. Deterministic: the same seed gives the same catalogue.
 */

export async function generateCatalogue(
  url: string,
  log: (line: string) => void,
  sizes: CatalogueSizes = SIZES,
): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const S = sizes;
  const step = async (label: string, sql: string, values: unknown[] = []) => {
    const t0 = Date.now();
    await client.query(sql, values);
    log(`  ${label.padEnd(28)} ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  };
  try {
    await client.query('BEGIN');
    await client.query('SELECT setseed(0.42)');
    // A bulk load, as COPY tools do it: no triggers or foreign-key checks per row (every row
    // is consistent by construction; title_norm, which a trigger keeps, is written directly),
    // and the secondary indexes dropped first and built once at the end: at a million videos
    // that is minutes instead of most of an hour.
    await client.query('SET LOCAL session_replication_role = replica');
    await client.query("SET LOCAL maintenance_work_mem = '256MB'");
    const indexes = (
      await client.query<{ name: string; definition: string }>(
        `SELECT i.indexname AS name, i.indexdef AS definition FROM pg_indexes i
         WHERE i.schemaname = 'public' AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
      )
    ).rows;
    for (const index of indexes) await client.query(`DROP INDEX "${index.name}"`);
    for (const [table, n, prefix] of [
      ['tags', S.tags, 'tag'],
      ['genres', S.genres, 'genre'],
      ['moods', S.moods, 'mood'],
      ['activities', S.activities, 'activity'],
      ['video_genres', S.videoGenres, 'video genre'],
    ] as const) {
      await step(table, `INSERT INTO ${table} (title) SELECT '${prefix} ' || i FROM generate_series(1, $1) i`, [n]);
    }
    await client.query('UPDATE genres SET is_active = true WHERE id <= 10');
    await step(
      'members',
      `INSERT INTO members (title, title2) SELECT initcap(w[1 + (i * 7) % cardinality(w)]) || ' ' ||
        initcap(w[1 + (i * 13 / 5) % cardinality(w)]) || ' ' || i, '' FROM generate_series(1, $1) i, (SELECT $2::text[] AS w) words`,
      [S.members, WORDS],
    );
    await step('composers', `INSERT INTO composers (title) SELECT 'Composer ' || i FROM generate_series(1, $1) i`, [
      S.composers,
    ]);
    await step(
      'albums',
      `INSERT INTO albums (title, catalogue_num) SELECT 'Album ' || i, 'CAT-' || i FROM generate_series(1, $1) i`,
      [S.albums],
    );
    await step(
      'album_tracks',
      `INSERT INTO album_tracks (album_id, position, title, duration, fingerprinted_at)
       SELECT a, p, 'Track ' || a || '-' || p, 120 + (random() * 300)::int, now()
       FROM generate_series(1, $1) a, generate_series(1, $2) p`,
      [S.albums, S.tracksPerAlbum],
    );
    await step(
      'track members/composers',
      `INSERT INTO album_track_members (album_track_id, member_id)
         SELECT DISTINCT t.id, 1 + ((t.id * 37 + k * 101) % $1) FROM album_tracks t, generate_series(0, (t.id % 2)) k;
       INSERT INTO album_track_composers (album_track_id, composer_id)
         SELECT DISTINCT t.id, 1 + ((t.id * 53 + k * 211) % $2) FROM album_tracks t, generate_series(0, (t.id % 2)) k`
        .replace(/\$1/g, String(S.members))
        .replace(/\$2/g, String(S.composers)),
    );
    await step(
      'videos',
      `INSERT INTO videos (title, title_norm, description, status, duration, hls_master_key, processing_state, created_at)
       SELECT t.title, cuview_norm(t.title), t.description, t.status, t.duration, t.hls_master_key, t.processing_state, t.created_at
       FROM (
       SELECT initcap(w[1 + floor(random() * n)::int] || ' ' || w[1 + floor(random() * n)::int] || ' ' ||
                      w[1 + floor(random() * n)::int]) AS title,
              -- Twelve words of description for full-text search (WHERE i > 0 makes the subquery
              -- run per row, not once).
              array_to_string(ARRAY(SELECT w[1 + floor(random() * n)::int] FROM generate_series(1, 12) k WHERE i > 0), ' ') AS description,
              CASE WHEN random() < 0.97 THEN 1 ELSE 0 END AS status,
              120 + floor(random() * 480) AS duration,
              'hls/bench/' || i || '/master.m3u8' AS hls_master_key, 'ready' AS processing_state,
              now() - (i || ' minutes')::interval AS created_at
       FROM generate_series(1, $1) i, (SELECT $2::text[] AS w, cardinality($2::text[]) AS n) words) t`,
      [S.videos, WORDS],
    );
    const tracks = S.albums * S.tracksPerAlbum;
    await step(
      'video_tracks',
      `INSERT INTO video_tracks (video_id, album_track_id, position, start_time, end_time)
       SELECT v.id, 1 + floor(random() * ${tracks})::int, p, (p - 1) * 120, p * 120
       FROM videos v, generate_series(1, 1 + v.id % 3) p`,
    );
    const links: [string, string, number, number][] = [
      ['video_tags', 'tag_id', S.tags, 3],
      ['video_genre_links', 'genre_id', S.genres, 2],
      ['video_moods', 'mood_id', S.moods, 1],
      ['video_activities', 'activity_id', S.activities, 1],
      ['video_videogenres', 'video_genre_id', S.videoGenres, 1],
    ];
    for (const [table, column, n, per] of links) {
      await step(
        table,
        `INSERT INTO ${table} (video_id, ${column})
         SELECT v.id, 1 + floor(random() * ${n})::int FROM videos v, generate_series(1, ${per}) k
         ON CONFLICT DO NOTHING`,
      );
    }
    // What the link tables' triggers keep (off during the bulk load): each video's facet keys.
    await step(
      'video facet keys',
      `UPDATE videos v SET facet_keys = f.keys
       FROM (SELECT video_id, array_agg(k ORDER BY k) AS keys FROM (${facetKeyRows()}) l GROUP BY video_id) f
       WHERE f.video_id = v.id`,
    );
    await step(
      'users',
      `INSERT INTO users (email, password_hash, first_name, last_name, is_active)
       SELECT 'bench' || i || '@example.com', 'x', 'Bench', 'User ' || i, true FROM generate_series(1, $1) i`,
      [S.users],
    );
    const personal = Math.round(S.playlists * S.personalShare);
    await step(
      'playlists',
      `INSERT INTO playlists (title, status, user_id, created_at)
       SELECT initcap(w[1 + (i * 7) % n] || ' ' || w[1 + (i * 11) % n]) || ' ' || i, 1,
              CASE WHEN i > $1 - $2 THEN 1 + i % $3 END, now() - (i || ' hours')::interval
       FROM generate_series(1, $1) i, (SELECT $4::text[] AS w, cardinality($4::text[]) AS n) words`,
      [S.playlists, personal, S.users, WORDS],
    );
    await step(
      'playlist_videos',
      `INSERT INTO playlist_videos (playlist_id, video_id, position)
       SELECT p.id, x.video_id, row_number() OVER (PARTITION BY p.id ORDER BY x.k)
       FROM playlists p
       CROSS JOIN LATERAL (
         SELECT DISTINCT ON (video_id) video_id, k FROM (
           SELECT 1 + floor(random() * ${S.videos} + p.id * 0)::int AS video_id, k
           FROM generate_series(1, 10 + p.id % 31) k) r
         ORDER BY video_id) x`,
    );
    await step(
      'groups',
      `INSERT INTO groups (title, status, position) SELECT 'Group ' || g, 1, g FROM generate_series(1, $1) g;
       INSERT INTO group_playlists (group_id, playlist_id, position)
         SELECT g, (g - 1) * ${S.playlistsPerGroup} + k, k FROM generate_series(1, ${S.groups}) g, generate_series(1, ${S.playlistsPerGroup}) k`.replace(
        '$1',
        String(S.groups),
      ),
    );
    for (const index of indexes) await step(`index ${index.name}`, index.definition);
    await client.query('COMMIT');
    // VACUUM as well: a catalogue that has been live a while has been vacuumed by autovacuum,
    // so index-only scans read no heap; straight after a bulk load nothing is marked visible yet.
    await step('vacuum analyze', 'VACUUM ANALYZE');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}
