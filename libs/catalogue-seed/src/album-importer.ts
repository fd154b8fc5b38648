import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { extname, join, relative } from 'node:path';
import { parseFile, type IAudioMetadata } from 'music-metadata';
import type { DataSource, EntityManager } from 'typeorm';
import { JobName } from '@app/contracts';
import { contentTypeForKey, type StorageDriver } from '@app/media';
import { Album, AlbumTrack } from '@app/db';
import type { JobQueue, PendingJob } from './services.js';
import { AUDIO_EXTENSIONS, readTrackTags, UnreadableAudioError, type TrackTags } from './tags.js';

export type ImportOutcome = 'new' | 'updated' | 'new audio';

export interface ImportedTrack {
  file: string;
  albumId: number;
  albumTitle: string;
  catalogueNum: string;
  albumTrackId: number;
  title: string;
  position: number;
  duration: number;
  outcome: ImportOutcome;
  /** To be queued once the rows are committed (a worker must be able to read them). */
  jobs: PendingJob[];
}

export interface ImportFailure {
  file: string;
  message: string;
}

export interface ImportSummary {
  imported: ImportedTrack[];
  failed: ImportFailure[];
}

/** Every audio file under `folder`, in a stable order (sorted paths). */
export async function collectAudioFiles(folder: string): Promise<string[]> {
  let info;
  try {
    info = await stat(folder);
  } catch {
    throw new Error(`Folder not found: ${folder}`);
  }
  if (!info.isDirectory()) throw new Error(`Not a folder: ${folder}`);
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && AUDIO_EXTENSIONS.has(extname(e.name).toLowerCase()))
    .map((e) => join(e.parentPath, e.name))
    .sort();
}

/** The stored object's extension, from what the file is rather than what it is called. */
function audioExtension(metadata: IAudioMetadata, file: string): string {
  const container = (metadata.format.container ?? '').toLowerCase();
  const codec = (metadata.format.codec ?? '').toLowerCase();
  if (container.startsWith('mpeg') && codec.includes('layer 3')) return 'mp3';
  if (/m4a|mp4|isom|m4b|3gp/.test(container)) return 'm4a';
  if (container.includes('flac')) return 'flac';
  if (container.includes('ogg')) return 'ogg';
  if (container.includes('wave')) return 'wav';
  if (container.includes('adts')) return 'aac';
  const fromName = extname(file).slice(1).toLowerCase();
  return /^[a-z0-9]{1,8}$/.test(fromName) ? fromName : 'bin';
}

