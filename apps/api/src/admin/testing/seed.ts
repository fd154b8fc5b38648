import type { DataSource } from 'typeorm';

/** Small direct inserts for admin tests: each returns the new id. */
export class Seed {
  private n = 0;

  constructor(private readonly db: DataSource) {}

  private unique(prefix: string): string {
    this.n += 1;
    return `${prefix} ${this.n}`;
  }

  private async insert(sql: string, params: unknown[]): Promise<number> {
    const [row] = await this.db.query(sql, params);
    return row.id;
  }

  name(table: 'genres' | 'moods' | 'tags' | 'video_genres' | 'members' | 'composers', title?: string): Promise<number> {
    return this.insert(`INSERT INTO ${table} (title) VALUES ($1) RETURNING id`, [title ?? this.unique(table)]);
  }

  async album(
    options: { title?: string; catalogueNum?: string; genreId?: number; tracks?: number; trackSeconds?: number } = {},
  ) {
    const albumId = await this.insert(
      'INSERT INTO albums (title, catalogue_num, genre_id) VALUES ($1, $2, $3) RETURNING id',
      [
        options.title ?? this.unique('Album'),
        options.catalogueNum ?? `CAT-${Date.now()}-${++this.n}`,
        options.genreId ?? null,
      ],
    );
    const trackIds: number[] = [];
    for (let position = 1; position <= (options.tracks ?? 3); position++) {
      trackIds.push(
        await this.insert(
          'INSERT INTO album_tracks (album_id, position, title, genre_id, duration) VALUES ($1, $2, $3, $4, $5) RETURNING id',
          [albumId, position, `Track ${position}`, options.genreId ?? null, options.trackSeconds ?? 180],
        ),
      );
    }
    return { albumId, trackIds };
  }

  async trackPeople(trackId: number, members: string[], composers: string[]): Promise<void> {
    for (const title of members) {
      const id = await this.name('members', title);
      await this.db.query('INSERT INTO album_track_members (album_track_id, member_id) VALUES ($1, $2)', [trackId, id]);
    }
    for (const title of composers) {
      const id = await this.name('composers', title);
      await this.db.query('INSERT INTO album_track_composers (album_track_id, composer_id) VALUES ($1, $2)', [
        trackId,
        id,
      ]);
    }
  }

  video(
    options: {
      title?: string;
      status?: number;
      duration?: number;
      processingState?: string;
      originalKey?: string;
    } = {},
  ) {
    const state = options.processingState ?? 'ready';
    // A ready video has its ladder, as the worker leaves it; viewers see no other (viewableVideo).
    return this.insert(
      `INSERT INTO videos (title, status, duration, processing_state, original_key, hls_master_key)
       VALUES ($1, $2, $3, $4, $5, CASE WHEN $4::varchar = 'ready' THEN 'hls/' || md5(random()::text) || '/master.m3u8' END) RETURNING id`,
      [
        options.title ?? this.unique('Video'),
        options.status ?? 1,
        options.duration ?? 120,
        state,
        options.originalKey ?? null,
      ],
    );
  }

  async link(
    table: 'video_genre_links' | 'video_moods' | 'video_tags' | 'video_videogenres',
    videoId: number,
    id: number,
  ) {
    const column = {
      video_genre_links: 'genre_id',
      video_moods: 'mood_id',
      video_tags: 'tag_id',
      video_videogenres: 'video_genre_id',
    }[table];
    await this.db.query(`INSERT INTO ${table} (video_id, ${column}) VALUES ($1, $2)`, [videoId, id]);
  }

  playlist(options: { title?: string; status?: number; userId?: number } = {}) {
    return this.insert('INSERT INTO playlists (title, status, user_id) VALUES ($1, $2, $3) RETURNING id', [
      options.title ?? this.unique('Playlist'),
      options.status ?? 1,
      options.userId ?? null,
    ]);
  }

  async playlistVideos(playlistId: number, videoIds: number[]): Promise<void> {
    for (const [index, videoId] of videoIds.entries()) {
      await this.db.query('INSERT INTO playlist_videos (playlist_id, video_id, position) VALUES ($1, $2, $3)', [
        playlistId,
        videoId,
        index + 1,
      ]);
    }
  }

  async group(options: { title?: string; status?: number } = {}): Promise<number> {
    const [{ next }] = await this.db.query('SELECT COALESCE(MAX(position), 0) + 1 AS next FROM groups');
    return this.insert('INSERT INTO groups (title, status, position) VALUES ($1, $2, $3) RETURNING id', [
      options.title ?? this.unique('Theme'),
      options.status ?? 1,
      next,
    ]);
  }

  async groupPlaylists(groupId: number, playlistIds: number[]): Promise<void> {
    for (const [index, playlistId] of playlistIds.entries()) {
      await this.db.query('INSERT INTO group_playlists (group_id, playlist_id, position) VALUES ($1, $2, $3)', [
        groupId,
        playlistId,
        index + 1,
      ]);
    }
  }

  async banner(videoId: number, playlistId: number, groupId: number, title?: string): Promise<number> {
    const [{ next }] = await this.db.query('SELECT COALESCE(MAX(position), 0) + 1 AS next FROM banner_videos');
    return this.insert(
      'INSERT INTO banner_videos (video_id, playlist_id, group_id, title, status, position) VALUES ($1, $2, $3, $4, 1, $5) RETURNING id',
      [videoId, playlistId, groupId, title ?? this.unique('Banner'), next],
    );
  }

  category(options: { title?: string; status?: number } = {}) {
    return this.insert('INSERT INTO categories (title, status) VALUES ($1, $2) RETURNING id', [
      options.title ?? this.unique('Category'),
      options.status ?? 1,
    ]);
  }
}
