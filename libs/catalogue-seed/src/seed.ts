import type { DataSource, EntityManager } from 'typeorm';
import { ImageKind, JobName, ProcessingState, QueueName, Status } from '@app/contracts';
import { newStorageKey, type StorageDriver } from '@app/media';
import { PasswordHasher } from '@app/common';
import { AlbumImporter, type ImportedTrack } from './album-importer.js';
import {
  ACTIVITIES,
  BANNERS,
  CATEGORIES,
  COMPOSERS,
  GENRES,
  GROUPS,
  MEMBERS,
  MOODS,
  PLAYLISTS,
  TAGS,
  USERS,
  VIDEO_GENRES,
  EMBEDS,
  ALBUMS,
  PLAIN_FILE_LINK,
  PLAIN_FILE_VIDEO,
  type DemoProfile,
} from './demo/catalogue.js';
import { albumCover, artistPhoto, collage, embedPoster, hashOf, scenePicture } from './demo/images.js';
import { trackLinks } from './demo/links.js';
import { renderAlbums } from './demo/music.js';
import { slug } from './demo/media-cache.js';
import { renderVideos, type RenderedVideo } from './demo/videos.js';
import type { JobQueue, PendingJob } from './services.js';
import { waitForQueues } from './wait.js';

export interface SeedOptions {
  profile: DemoProfile;
  /** Where generated media is cached between runs. */
  cacheDir: string;
  /** Do nothing when the database has people in it (the start command's mode). */
  ifEmpty?: boolean;
  /** Replace the catalogue of a database that has one (demo accounts are updated, others kept). */
  reset?: boolean;
  /** Queue the pictures first and wait until the worker has made them, then the rest. */
  waitForPictures?: boolean;
  log?: (line: string) => void;
}

export interface SeedResult {
  /** Why nothing was done, when nothing was. */
  skipped?: string;
  albums: number;
  tracks: number;
  videos: number;
  playlists: number;
  jobs: number;
}

/** Tables the seed fills; --reset empties them (users and their tokens are kept). */
const CATALOGUE_TABLES = [
  'fingerprint_postings',
  'fingerprint_hashes',
  'watermark_codes',
  'banner_videos',
  'group_playlists',
  'groups',
  'playlist_videos',
  'playlists',
  'category_tags',
  'categories',
  'video_tracks',
  'video_genre_links',
  'video_moods',
  'video_activities',
  'video_tags',
  'video_videogenres',
  'videos',
  'track_links',
  'album_track_members',
  'album_track_composers',
  'album_tracks',
  'albums',
  'members',
  'composers',
  'genres',
  'moods',
  'activities',
  'tags',
  'video_genres',
];

/** Title -> id, looked up ignoring case. */
class Ids {
  private readonly map = new Map<string, number>();
  set(title: string, id: number): void {
    this.map.set(title.toLowerCase(), id);
  }
  get(title: string): number {
    const id = this.map.get(title.toLowerCase());
    if (id === undefined) throw new Error(`Demo catalogue refers to an unknown "${title}"`);
    return id;
  }
}

async function insertTitles(
  manager: EntityManager,
  table: string,
  titles: readonly string[],
  extra: (title: string) => Record<string, unknown> = () => ({}),
): Promise<Ids> {
  const ids = new Ids();
  for (const title of titles) {
    const fields = { title, ...extra(title) };
    const columns = Object.keys(fields);
    const rows: { id: number }[] = await manager.query(
      `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id`,
      Object.values(fields),
    );
    ids.set(title, rows[0]!.id);
  }
  return ids;
}

async function link(manager: EntityManager, table: string, columns: [string, string], pairs: [number, number][]) {
  if (pairs.length === 0) return;
  await manager.query(
    `INSERT INTO ${table} (${columns[0]}, ${columns[1]}) SELECT * FROM unnest($1::int[], $2::int[]) ON CONFLICT DO NOTHING`,
    [pairs.map((p) => p[0]), pairs.map((p) => p[1])],
  );
}

/** After rows with explicit ids, each id sequence continues past the largest id. */
async function resetSequences(manager: EntityManager): Promise<void> {
  const serials: { table_name: string; column_name: string }[] = await manager.query(
    `SELECT table_name, column_name FROM information_schema.columns
      WHERE table_schema = current_schema() AND column_default LIKE 'nextval(%'`,
  );
  for (const { table_name: table, column_name: column } of serials) {
    await manager.query(
      `SELECT setval(pg_get_serial_sequence($1, $2), COALESCE((SELECT max(${column}) FROM "${table}"), 0) + 1, false)`,
      [`"${table}"`, column],
    );
  }
}