async function sha256(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Finds a row by title ignoring case, or creates it; answers its id. */
async function findOrCreate(
  manager: EntityManager,
  table: 'members' | 'composers' | 'genres' | 'moods',
  title: string,
) {
  // Table names come from the literal union above, never from input.
  const found: { id: number }[] = await manager.query(
    `SELECT id FROM ${table} WHERE lower(title) = lower($1) ORDER BY id LIMIT 1`,
    [title],
  );
  if (found[0]) return found[0].id;
  const created: { id: number }[] = await manager.query(`INSERT INTO ${table} (title) VALUES ($1) RETURNING id`, [
    title,
  ]);
  return created[0]!.id;
}

async function replaceLinks(
  manager: EntityManager,
  table: 'album_track_members' | 'album_track_composers',
  column: 'member_id' | 'composer_id',
  trackId: number,
  ids: number[],
): Promise<void> {
  await manager.query(`DELETE FROM ${table} WHERE album_track_id = $1`, [trackId]);
  if (ids.length > 0) {
    await manager.query(
      `INSERT INTO ${table} (album_track_id, ${column}) SELECT $1, unnest($2::int[]) ON CONFLICT DO NOTHING`,
      [trackId, ids],
    );
  }
}

/**
 * Album import (`npm run import:albums -- <folder>`): reads each file's tags, finds or creates
 * the album by catalogue number, the track by album and position, and its artists, composers,
 * genre and mood ignoring case; stores the audio under a key made from its content, so
 * importing the same file again changes nothing but the tags, and a changed file gets new
 * excerpt and fingerprint jobs.
 */
export class AlbumImporter {
  constructor(private readonly storage: StorageDriver) {}

  async readTags(file: string): Promise<{ tags: TrackTags; metadata: IAudioMetadata }> {
    let metadata: IAudioMetadata;
    try {
      metadata = await parseFile(file, { duration: true, skipCovers: true });
    } catch (error) {
      throw new UnreadableAudioError(`cannot read it as audio (${(error as Error).message})`);
    }
    return { tags: readTrackTags(file, metadata), metadata };
  }

  /** Imports one file inside the caller's transaction. */
  async importFile(manager: EntityManager, file: string): Promise<ImportedTrack> {
    const { tags, metadata } = await this.readTags(file);
    const key = `audio/sha256/${(await sha256(file)).slice(0, 40)}.${audioExtension(metadata, file)}`;
    if (!(await this.storage.exists(key))) await this.storage.putFile(key, file, contentTypeForKey(key));

    const genreId = tags.genre ? await findOrCreate(manager, 'genres', tags.genre) : null;
    const moodId = tags.mood ? await findOrCreate(manager, 'moods', tags.mood) : null;

    const albums = manager.getRepository(Album);
    let album = await albums.findOneBy({ catalogueNum: tags.catalogueNum });
    if (!album) {
      album = await albums.save(albums.create({ title: tags.album, catalogueNum: tags.catalogueNum, genreId }));
    } else if (album.title !== tags.album || (album.genreId === null && genreId !== null)) {
      await albums.update(album.id, { title: tags.album, genreId: album.genreId ?? genreId });
    }

    const tracks = manager.getRepository(AlbumTrack);
    let track: AlbumTrack | null;
    let position: number;
    if (tags.trackNo !== null) {
      position = tags.trackNo;
      track = await tracks.findOneBy({ albumId: album.id, position });
    } else {
      // No track number: the same title on the same album is the same track.
      track = await tracks
        .createQueryBuilder('t')
        .where('t.album_id = :albumId AND lower(t.title) = lower(:title)', { albumId: album.id, title: tags.title })
        .getOne();
      const last: { max: number | null }[] = await manager.query(
        'SELECT max(position) AS max FROM album_tracks WHERE album_id = $1',
        [album.id],
      );
      position = track?.position ?? (last[0]?.max ?? 0) + 1;
    }

    // A tag the file lacks leaves what the catalogue has (staff may have set a mood by hand).
    const fields = {
      title: tags.title,
      duration: tags.duration,
      ...(genreId !== null || !track ? { genreId } : {}),
      ...(moodId !== null || !track ? { moodId } : {}),
    };
    let outcome: ImportOutcome;
    if (!track) {
      track = await tracks.save(tracks.create({ ...fields, albumId: album.id, position, audioKey: key }));
      outcome = 'new';
    } else if (track.audioKey !== key) {
      // New audio: the old excerpt and fingerprints describe other sound.
      await tracks.update(track.id, { ...fields, audioKey: key, excerptKey: null, fingerprintedAt: null });
      await manager.query('DELETE FROM fingerprint_postings WHERE album_track_id = $1', [track.id]);
      await manager.query('DELETE FROM fingerprint_hashes WHERE album_track_id = $1', [track.id]);
      outcome = 'new audio';
    } else {
      await tracks.update(track.id, fields);
      outcome = 'updated';
    }

    const memberIds: number[] = [];
    for (const name of tags.artists) memberIds.push(await findOrCreate(manager, 'members', name));
    const composerIds: number[] = [];
    for (const name of tags.composers) composerIds.push(await findOrCreate(manager, 'composers', name));
    if (memberIds.length > 0) await replaceLinks(manager, 'album_track_members', 'member_id', track.id, memberIds);
    if (composerIds.length > 0) {
      await replaceLinks(manager, 'album_track_composers', 'composer_id', track.id, composerIds);
    }

    const payload = { albumTrackId: track.id };
    const fresh = outcome !== 'updated';
    const jobs: PendingJob[] = [];
    if (fresh || !track.excerptKey) jobs.push({ name: JobName.TrackExcerpt, payload, rerun: fresh });
    if (fresh || !track.fingerprintedAt) jobs.push({ name: JobName.TrackFingerprint, payload, rerun: fresh });

    return {
      file,
      albumId: album.id,
      albumTitle: tags.album,
      catalogueNum: tags.catalogueNum,
      albumTrackId: track.id,
      title: tags.title,
      position,
      duration: tags.duration,
      outcome,
      jobs,
    };
  }

  /**
   * Imports files one transaction each, queueing each file's jobs after its commit. A file
   * that cannot be read is skipped with a message; the others still import.
   */
  async importFiles(
    dataSource: DataSource,
    queue: JobQueue,
    files: readonly string[],
    log: (line: string) => void,
    root?: string,
  ): Promise<ImportSummary> {
    const summary: ImportSummary = { imported: [], failed: [] };
    for (const [index, file] of files.entries()) {
      const counter = `[${index + 1}/${files.length}]`;
      const shown = root ? relative(root, file) : file;
      try {
        const result = await dataSource.transaction((manager) => this.importFile(manager, file));
        await queue.enqueueAll(result.jobs);
        summary.imported.push(result);
        log(`${counter} ${result.albumTitle} — ${result.title} (${result.outcome})`);
      } catch (error) {
        const message = error instanceof UnreadableAudioError ? error.message : (error as Error).message;
        summary.failed.push({ file, message });
        log(`${counter} skipped ${shown}: ${message}`);
      }
    }
    return summary;
  }
}
