import { randomBytes, randomUUID } from 'node:crypto';
import { JwtService } from '@nestjs/jwt';
import type { DataSource, EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';
import { ProcessingState, Status } from '@app/contracts';
import {
  Activity,
  Album,
  AlbumTrack,
  BannerVideo,
  Category,
  Composer,
  Genre,
  Group,
  GroupPlaylist,
  Member,
  Mood,
  Playlist,
  PlaylistVideo,
  Tag,
  User,
  Video,
  VideoGenre,
  VideoTrack,
} from '@app/db';

/** A track placed on a video: an album track with its artists and composers (created as needed). */
export interface TrackSpec {
  title?: string;
  members?: string[];
  composers?: string[];
  /** Seconds on the video timeline; default: back to back, 60 s each. */
  start?: number;
  end?: number;
  fingerprinted?: boolean;
}

export interface VideoSpec {
  id?: number;
  title?: string;
  description?: string;
  duration?: number;
  status?: Status;
  ytLink?: string;
  /** Storage key of the HLS master playlist; null = plays from yt_link only. */
  hlsMasterKey?: string | null;
  thumbnailKey?: string | null;
  tags?: string[];
  genres?: string[];
  moods?: string[];
  activities?: string[];
  videoGenres?: string[];
  tracks?: TrackSpec[];
}

export interface PlaylistSpec {
  id?: number;
  title?: string;
  status?: Status;
  /** The owner of a personal playlist; none for editorial playlists. */
  user?: User | null;
  videos?: (Video | number)[];
  thumbnailKey?: string | null;
  createdAt?: Date;
}

export interface GroupSpec {
  id?: number;
  title?: string;
  status?: Status;
  position?: number;
  playlists?: (Playlist | number)[];
}

export interface UserSpec {
  email?: string;
  firstName?: string;
  lastName?: string;
  isStaff?: boolean;
  isGuest?: boolean;
  isActive?: boolean;
}

const idOf = (item: { id: number } | number) => (typeof item === 'number' ? item : item.id);

/**
 * Test data written straight to the database through the entities, for integration tests and
 * seeds: videos with tags, genres, moods, activities, video genres and tracks (with artists and
 * composers), playlists, groups, categories, banners and users with access tokens. Lookup
 * values are found or created by title; ids can be chosen (e.g. the spec's playlist 251).
 */
export class TestFactories {
  private seq = 0;
  private lookups: Promise<unknown> = Promise.resolve();
  private readonly jwt: JwtService | null;

  constructor(
    private readonly db: DataSource,
    jwtSecret?: string,
  ) {
    this.jwt = jwtSecret ? new JwtService({ secret: jwtSecret, signOptions: { algorithm: 'HS256' } }) : null;
  }

  private next(): number {
    this.seq += 1;
    return this.seq;
  }

  async user(spec: UserSpec = {}): Promise<User> {
    const n = this.next();
    return this.db.getRepository(User).save({
      email: spec.email ?? `user${n}.${randomBytes(4).toString('hex')}@example.com`,
      passwordHash: 'not-a-real-hash',
      firstName: spec.firstName ?? (spec.isGuest ? '' : `First${n}`),
      lastName: spec.lastName ?? (spec.isGuest ? '' : `Last${n}`),
      isActive: spec.isActive ?? true,
      isStaff: spec.isStaff ?? false,
      isGuest: spec.isGuest ?? false,
      // A second in the past so a token signed right now is never "older than the password".
      credentialsChangedAt: new Date(Date.now() - 2000),
    });
  }

  /** An access token as the auth endpoints issue it (HS256, token_type access). */
  token(user: User, ttlSeconds = 300): string {
    if (!this.jwt) throw new Error('TestFactories needs the JWT secret to sign tokens');
    return this.jwt.sign({ token_type: 'access', user_id: user.id, jti: randomUUID() }, { expiresIn: ttlSeconds });
  }

  tag = (title: string) => this.lookup(Tag, title);
  genre = (title: string, isActive = false) => this.lookup(Genre, title, { isActive });
  mood = (title: string) => this.lookup(Mood, title);
  activity = (title: string) => this.lookup(Activity, title);
  videoGenre = (title: string) => this.lookup(VideoGenre, title);
  member = (title: string, extra: Partial<Member> = {}) => this.byTitle(Member, title, extra);
  composer = (title: string) => this.byTitle(Composer, title);

  async video(spec: VideoSpec = {}): Promise<Video> {
    const n = this.next();
    const hasStream = spec.hlsMasterKey !== null;
    const video = await this.db.getRepository(Video).save({
      title: spec.title ?? `Video ${n}`,
      description: spec.description ?? '',
      duration: spec.duration ?? 60 * Math.max(1, spec.tracks?.length ?? 1),
      status: spec.status ?? Status.On,
      ytLink: spec.ytLink ?? '',
      hlsMasterKey: hasStream ? (spec.hlsMasterKey ?? `videos/${n}/hls/master.m3u8`) : null,
      thumbnailKey: spec.thumbnailKey ?? null,
      processingState: hasStream ? ProcessingState.Ready : ProcessingState.External,
      tags: await Promise.all((spec.tags ?? []).map((t) => this.tag(t))),
      genres: await Promise.all((spec.genres ?? []).map((t) => this.genre(t))),
      moods: await Promise.all((spec.moods ?? []).map((t) => this.mood(t))),
      activities: await Promise.all((spec.activities ?? []).map((t) => this.activity(t))),
      videoGenres: await Promise.all((spec.videoGenres ?? []).map((t) => this.videoGenre(t))),
    });
    if (spec.id) await this.moveId('videos', video, spec.id);
    let start = 0;
    for (const [index, track] of (spec.tracks ?? []).entries()) {
      const from = track.start ?? start;
      const to = track.end ?? from + 60;
      start = to;
      const albumTrack = await this.albumTrack(track, n, index);
      await this.db.getRepository(VideoTrack).save({
        videoId: video.id,
        albumTrackId: albumTrack.id,
        position: index + 1,
        startTime: from,
        endTime: to,
      });
    }
    return video;
  }

  async playlist(spec: PlaylistSpec = {}): Promise<Playlist> {
    const n = this.next();
    const playlist = await this.db.getRepository(Playlist).save({
      title: spec.title ?? `Playlist ${n}`,
      status: spec.status ?? Status.On,
      userId: spec.user?.id ?? null,
      thumbnailKey: spec.thumbnailKey ?? null,
      ...(spec.createdAt ? { createdAt: spec.createdAt } : {}),
    });
    if (spec.id) await this.moveId('playlists', playlist, spec.id);
    await this.db
      .getRepository(PlaylistVideo)
      .save((spec.videos ?? []).map((v, i) => ({ playlistId: playlist.id, videoId: idOf(v), position: i + 1 })));
    return playlist;
  }

  async group(spec: GroupSpec = {}): Promise<Group> {
    const n = this.next();
    const position =
      spec.position ?? ((await this.db.query('SELECT COALESCE(max(position), 0) + 1 AS p FROM groups'))[0].p as number);
    const group = await this.db.getRepository(Group).save({
      title: spec.title ?? `Group ${n}`,
      status: spec.status ?? Status.On,
      position,
    });
    if (spec.id) await this.moveId('groups', group, spec.id);
    await this.db
      .getRepository(GroupPlaylist)
      .save((spec.playlists ?? []).map((p, i) => ({ groupId: group.id, playlistId: idOf(p), position: i + 1 })));
    return group;
  }

  async category(spec: { title?: string; status?: Status; tags?: string[]; iconKey?: string | null } = {}) {
    return this.db.getRepository(Category).save({
      title: spec.title ?? `Category ${this.next()}`,
      status: spec.status ?? Status.On,
      iconKey: spec.iconKey ?? null,
      tags: await Promise.all((spec.tags ?? []).map((t) => this.tag(t))),
    });
  }

  async banner(spec: { video: Video; playlist: Playlist; group: Group; title?: string; status?: Status }) {
    const [{ p }] = await this.db.query('SELECT COALESCE(max(position), 0) + 1 AS p FROM banner_videos');
    return this.db.getRepository(BannerVideo).save({
      videoId: spec.video.id,
      playlistId: spec.playlist.id,
      groupId: spec.group.id,
      title: spec.title ?? `Banner ${this.next()}`,
      status: spec.status ?? Status.On,
      position: p,
    });
  }

  /** Runs raw SQL inside a transaction, e.g. to flip a status behind the api's back. */
  sql<T = unknown>(text: string, values: unknown[] = []): Promise<T> {
    return this.db.query(text, values);
  }

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  private async albumTrack(track: TrackSpec, videoSeq: number, index: number): Promise<AlbumTrack> {
    const album = await this.db.getRepository(Album).save({
      title: `Album of video ${videoSeq}`,
      catalogueNum: `T-${videoSeq}-${index}-${randomBytes(3).toString('hex')}`,
    });
    return this.db.getRepository(AlbumTrack).save({
      albumId: album.id,
      position: 1,
      title: track.title ?? `Track ${index + 1}`,
      duration: 60,
      fingerprintedAt: track.fingerprinted ? new Date() : null,
      members: await Promise.all((track.members ?? []).map((m) => this.member(m))),
      composers: await Promise.all((track.composers ?? []).map((c) => this.composer(c))),
    });
  }

  /** Lookup tables are unique by lower(title): find or create. */
  private lookup<T extends ObjectLiteral & { id: number; title: string }>(
    entity: EntityTarget<T>,
    title: string,
    extra: Partial<T> = {},
  ): Promise<T> {
    // One at a time, so videos created in parallel share their tags instead of racing to insert them.
    const result = this.lookups.then(async () => {
      const repo = this.db.getRepository(entity);
      const found = await repo.createQueryBuilder('x').where('lower(x.title) = lower(:title)', { title }).getOne();
      return found ?? repo.save({ title, ...extra } as unknown as T);
    });
    this.lookups = result.catch(() => undefined);
    return result;
  }

  /** Artists and composers are not unique by title; the same title in one test means the same one. */
  private async byTitle<T extends ObjectLiteral & { id: number; title: string }>(
    entity: EntityTarget<T>,
    title: string,
    extra: Partial<T> = {},
  ): Promise<T> {
    return this.lookup(entity, title, extra);
  }

  /**
   * Gives a just-created row a chosen id (TypeORM never inserts one into a generated column),
   * then moves the serial past it so later inserts do not collide. Links made so far follow
   * through ON UPDATE CASCADE.
   */
  private async moveId(table: string, row: { id: number }, id: number): Promise<void> {
    await this.db.query(`UPDATE ${table} SET id = $1 WHERE id = $2`, [id, row.id]);
    row.id = id;
    await this.db.query(
      `SELECT setval(pg_get_serial_sequence($1, 'id'), GREATEST($2::bigint, (SELECT COALESCE(max(id), 1) FROM ${table})))`,
      [table, id],
    );
  }
}