interface Counts {
  people: number;
  videos: number;
}

async function counts(manager: EntityManager): Promise<Counts> {
  const [row]: { people: string; videos: string }[] = await manager.query(
    `SELECT (SELECT count(*) FROM users WHERE NOT is_guest) AS people, (SELECT count(*) FROM videos) AS videos`,
  );
  return { people: Number(row!.people), videos: Number(row!.videos) };
}

/** Why this run must not seed, or undefined when it may. */
function refusal(found: Counts, options: SeedOptions): { skip?: string; error?: string } {
  if (options.ifEmpty && found.people > 0) {
    return { skip: `the database already has ${found.people} account(s): nothing to do` };
  }
  if (!options.ifEmpty && !options.reset && (found.people > 0 || found.videos > 0)) {
    return {
      error:
        `The database is not empty (${found.people} account(s), ${found.videos} video(s)). ` +
        'Run `npm run seed -- --reset` to replace the catalogue, or `--if-empty` to leave it.',
    };
  }
  return {};
}

/**
 * The demo catalogue (`npm run seed`): generates (or reuses) the music and videos, stores
 * them, writes every row in one transaction, and only then queues the jobs, so a worker
 * never picks up a job whose rows it cannot see.
 */
export async function seedDemoCatalogue(
  dataSource: DataSource,
  storage: StorageDriver,
  queue: JobQueue,
  options: SeedOptions,
): Promise<SeedResult> {
  const log = options.log ?? (() => undefined);
  const none: SeedResult = { albums: 0, tracks: 0, videos: 0, playlists: 0, jobs: 0 };
  const early = refusal(await counts(dataSource.manager), options);
  if (early.error) throw new Error(early.error);
  if (early.skip) return { ...none, skipped: early.skip };

  const { profile } = options;
  const started = Date.now();
  /** A stage's line says when it began, so the log shows what each stage took. */
  const stage = (text: string) => log(`▸ [${((Date.now() - started) / 1000).toFixed(0)} s] ${text}`);
  stage(`making the demo music (${profile.name} catalogue; cached in ${options.cacheDir})`);
  const albums = await renderAlbums(profile, options.cacheDir, log);
  stage('making the demo videos');
  const videos = await renderVideos(profile, albums, options.cacheDir, log);

  const generated = Date.now();
  stage('storing video originals and images');
  const originals = new Map<number, string>();
  const posterKeys = new Map<number, string>();
  for (const rendered of videos) {
    const key = newStorageKey('originals', 'mp4');
    await storage.putFile(key, rendered.path, 'video/mp4');
    originals.set(rendered.video.id, key);
    const poster = newStorageKey('posters', 'jpg');
    await storage.putFile(poster, rendered.poster, 'image/jpeg');
    posterKeys.set(rendered.video.id, poster);
  }
  // The plain-file item plays a file the product serves (no internet needed): a demo video's
  // rendering, stored under the item's own stream prefix, so the media route serves it with
  // the item's access rules and deleting the item removes it.
  const plainFiles = new Map<number, { link: string; duration: number }>();
  const fileSource = videos.find((r) => r.video.id === PLAIN_FILE_VIDEO);
  for (const e of EMBEDS.filter((e) => e.ytLink === PLAIN_FILE_LINK)) {
    if (!fileSource)
      throw new Error(`The plain-file item ${e.id} plays video ${PLAIN_FILE_VIDEO}, not in this profile`);
    const key = `hls/${e.id}/file/${slug(fileSource.video.title)}.mp4`;
    await storage.putFile(key, fileSource.path, 'video/mp4');
    plainFiles.set(e.id, { link: `/cuviewTV/media/${key}`, duration: fileSource.duration });
  }
  const putImage = async (data: Buffer, ext: 'jpg' | 'png'): Promise<string> => {
    const key = newStorageKey('images', ext);
    await storage.put(key, data, ext === 'jpg' ? 'image/jpeg' : 'image/png');
    return key;
  };
  const memberImages = new Map<string, string>();
  for (const m of MEMBERS) {
    memberImages.set(m.title, await putImage(await artistPhoto(ALBUMS[m.album]!.scene, m.title), 'jpg'));
  }
  const genreImages = new Map<string, string>();
  for (const g of GENRES.filter((g) => g.active)) {
    genreImages.set(g.title, await putImage(await scenePicture(g.scene, hashOf(g.title)), 'jpg'));
  }
  const categoryIcons = new Map<string, string>();
  for (const c of CATEGORIES) {
    categoryIcons.set(c.title, await putImage(await scenePicture(c.scene, hashOf(c.title)), 'jpg'));
  }
  // Album art by album title: the profile's albums, and every album a video's art comes from.
  const coverBytes = new Map<string, Buffer>();
  for (const album of ALBUMS)
    coverBytes.set(album.title, await albumCover(album.scene, album.title, album.albumArtist));
  const albumCovers = new Map<number, string>();
  for (const [index, album] of profile.albums.entries()) {
    if (album.tracks.length === 0) continue;
    albumCovers.set(index, await putImage(coverBytes.get(album.title)!, 'jpg'));
  }
  const posters = new Map<number, Buffer>();
  for (const e of EMBEDS) posters.set(e.id, await embedPoster(e.scene, e.title, e.kind));
  const embedThumbs = new Map<number, string>();
  for (const [id, poster] of posters) embedThumbs.set(id, await putImage(poster, 'jpg'));
  // A playlist's cover is a collage of the pictures of its first videos (album art, posters).
  const pictureOf = new Map<number, Buffer>();
  for (const rendered of videos) pictureOf.set(rendered.video.id, coverBytes.get(ALBUMS[rendered.video.album]!.title)!);
  for (const [id, poster] of posters) pictureOf.set(id, poster);
  const playlistThumbs = new Map<number, string>();
  for (const p of PLAYLISTS.filter((p) => !p.personal)) {
    const pictures = [...new Set(p.videos.map((id) => pictureOf.get(id)).filter((b): b is Buffer => Boolean(b)))];
    if (pictures.length > 0) playlistThumbs.set(p.id, await putImage(await collage(pictures), 'jpg'));
  }

  stage('hashing the demo passwords');
  const hasher = new PasswordHasher();
  const hashes = await Promise.all(USERS.map((u) => hasher.hash(u.password)));

  const jobs: PendingJob[] = [];
  const importer = new AlbumImporter(storage);
  const result = await dataSource.transaction(async (manager): Promise<SeedResult> => {
    // Two seeds at once (two start commands) must not both fill the database.
    await manager.query(`SELECT pg_advisory_xact_lock(hashtext('cuview demo seed'))`);
    const check = refusal(await counts(manager), options);
    if (check.error) throw new Error(check.error);
    if (check.skip) return { ...none, skipped: check.skip };
    if (options.reset) {
      stage('removing the previous catalogue');
      await manager.query(`TRUNCATE ${CATALOGUE_TABLES.map((t) => `"${t}"`).join(', ')} RESTART IDENTITY CASCADE`);
    }

    stage('writing lookups and accounts');
    const genres = await insertTitles(
      manager,
      'genres',
      GENRES.map((g) => g.title),
      (title) => {
        const genre = GENRES.find((g) => g.title === title)!;
        return { is_active: genre.active, image_key: genreImages.get(title) ?? null };
      },
    );
    const moods = await insertTitles(manager, 'moods', MOODS);
    const activities = await insertTitles(manager, 'activities', ACTIVITIES);
    const tags = await insertTitles(manager, 'tags', TAGS);
    const videoGenres = await insertTitles(manager, 'video_genres', VIDEO_GENRES);
    await insertTitles(manager, 'composers', COMPOSERS);
    const members = await insertTitles(
      manager,
      'members',
      MEMBERS.map((m) => m.title),
      (title) => {
        const m = MEMBERS.find((x) => x.title === title)!;
        return { title2: m.title2, merch_url: m.merchUrl, image_key: memberImages.get(title) ?? null };
      },
    );
    const userIds = new Map<string, number>();
    for (const [i, user] of USERS.entries()) {
      const rows: { id: number }[] = await manager.query(
        `INSERT INTO users (email, password_hash, first_name, last_name, is_active, is_staff, gives_permission)
         VALUES ($1, $2, $3, $4, true, $5, false)
         ON CONFLICT ((lower(email))) DO UPDATE
           SET password_hash = EXCLUDED.password_hash, is_active = true, is_staff = EXCLUDED.is_staff,
               credentials_changed_at = now()
         RETURNING id`,
        [user.email, hashes[i], user.firstName, user.lastName, user.isStaff],
      );
      userIds.set(user.email, rows[0]!.id);
    }

    stage('importing the albums');
    const imported = new Map<string, ImportedTrack>();
    const files = [...albums.tracks.entries()];
    for (const [index, [where, file]] of files.entries()) {
      const track = await importer.importFile(manager, file.path);
      imported.set(where, track);
      jobs.push(...track.jobs);
      log(`  [${index + 1}/${files.length}] ${track.albumTitle} — ${track.title}`);
    }

    // What tags cannot carry (covers, moods of iTunes files, shop links) comes from the catalogue.
    for (const [where, track] of imported) {
      const [a, t] = where.split(':').map(Number) as [number, number];
      const album = profile.albums[a]!;
      const demoTrack = album.tracks[t]!;
      const cover = albumCovers.get(a);
      if (cover) await manager.query('UPDATE albums SET cover_key = $2 WHERE id = $1', [track.albumId, cover]);
      await manager.query('UPDATE album_tracks SET mood_id = COALESCE(mood_id, $2) WHERE id = $1', [
        track.albumTrackId,
        moods.get(demoTrack.mood),
      ]);
      const firstArtist = MEMBERS.find((m) => demoTrack.artist.startsWith(m.title));
      const links = trackLinks(
        album.title,
        track.catalogueNum,
        track.position,
        firstArtist && { ...firstArtist, id: members.get(firstArtist.title) },
      );
      await manager.query('DELETE FROM track_links WHERE album_track_id = $1', [track.albumTrackId]);
      for (const l of links) {
        await manager.query(
          'INSERT INTO track_links (album_track_id, kind, url, title, image_url) VALUES ($1, $2, $3, $4, $5)',
          [track.albumTrackId, l.kind, l.url, l.title, l.imageUrl],
        );
      }
    }
    const albumIds = new Set([...imported.values()].map((t) => t.albumId));

    stage('writing videos, playlists, themes, banners and categories');
    const now = Date.now();
    const day = 86_400_000;
    const insertVideo = async (
      v: { id: number; title: string; description: string; status: Status; duration: number },
      media: { originalKey: string | null; ytLink: string; state: ProcessingState },
      facets: { genres: string[]; moods: string[]; activities: string[]; tags: string[]; videoGenres: string[] },
      age: number,
    ) => {
      const created = new Date(now - age * day);
      await manager.query(
        `INSERT INTO videos (id, title, description, yt_link, status, duration, original_key, processing_state, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)`,
        [v.id, v.title, v.description, media.ytLink, v.status, v.duration, media.originalKey, media.state, created],
      );
      await link(
        manager,
        'video_genre_links',
        ['video_id', 'genre_id'],
        facets.genres.map((g) => [v.id, genres.get(g)]),
      );
      await link(
        manager,
        'video_moods',
        ['video_id', 'mood_id'],
        facets.moods.map((m) => [v.id, moods.get(m)]),
      );
      await link(
        manager,
        'video_activities',
        ['video_id', 'activity_id'],
        facets.activities.map((x) => [v.id, activities.get(x)]),
      );
      await link(
        manager,
        'video_tags',
        ['video_id', 'tag_id'],
        facets.tags.map((x) => [v.id, tags.get(x)]),
      );
      await link(
        manager,
        'video_videogenres',
        ['video_id', 'video_genre_id'],
        facets.videoGenres.map((x) => [v.id, videoGenres.get(x)]),
      );
    };
    const placeTracks = async (rendered: RenderedVideo) => {
      for (const [i, segment] of rendered.segments.entries()) {
        const track = imported.get(`${segment.album}:${segment.track}`)!;
        await manager.query(
          'INSERT INTO video_tracks (video_id, album_track_id, position, start_time, end_time) VALUES ($1, $2, $3, $4, $5)',
          [rendered.video.id, track.albumTrackId, i + 1, segment.start, segment.end],
        );
      }
    };
    for (const [i, rendered] of videos.entries()) {
      const { video } = rendered;
      await insertVideo(
        { ...video, duration: rendered.duration },
        { originalKey: originals.get(video.id)!, ytLink: '', state: ProcessingState.Queued },
        video,
        videos.length - i,
      );
      await manager.query('UPDATE videos SET thumbnail_key = $2 WHERE id = $1', [video.id, posterKeys.get(video.id)]);
      await placeTracks(rendered);
    }
    for (const e of EMBEDS) {
      const file = plainFiles.get(e.id);
      await insertVideo(
        { ...e, status: Status.On, duration: file?.duration ?? e.duration },
        { originalKey: null, ytLink: file?.link ?? e.ytLink, state: ProcessingState.External },
        e,
        30 + (e.id % 20),
      );
      await manager.query('UPDATE videos SET thumbnail_key = $2 WHERE id = $1', [e.id, embedThumbs.get(e.id)]);
    }
    const videoIds = new Set([...videos.map((v) => v.video.id), ...EMBEDS.map((e) => e.id)]);

    for (const [i, p] of PLAYLISTS.entries()) {
      const stamp = new Date(now - (PLAYLISTS.length - i) * day);
      await manager.query(
        `INSERT INTO playlists (id, title, status, user_id, thumbnail_key, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $6)`,
        [
          p.id,
          p.title,
          p.status,
          p.personal ? userIds.get('viewer@cuview.local') : null,
          playlistThumbs.get(p.id) ?? null,
          stamp,
        ],
      );
      const entries = [...new Set(p.videos)].filter((id) => videoIds.has(id));
      for (const [position, videoId] of entries.entries()) {
        await manager.query('INSERT INTO playlist_videos (playlist_id, video_id, position) VALUES ($1, $2, $3)', [
          p.id,
          videoId,
          position + 1,
        ]);
      }
    }
    for (const [i, g] of GROUPS.entries()) {
      await manager.query('INSERT INTO groups (id, title, status, position) VALUES ($1, $2, $3, $4)', [
        g.id,
        g.title,
        g.status,
        i + 1,
      ]);
      for (const [position, playlistId] of g.playlists.entries()) {
        await manager.query('INSERT INTO group_playlists (group_id, playlist_id, position) VALUES ($1, $2, $3)', [
          g.id,
          playlistId,
          position + 1,
        ]);
      }
    }
    const banners = BANNERS.filter((b) => videoIds.has(b.video));
    for (const [i, b] of banners.entries()) {
      await manager.query(
        'INSERT INTO banner_videos (video_id, playlist_id, group_id, title, status, position) VALUES ($1, $2, $3, $4, $5, $6)',
        [b.video, b.playlist, b.group, b.title, b.status, i + 1],
      );
    }
    for (const c of CATEGORIES) {
      const rows: { id: number }[] = await manager.query(
        'INSERT INTO categories (title, status, icon_key) VALUES ($1, $2, $3) RETURNING id',
        [c.title, c.status, categoryIcons.get(c.title)],
      );
      await link(
        manager,
        'category_tags',
        ['category_id', 'tag_id'],
        c.tags.map((t) => [rows[0]!.id, tags.get(t)]),
      );
    }
    await resetSequences(manager);

    // Images: every object with an uploaded original gets its 300 and 600 px variants.
    const image = (kind: ImageKind, id: number): PendingJob => ({ name: JobName.ImageResize, payload: { kind, id } });
    for (const m of MEMBERS) jobs.push(image(ImageKind.Member, members.get(m.title)));
    for (const g of genreImages.keys()) jobs.push(image(ImageKind.Genre, genres.get(g)));
    for (const id of albumIds) jobs.push(image(ImageKind.Album, id));
    for (const id of playlistThumbs.keys()) jobs.push(image(ImageKind.Playlist, id));
    const categoryRows: { id: number }[] = await manager.query('SELECT id FROM categories ORDER BY id');
    for (const { id } of categoryRows) jobs.push(image(ImageKind.Category, id));
    for (const id of embedThumbs.keys()) jobs.push(image(ImageKind.Video, id));
    for (const id of posterKeys.keys()) jobs.push(image(ImageKind.Video, id));
    for (const rendered of videos) jobs.push({ name: JobName.VideoTranscode, payload: { videoId: rendered.video.id } });

    return {
      albums: albumIds.size,
      tracks: imported.size,
      videos: videoIds.size,
      playlists: PLAYLISTS.length,
      jobs: jobs.length,
    };
  });
  if (result.skipped) return result;
  const committed = Date.now();

  // Every row is new, even where its id is not (--reset, or Redis kept from another database):
  // a finished job with the same id must not stand in for the new one.
  const pictures = jobs.filter((job) => job.name === JobName.ImageResize);
  const rest = jobs.filter((job) => job.name !== JobName.ImageResize);
  stage(`queueing ${pictures.length} pictures`);
  await queue.enqueueAll(pictures.map((job) => ({ ...job, rerun: true })));
  if (options.waitForPictures) {
    // The screens need the pictures, not the ladders: with the CPU to itself the image queue is
    // done in seconds, then the transcodes start. A seed stopped in between leaves its videos
    // queued in Postgres, which the worker's reconciler queues again.
    stage('waiting for the worker to make the pictures');
    await waitForQueues(queue, [QueueName.Image], { log });
  }
  stage(`queueing ${rest.length} jobs (transcodes, excerpts, fingerprints)`);
  // While the pictures were made the worker's reconciler may have queued (and run) some of
  // these from the committed rows: those are kept, older ones replaced.
  await queue.enqueueAll(
    rest.map((job) => ({ ...job, rerun: true })),
    committed,
  );
  log(
    `✔ demo catalogue: ${result.albums} albums, ${result.tracks} tracks, ${result.videos} videos, ` +
      `${result.playlists} playlists in ${((Date.now() - started) / 1000).toFixed(1)} s ` +
      `(media ${((generated - started) / 1000).toFixed(1)} s)`,
  );
  return result;
}
